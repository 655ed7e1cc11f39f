import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { UserProfile } from '#shared/schemas/user.ts';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { errorMessage } from '#web/lib/error-message.ts';
import { refreshSession } from '#web/features/accounts/api/get-session.ts';
import type { CurrentPasswordInput, TwoFactorCodeInput } from '#web/features/accounts/auth-forms.ts';
import { profileKeys } from '#web/lib/query-keys.ts';
import { lazyZodResolver } from '#web/lib/lazy-resolver.ts';
import { AppForm } from '#web/components/ui/app-form.tsx';

const currentPasswordInputResolver = lazyZodResolver<CurrentPasswordInput>(() =>
  import('#web/features/accounts/auth-forms.ts').then((schemas) => schemas.CurrentPasswordInput),
);
const twoFactorCodeInputResolver = lazyZodResolver<TwoFactorCodeInput>(() =>
  import('#web/features/accounts/auth-forms.ts').then((schemas) => schemas.TwoFactorCodeInput),
);

const QrCode = lazy(async () => ({ default: (await import('./qr-code.tsx')).QrCode }));

type Step =
  | { name: 'idle' }
  | { name: 'password' }
  | { name: 'enrol'; totpURI: string; backupCodes: string[] }
  | { name: 'turnOff' };

const ON_TEXT = 'Two-factor authentication is on.';

/**
 * Beyond SPEC: turning two-factor sign-in (TOTP, with backup codes) on and off. better-auth replaces
 * the session when it changes, so each change ends by exchanging the new session for a new token.
 */
export function TwoFactorSection({ enabled, email }: { enabled: boolean; email: string }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const stepHeading = useRef<HTMLDivElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  // Each new step takes the focus; going back to the start returns it to the start button.
  useEffect(() => {
    if (step.name === 'idle') {
      if (returnFocus.current) startButton.current?.focus();
      returnFocus.current = false;
    } else {
      returnFocus.current = true;
      stepHeading.current?.querySelector<HTMLElement>('input, [tabindex="-1"]')?.focus();
    }
  }, [step.name]);

  const changed = async (nowEnabled: boolean) => {
    await refreshSession(queryClient);
    queryClient.setQueryData<UserProfile>(profileKeys.detail(email), (old) =>
      old ? { ...old, twoFactorEnabled: nowEnabled } : old,
    );
    await queryClient.invalidateQueries({ queryKey: profileKeys.detail(email) });
    setStep({ name: 'idle' });
  };

  const cancel = () => setStep({ name: 'idle' });

  return (
    <section aria-labelledby="two-factor-heading" className="rounded-box border border-base-300 p-5 sm:p-6">
      <h2 id="two-factor-heading" className="text-lg font-bold text-slate-900">
        Two-factor authentication
      </h2>
      <div ref={stepHeading}>
        {step.name === 'idle' &&
          (enabled ? (
            <div className="mt-3 space-y-4">
              <p className="flex items-center gap-2 font-semibold text-success">
                <span aria-hidden="true" className="size-2.5 rounded-full bg-success" />
                {ON_TEXT}
              </p>
              <p className="text-sm text-slate-600">
                Logging in asks for a code from your authenticator app, or one of your backup codes.
              </p>
              <button
                ref={startButton}
                type="button"
                className="btn btn-outline btn-sm"
                onClick={() => setStep({ name: 'turnOff' })}
              >
                Turn off two-factor
              </button>
            </div>
          ) : (
            <div className="mt-3 space-y-4">
              <p className="text-sm text-slate-600">
                Add a second step to logging in: a code from an authenticator app on your phone, so a stolen
                password alone cannot open your account.
              </p>
              <button
                ref={startButton}
                type="button"
                className="btn btn-neutral btn-sm"
                onClick={() => setStep({ name: 'password' })}
              >
                Enable two-factor
              </button>
            </div>
          ))}

        {step.name === 'password' && (
          <PasswordStep
            submitLabel="Continue"
            intro="Confirm it is you to set up two-factor authentication."
            onCancel={cancel}
            onSubmit={async (password, fail) => {
              const { authClient, authErrorMessage } = await import('#web/lib/auth-client.ts');
              const { data, error } = await authClient.twoFactor.enable({ password });
              if (error || !data || !('totpURI' in data) || !data.totpURI) {
                return fail(authErrorMessage(error));
              }
              setStep({ name: 'enrol', totpURI: data.totpURI, backupCodes: data.backupCodes ?? [] });
            }}
          />
        )}

        {step.name === 'enrol' && (
          <EnrolStep
            totpURI={step.totpURI}
            backupCodes={step.backupCodes}
            onCancel={cancel}
            onVerified={() => changed(true)}
          />
        )}

        {step.name === 'turnOff' && (
          <PasswordStep
            submitLabel="Turn off"
            intro="Confirm it is you to turn off two-factor authentication."
            onCancel={cancel}
            onSubmit={async (password, fail) => {
              const { authClient, authErrorMessage } = await import('#web/lib/auth-client.ts');
              const { error } = await authClient.twoFactor.disable({ password });
              if (error) return fail(authErrorMessage(error));
              await changed(false);
            }}
          />
        )}
      </div>
    </section>
  );
}

interface PasswordStepProps {
  intro: string;
  submitLabel: string;
  onCancel: () => void;
  onSubmit: (password: string, fail: (message: string) => void) => Promise<void>;
}

function PasswordStep({ intro, submitLabel, onCancel, onSubmit }: PasswordStepProps) {
  const [errors, setErrors] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    formState: { errors: fieldErrors, isSubmitting },
  } = useForm<CurrentPasswordInput>({
    resolver: currentPasswordInputResolver,
    defaultValues: { password: '' },
  });

  const submit = handleSubmit(async ({ password }) => {
    setErrors([]);
    try {
      await onSubmit(password, (message) => setErrors([message]));
    } catch (failure) {
      setErrors([errorMessage(failure)]);
    }
  });

  return (
    <div className="mt-3 max-w-md">
      <p className="text-sm text-slate-600">{intro}</p>
      <AppForm onFocus={currentPasswordInputResolver.preload} onSubmit={submit} className="mt-4 space-y-4">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={fieldErrors.password?.message}
          {...register('password')}
        />
        <Actions onCancel={onCancel}>
          <SubmitButton pending={isSubmitting}>{submitLabel}</SubmitButton>
        </Actions>
      </AppForm>
      <FormAlert messages={errors} className="mt-4" />
    </div>
  );
}

interface EnrolStepProps {
  totpURI: string;
  backupCodes: string[];
  onCancel: () => void;
  onVerified: () => Promise<void>;
}

function EnrolStep({ totpURI, backupCodes, onCancel, onVerified }: EnrolStepProps) {
  const [errors, setErrors] = useState<string[]>([]);
  const secret = secretOf(totpURI);
  const {
    register,
    handleSubmit,
    formState: { errors: fieldErrors, isSubmitting },
  } = useForm<TwoFactorCodeInput>({
    resolver: twoFactorCodeInputResolver,
    defaultValues: { code: '' },
  });

  const submit = handleSubmit(async ({ code }) => {
    setErrors([]);
    try {
      const { authClient, authErrorMessage } = await import('#web/lib/auth-client.ts');
      const { error } = await authClient.twoFactor.verifyTotp({ code });
      if (error) return setErrors([authErrorMessage(error)]);
      await onVerified();
    } catch (failure) {
      setErrors([errorMessage(failure)]);
    }
  });

  return (
    <div className="mt-4 grid gap-8 lg:grid-cols-[auto_1fr]">
      <div className="space-y-3">
        <p tabIndex={-1} className="max-w-xs text-sm text-slate-600 focus:outline-none">
          <span className="font-semibold text-slate-900">1.</span> Scan this code with an authenticator app
          (Google Authenticator, 1Password, Authy…).
        </p>
        <Suspense fallback={<div className="size-[200px] animate-pulse rounded-md bg-base-300" />}>
          <QrCode value={totpURI} label="QR code to add your Torque account to an authenticator app" />
        </Suspense>
        {secret && (
          <p className="max-w-xs text-sm break-all text-slate-700">
            Or enter this key: <code className="font-mono font-semibold text-slate-900">{secret}</code>
          </p>
        )}
      </div>
      <div className="space-y-6">
        <div>
          <h3 className="font-bold text-slate-900">Backup codes</h3>
          <p className="mt-1 text-sm text-slate-600">
            <span className="font-semibold text-slate-900">2.</span> Keep these somewhere safe. Each one logs
            you in once if you lose your phone. They are shown only now.
          </p>
          <ul className="mt-3 grid max-w-sm grid-cols-2 gap-2 font-mono text-sm">
            {backupCodes.map((code) => (
              <li key={code} className="rounded-md bg-base-200 px-3 py-1.5 text-center text-slate-900">
                {code}
              </li>
            ))}
          </ul>
        </div>
        <AppForm
          onFocus={twoFactorCodeInputResolver.preload}
          onSubmit={submit}
          className="max-w-md space-y-4"
        >
          <TextField
            label="Authentication code"
            hint="3. Enter the 6-digit code the app shows to finish."
            inputMode="numeric"
            autoComplete="one-time-code"
            error={fieldErrors.code?.message}
            {...register('code')}
          />
          <Actions onCancel={onCancel}>
            <SubmitButton pending={isSubmitting}>Verify and turn on</SubmitButton>
          </Actions>
        </AppForm>
        <FormAlert messages={errors} />
      </div>
    </div>
  );
}

function Actions({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="min-w-40">{children}</div>
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

/** The base32 secret of an otpauth:// URI, for typing in by hand. */
function secretOf(totpURI: string): string | null {
  try {
    return new URL(totpURI).searchParams.get('secret');
  } catch {
    return null;
  }
}
