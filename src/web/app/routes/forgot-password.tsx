import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { formErrorMessage } from '#shared/form-posts.ts';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { useFormFill } from '#web/lib/form-fill.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import type { ForgotPasswordInput } from '#web/features/accounts/auth-forms.ts';
import { AuthLayout } from '#web/features/accounts/components/auth-layout.tsx';
import { lazyZodResolver } from '#web/lib/lazy-resolver.ts';

const forgotPasswordInputResolver = lazyZodResolver<ForgotPasswordInput>(() =>
  import('#web/features/accounts/auth-forms.ts').then((schemas) => schemas.ForgotPasswordInput),
);

/** Asks for a reset link by mail; the link opens /reset-password?token=… . */
export function ForgotPasswordPage() {
  // A form posted before the app took over comes back with ?sent=1 or the server's ?error=<code>.
  const [searchParams] = useSearchParams();
  const [sent, setSent] = useState(searchParams.has('sent'));
  const [errors, setErrors] = useState<string[]>(() => {
    const failure = formErrorMessage(searchParams.get('error'));
    return failure ? [failure] : [];
  });
  const confirmation = useRef<HTMLParagraphElement>(null);
  // A refused request posted before the app took over comes back with its email.
  const { email = '' } = useFormFill();
  const {
    register,
    handleSubmit,
    formState: { errors: fieldErrors, isSubmitting },
  } = useForm<ForgotPasswordInput>({
    resolver: forgotPasswordInputResolver,
    defaultValues: { email },
  });

  useEffect(() => {
    if (sent) confirmation.current?.focus();
  }, [sent]);

  const onSubmit = handleSubmit(async ({ email }) => {
    setErrors([]);
    try {
      const { authClient, authErrorMessage } = await import('#web/lib/auth-client.ts');
      const { error } = await authClient.requestPasswordReset({ email, redirectTo: '/reset-password' });
      if (error) return setErrors([authErrorMessage(error)]);
      setSent(true);
    } catch (failure) {
      setErrors([errorMessage(failure)]);
    }
  });

  return (
    <AuthLayout
      eyebrow="Account help"
      title="Reset your password"
      intro={
        sent ? undefined : "Enter your account's email and we will send you a link to choose a new password."
      }
    >
      {sent ? (
        <div className="space-y-6">
          <p
            ref={confirmation}
            tabIndex={-1}
            role="status"
            className="rounded-field border border-success/30 bg-success/5 px-4 py-3 font-medium text-success focus:outline-none"
          >
            If an account exists for that email, a reset link is on its way.
          </p>
          <p className="text-sm text-slate-600">
            The link works for one hour. Nothing arrived? Check your spam folder, or{' '}
            <button type="button" className="link font-semibold text-rust" onClick={() => setSent(false)}>
              send another link
            </button>
            .
          </p>
        </div>
      ) : (
        <>
          <form
            method="post"
            action="/forgot-password"
            noValidate
            onFocus={forgotPasswordInputResolver.preload}
            onSubmit={onSubmit}
            className="space-y-5"
          >
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              error={fieldErrors.email?.message}
              // Drawn in the server's HTML too, where the form's own defaults are not.
              defaultValue={email}
              {...register('email')}
            />
            <SubmitButton pending={isSubmitting}>Send reset link</SubmitButton>
          </form>
          <FormAlert messages={errors} className="mt-5" />
        </>
      )}
      <p className="mt-8 text-center text-sm text-slate-600">
        Remembered it?{' '}
        <Link to="/login" className="link font-semibold text-rust">
          Back to login
        </Link>
      </p>
    </AuthLayout>
  );
}
