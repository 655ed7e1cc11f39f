import { useId } from 'react';
import { useStoreConfig } from '#web/features/accounts/api/get-store-config.ts';

const NOT_CONFIGURED = 'Google sign-in is not set up for this store.';

interface GoogleButtonProps {
  onClick: () => void;
  pending: boolean;
}

/**
 * 'Continue with Google', disabled with the reason written under it when the store has no Google
 * credentials: a hover title reaches neither touch screens nor keyboards.
 */
export function GoogleButton({ onClick, pending }: GoogleButtonProps) {
  const config = useStoreConfig();
  const descriptionId = useId();
  const available = config.data?.googleSignIn === true;
  const unavailable = config.data?.googleSignIn === false;

  const button = (
    <button
      type="button"
      className="btn w-full border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:border-slate-200 disabled:bg-slate-100 disabled:text-slate-500"
      disabled={!available || pending}
      aria-describedby={unavailable ? descriptionId : undefined}
      onClick={onClick}
    >
      {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <GoogleMark />}
      Continue with Google
    </button>
  );

  if (!unavailable) return button;
  return (
    <div>
      {button}
      <p id={descriptionId} className="mt-2 text-center text-sm text-slate-600">
        {NOT_CONFIGURED}
      </p>
    </div>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6H1.3a12 12 0 0 0 0 10.8z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.8 3.6-4.9 6.7-4.9z"
      />
    </svg>
  );
}
