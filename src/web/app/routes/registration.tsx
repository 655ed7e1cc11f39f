import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formErrorMessage } from '#shared/form-posts.ts';
import type { RegisterInput } from '#shared/schemas/user.ts';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { errorMessage } from '#web/lib/error-message.ts';
import { refreshSession } from '#web/features/accounts/api/get-session.ts';
import { AuthLayout } from '#web/features/accounts/components/auth-layout.tsx';
import { GoogleButton } from '#web/features/accounts/components/google-button.tsx';
import { OrDivider } from '#web/features/accounts/components/or-divider.tsx';
import { startGoogleSignIn } from '#web/features/accounts/api/google-sign-in.ts';
import { lazyZodResolver } from '#web/lib/lazy-resolver.ts';

const registerInputResolver = lazyZodResolver<RegisterInput>(() =>
  import('#shared/schemas/user.ts').then((schemas) => schemas.RegisterInput),
);

const AFTER_SIGN_UP = '/dashboard';

/** SPEC §2 Registration: name, email and password, Google, a link to login; then the dashboard. */
export function RegistrationPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  // A form posted before the app took over comes back with the server's code (form-posts.ts).
  const [errors, setErrors] = useState<string[]>(() => {
    const failure = formErrorMessage(searchParams.get('error'));
    return failure ? [failure] : [];
  });
  const [googlePending, setGooglePending] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors: fieldErrors, isSubmitting },
  } = useForm<RegisterInput>({
    resolver: registerInputResolver,
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit(async ({ name, email, password }) => {
    setErrors([]);
    // SPEC §8: the messages of account creation and of what follows it show together.
    const messages: string[] = [];
    try {
      const { authClient, authErrorMessage } = await import('#web/lib/auth-client.ts');
      const { error } = await authClient.signUp.email({ name, email, password });
      if (error) {
        messages.push(authErrorMessage(error));
      } else {
        const user = await refreshSession(queryClient).catch((failure: unknown) => {
          messages.push(errorMessage(failure));
          return null;
        });
        if (!user && messages.length === 0) messages.push('Your account was created. Please log in.');
      }
    } catch (failure) {
      messages.push(errorMessage(failure));
    }
    if (messages.length > 0) return setErrors(messages);
    await navigate(AFTER_SIGN_UP);
  });

  const onGoogle = async () => {
    setErrors([]);
    setGooglePending(true);
    const failure = await startGoogleSignIn(AFTER_SIGN_UP);
    if (failure) {
      setErrors([failure]);
      setGooglePending(false);
    }
  };

  return (
    <AuthLayout
      eyebrow="New account"
      title="Registration"
      intro="Create your Torque account to buy tools by the quantity you need and follow every order."
    >
      {/* Posted to the server as a form until the app takes the page over: never a GET with the password. */}
      <form
        method="post"
        action="/registration"
        noValidate
        onFocus={registerInputResolver.preload}
        onSubmit={onSubmit}
        className="space-y-5"
      >
        <TextField label="Name" autoComplete="name" error={fieldErrors.name?.message} {...register('name')} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={fieldErrors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          error={fieldErrors.password?.message}
          {...register('password')}
        />
        <SubmitButton pending={isSubmitting}>Sign Up</SubmitButton>
      </form>
      <FormAlert messages={errors} className="mt-5" />
      <OrDivider />
      <GoogleButton pending={googlePending} onClick={() => void onGoogle()} />
      <p className="mt-8 text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link to="/login" className="link font-semibold text-rust">
          Log in instead
        </Link>
      </p>
    </AuthLayout>
  );
}
