import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formErrorMessage } from '#shared/form-posts.ts';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { errorMessage } from '#web/lib/error-message.ts';
import { toast } from '#web/lib/toast.ts';
import type { ResetPasswordInput } from '#web/features/accounts/auth-forms.ts';
import { AuthLayout } from '#web/features/accounts/components/auth-layout.tsx';
import { lazyZodResolver } from '#web/lib/lazy-resolver.ts';

const resetPasswordInputResolver = lazyZodResolver<ResetPasswordInput>(() =>
  import('#web/features/accounts/auth-forms.ts').then((schemas) => schemas.ResetPasswordInput),
);

const INVALID_LINK = 'This reset link is invalid or has expired. Ask for a new one.';

/**
 * The page a reset mail links to: /reset-password?token=… (or ?error=INVALID_TOKEN from better-auth).
 * A form posted before the app took over comes back with the server's ?error=<code> and the token.
 */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const failure = formErrorMessage(searchParams.get('error'));
  const linkBroken = !token || (searchParams.has('error') && !failure);
  const [errors, setErrors] = useState<string[]>(linkBroken ? [INVALID_LINK] : failure ? [failure] : []);
  const {
    register,
    handleSubmit,
    formState: { errors: fieldErrors, isSubmitting },
  } = useForm<ResetPasswordInput>({
    resolver: resetPasswordInputResolver,
    defaultValues: { newPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setErrors([]);
    try {
      const { authClient, authErrorMessage } = await import('#web/lib/auth-client.ts');
      const { error } = await authClient.resetPassword({ newPassword, token: token ?? '' });
      if (error) return setErrors([authErrorMessage(error)]);
      toast.success('Password changed. Please log in.');
      await navigate('/login', { replace: true });
    } catch (failure) {
      setErrors([errorMessage(failure)]);
    }
  });

  return (
    <AuthLayout
      eyebrow="Account help"
      title="Choose a new password"
      intro="Pick a password of at least 8 characters. Devices signed in with the old one are signed out."
    >
      {!linkBroken && (
        <form
          method="post"
          action="/reset-password"
          noValidate
          onFocus={resetPasswordInputResolver.preload}
          onSubmit={onSubmit}
          className="space-y-5"
        >
          <input type="hidden" name="token" value={token} />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            error={fieldErrors.newPassword?.message}
            {...register('newPassword')}
          />
          <SubmitButton pending={isSubmitting}>Save new password</SubmitButton>
        </form>
      )}
      <FormAlert messages={errors} className={linkBroken ? '' : 'mt-5'} />
      <p className="mt-8 text-center text-sm text-slate-600">
        <Link to="/forgot-password" className="link font-semibold text-rust">
          Ask for a new reset link
        </Link>
      </p>
    </AuthLayout>
  );
}
