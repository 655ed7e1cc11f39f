import type { ReactNode } from 'react';

/** A form's main button; busy (and not pressable twice) while the form submits. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      className="btn btn-neutral w-full"
      disabled={pending}
      aria-busy={pending || undefined}
    >
      {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}
