import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formErrorField, formErrorMessage } from '#shared/form-posts.ts';
import type { RegisterInput } from '#shared/schemas/user.ts';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { useFormFill } from '#web/lib/form-fill.ts';
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
const FIELDS = ['name', 'email', 'password'] as const;

/** The messages of the fields a sign-up's refusal names (the API's error shape), by field. */
function refusedFields(error: unknown): Partial<Record<(typeof FIELDS)[number], string>> {
  const fields = (error as { error?: { fields?: unknown } } | null)?.error?.fields;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    FIELDS.flatMap((name) => {
      const message = (fields as Record<string, unknown>)[name];
      return typeof message === 'string' ? [[name, message]] : [];
    }),
  );
}

/** SPEC §2 Registration: name, email and password, Google, a link to login; then the dashboard. */
export function RegistrationPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  // A form posted before the app took over comes back with the server's code (form-posts.ts):
  // a refused name under the Name field, anything else above the rest.
  const posted = searchParams.get('error');
  const [errors, setErrors] = useState<string[]>(() => {
    const failure = formErrorMessage(posted);
    return failure && !formErrorField(posted) ? [failure] : [];
  });
  const [postedNameError, setPostedNameError] = useState(() =>
    formErrorField(posted) === 'name' ? formErrorMessage(posted) : undefined,
  );
  const [googlePending, setGooglePending] = useState(false);
  // A refused sign-up posted before the app took over comes back with its name and email.
  const { name = '', email = '' } = useFormFill();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors: fieldErrors, isSubmitting },
  } = useForm<RegisterInput>({
    resolver: registerInputResolver,
    defaultValues: { name, email, password: '' },
  });

  const onSubmit = handleSubmit(async ({ name, email, password }) => {
    setErrors([]);
    // SPEC §8: the messages of account creation and of what follows it show together.
    const messages: string[] = [];
    try {
      const { authClient, authErrorMessage } = await import('#web/lib/auth-client.ts');
      const { error } = await authClient.signUp.email({ name, email, password });
      if (error) {
        // What the server refuses at a field (the name, the email) shows under it.
        const refused = Object.entries(refusedFields(error));
        refused.forEach(([field, message], index) =>
          setError(field as (typeof FIELDS)[number], { message }, { shouldFocus: index === 0 }),
        );
        if (refused.length > 0) return;
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
        onSubmit={(event) => {
          setPostedNameError(undefined);
          return onSubmit(event);
        }}
        className="space-y-5"
      >
        <TextField
          label="Name"
          autoComplete="name"
          error={fieldErrors.name?.message ?? postedNameError}
          // Drawn in the server's HTML too, where the form's own defaults are not.
          defaultValue={name}
          {...register('name')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={fieldErrors.email?.message}
          defaultValue={email}
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
