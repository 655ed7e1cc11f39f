import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FORM_ERRORS } from '#shared/form-posts.ts';
import { AppForm } from '#web/components/ui/app-form.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import { lazyZodResolver } from '#web/lib/lazy-resolver.ts';
import { toast } from '#web/lib/toast.ts';
import { type ChangePasswordBody, useChangePassword } from '#web/features/accounts/api/change-password.ts';

const changePasswordResolver = lazyZodResolver<ChangePasswordBody>(() =>
  import('#web/features/accounts/auth-forms.ts').then((schemas) => schemas.ChangePasswordInput),
);

const EMPTY: ChangePasswordBody = { currentPassword: '', newPassword: '' };

/** better-auth's refusals (their codes, as the store's error shape lowers them), said for this form. */
function refusal(
  failure: unknown,
  sent: ChangePasswordBody,
): { field: keyof ChangePasswordBody; message: string } | { message: string } {
  const code = failure instanceof ApiRequestError ? failure.code : '';
  switch (code) {
    case 'invalid_password':
      return { field: 'currentPassword', message: 'That is not your current password.' };
    case 'password_too_short':
      return { field: 'newPassword', message: FORM_ERRORS.password_too_short };
    case 'password_too_long':
      // Said of whichever is longer: better-auth checks the new one first, then the current one.
      return sent.newPassword.length >= sent.currentPassword.length
        ? { field: 'newPassword', message: FORM_ERRORS.password_too_long }
        : { field: 'currentPassword', message: 'That is not your current password.' };
    case 'credential_account_not_found':
      return {
        message:
          'Your account signs in with Google and has no password to change. To add one, use “Forgot password?” on the login page.',
      };
    case 'unauthorized':
      return { message: 'Your session has ended. Please log in again.' };
    default:
      return { message: errorMessage(failure) };
  }
}

/**
 * Beyond SPEC: a new password for the signed-in account. Every other device is signed out by it;
 * this tab goes on with the new session the answer brings.
 */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordBody>({ resolver: changePasswordResolver, defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      await change.mutateAsync(values);
      reset(EMPTY);
      toast.success('Your password is changed. Other devices are signed out.');
    } catch (failure) {
      const said = refusal(failure, values);
      if ('field' in said) setError(said.field, { message: said.message }, { shouldFocus: true });
      else setFormErrors([said.message]);
    }
  });

  return (
    <section
      aria-labelledby="change-password-heading"
      className="rounded-box border border-base-300 p-5 sm:p-6"
    >
      <h2 id="change-password-heading" className="text-lg font-bold text-slate-900">
        Change password
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Other devices signed in to your account are signed out; this one stays signed in.
      </p>
      <AppForm
        onFocus={changePasswordResolver.preload}
        onSubmit={onSubmit}
        className="mt-5 max-w-md space-y-4"
      >
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <div className="sm:max-w-48">
          <SubmitButton pending={isSubmitting}>Change password</SubmitButton>
        </div>
      </AppForm>
      <FormAlert messages={formErrors} className="mt-4" />
    </section>
  );
}
