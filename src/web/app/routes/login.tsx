import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { formErrorMessage } from '#shared/form-posts.ts';
import type { LoginInput } from '#shared/schemas/user.ts';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { errorMessage } from '#web/lib/error-message.ts';
import { useFormFill } from '#web/lib/form-fill.ts';
import { getAdminCheck } from '#web/features/accounts/api/get-admin-check.ts';
import { refreshSession } from '#web/features/accounts/api/get-session.ts';
import type { TwoFactorCodeInput } from '#web/features/accounts/auth-forms.ts';
import { AuthLayout } from '#web/features/accounts/components/auth-layout.tsx';
import { GoogleButton } from '#web/features/accounts/components/google-button.tsx';
import { OrDivider } from '#web/features/accounts/components/or-divider.tsx';
import { googleErrorMessage, startGoogleSignIn } from '#web/features/accounts/api/google-sign-in.ts';
import { CUSTOMER_HOME, needsAdmin, redirectTarget } from '#web/features/accounts/redirect-target.ts';
import { authKeys } from '#web/lib/query-keys.ts';
import { lazyZodResolver } from '#web/lib/lazy-resolver.ts';

const loginInputResolver = lazyZodResolver<LoginInput>(() =>
  import('#shared/schemas/user.ts').then((schemas) => schemas.LoginInput),
);
const twoFactorCodeInputResolver = lazyZodResolver<TwoFactorCodeInput>(() =>
  import('#web/features/accounts/auth-forms.ts').then((schemas) => schemas.TwoFactorCodeInput),
);

/**
 * SPEC §2 Login: email and password, Google, a link to registration; back to where the user came
 * from, unless that is an admin page and the account is a customer's (DESIGN §5.8).
 */
export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  // A password posted before the app took over comes back at the code step (form-posts.ts).
  const postedTwoFactor = searchParams.get('step') === 'two-factor';
  const [step, setStep] = useState<'password' | 'twoFactor'>(postedTwoFactor ? 'twoFactor' : 'password');
  const error = searchParams.get('error');
  const target = redirectTarget(location.state, searchParams.get('redirect'));
  const adminPage = needsAdmin(location.state);

  // Every way in ends here: the session becomes the access token (PUT /user/{email}), then back.
  const finishSignIn = async () => {
    const user = await refreshSession(queryClient);
    if (!user) throw new Error('Sign-in did not complete. Please try again.');
    // Kept for the admin guard, which asks the same and would otherwise sign a customer out again.
    const admin =
      adminPage &&
      (
        await queryClient.fetchQuery({
          queryKey: authKeys.admin(user.email),
          queryFn: ({ signal }) => getAdminCheck(user.email, signal),
        })
      ).admin;
    await navigate(adminPage && !admin ? CUSTOMER_HOME : target, { replace: true });
  };

  return (
    <AuthLayout
      eyebrow="Welcome back"
      title="Login"
      intro={
        step === 'password'
          ? 'Log in to order tools, track your orders and keep your profile up to date.'
          : undefined
      }
    >
      {adminPage && step === 'password' && (
        <p
          role="status"
          className="mb-5 rounded-field border border-warning bg-warning/30 px-4 py-3 font-medium text-slate-900"
        >
          That page needs an admin account.
        </p>
      )}
      {searchParams.has('reset') && step === 'password' && (
        <p
          role="status"
          className="mb-5 rounded-field border border-success/30 bg-success/5 px-4 py-3 font-medium text-success"
        >
          Password changed. Please log in.
        </p>
      )}
      {step === 'password' ? (
        <PasswordStep
          initialError={postedTwoFactor ? undefined : (formErrorMessage(error) ?? googleErrorMessage(error))}
          redirect={target}
          // From an admin page, Google would bring a customer back to it, to be signed out again.
          googleCallback={adminPage ? CUSTOMER_HOME : target}
          onTwoFactor={() => setStep('twoFactor')}
          onSignedIn={finishSignIn}
        />
      ) : (
        <TwoFactorStep
          initialError={postedTwoFactor ? formErrorMessage(error) : undefined}
          redirect={target}
          onSignedIn={finishSignIn}
          onBack={() => setStep('password')}
        />
      )}
    </AuthLayout>
  );
}

interface PasswordStepProps {
  initialError: string | undefined;
  /** Where a sign-in posted without the app goes on to (form-posts.ts on the server). */
  redirect: string;
  googleCallback: string;
  onTwoFactor: () => void;
  onSignedIn: () => Promise<void>;
}

function PasswordStep({
  initialError,
  redirect,
  googleCallback,
  onTwoFactor,
  onSignedIn,
}: PasswordStepProps) {
  const [errors, setErrors] = useState<string[]>(initialError ? [initialError] : []);
  const [googlePending, setGooglePending] = useState(false);
  // A refused sign-in posted before the app took over comes back with its email (never the password).
  const { email = '' } = useFormFill();
  const {
    register,
    handleSubmit,
    formState: { errors: fieldErrors, isSubmitting },
  } = useForm<LoginInput>({
    resolver: loginInputResolver,
    defaultValues: { email, password: '' },
  });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setErrors([]);
    try {
      const { authClient, authErrorMessage } = await import('#web/lib/auth-client.ts');
      const { data, error } = await authClient.signIn.email({ email, password });
      if (error) return setErrors([authErrorMessage(error)]);
      if (data && 'twoFactorRedirect' in data && data.twoFactorRedirect) return onTwoFactor();
      await onSignedIn();
    } catch (error) {
      setErrors([errorMessage(error)]);
    }
  });

  const onGoogle = async () => {
    setErrors([]);
    setGooglePending(true);
    const failure = await startGoogleSignIn(googleCallback);
    // On success the browser is leaving for Google; the button stays busy until it does.
    if (failure) {
      setErrors([failure]);
      setGooglePending(false);
    }
  };

  return (
    <>
      {/* Posted to the server as a form until the app takes the page over: never a GET with the password. */}
      <form
        method="post"
        action="/login"
        noValidate
        onFocus={loginInputResolver.preload}
        onSubmit={onSubmit}
        className="space-y-5"
      >
        <input type="hidden" name="redirect" value={redirect} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={fieldErrors.email?.message}
          // Drawn in the server's HTML too, where the form's own defaults are not.
          defaultValue={email}
          {...register('email')}
        />
        <div className="space-y-2">
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            error={fieldErrors.password?.message}
            {...register('password')}
          />
          <p className="text-right text-sm">
            <Link to="/forgot-password" className="link font-semibold text-rust">
              Forgot password?
            </Link>
          </p>
        </div>
        <SubmitButton pending={isSubmitting}>Login</SubmitButton>
      </form>
      <FormAlert messages={errors} className="mt-5" />
      <OrDivider />
      <GoogleButton pending={googlePending} onClick={() => void onGoogle()} />
      <p className="mt-8 text-center text-sm text-slate-600">
        New to Torque?{' '}
        <Link to="/registration" className="link font-semibold text-rust">
          Create an account
        </Link>
      </p>
    </>
  );
}

interface TwoFactorStepProps {
  initialError: string | undefined;
  redirect: string;
  onSignedIn: () => Promise<void>;
  onBack: () => void;
}

/** The second step when the account has two-factor on: an authenticator code, or a backup code. */
function TwoFactorStep({ initialError, redirect, onSignedIn, onBack }: TwoFactorStepProps) {
  const [backup, setBackup] = useState(false);
  const [errors, setErrors] = useState<string[]>(initialError ? [initialError] : []);
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors: fieldErrors, isSubmitting },
  } = useForm<TwoFactorCodeInput>({
    resolver: twoFactorCodeInputResolver,
    defaultValues: { code: '' },
  });

  // The step replaces the password form: move focus to its field, and again when the kind changes.
  useEffect(() => setFocus('code'), [setFocus, backup]);

  const onSubmit = handleSubmit(async ({ code }) => {
    setErrors([]);
    try {
      const { authClient, authErrorMessage } = await import('#web/lib/auth-client.ts');
      const { error } = backup
        ? await authClient.twoFactor.verifyBackupCode({ code })
        : await authClient.twoFactor.verifyTotp({ code });
      if (error) return setErrors([authErrorMessage(error)]);
      await onSignedIn();
    } catch (error) {
      setErrors([errorMessage(error)]);
    }
  });

  const switchKind = () => {
    setErrors([]);
    reset({ code: '' });
    setBackup((value) => !value);
  };

  return (
    <>
      <h2 className="text-xl font-bold text-slate-900">Two-step verification</h2>
      <form
        method="post"
        action="/login/two-factor"
        noValidate
        onFocus={twoFactorCodeInputResolver.preload}
        onSubmit={onSubmit}
        className="mt-5 space-y-5"
      >
        <input type="hidden" name="kind" value={backup ? 'backup' : 'totp'} />
        <input type="hidden" name="redirect" value={redirect} />
        {backup ? (
          <TextField
            key="backup"
            label="Backup code"
            hint="Enter one of the backup codes you saved when you turned on two-factor. Each works once."
            autoComplete="off"
            spellCheck={false}
            error={fieldErrors.code?.message}
            {...register('code')}
          />
        ) : (
          <TextField
            key="totp"
            label="Authentication code"
            hint="Enter the 6-digit code from your authenticator app."
            inputMode="numeric"
            autoComplete="one-time-code"
            error={fieldErrors.code?.message}
            {...register('code')}
          />
        )}
        <SubmitButton pending={isSubmitting}>Verify</SubmitButton>
      </form>
      <FormAlert messages={errors} className="mt-5" />
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm">
        <button type="button" className="link font-semibold text-rust" onClick={switchKind}>
          {backup ? 'Use an authenticator code' : 'Use a backup code'}
        </button>
        <button type="button" className="link text-slate-600" onClick={onBack}>
          Back to login
        </button>
      </div>
    </>
  );
}
