import type { ReactNode } from 'react';

interface SubmitButtonProps {
  /** The form is submitting: the button shows a spinner, is busy, and cannot be pressed twice. */
  pending: boolean;
  /** Not pressable for a reason of the form's own (a quantity out of bounds, a card box not ready). */
  disabled?: boolean;
  /** The button's look beside daisyUI's `btn`: a dark full-width button unless told otherwise. */
  className?: string;
  children: ReactNode;
}

/**
 * A form's main button. While the form is sent it keeps the focus (a disabled button would drop it
 * to the page's top, away from the outcome): it is marked disabled for assistive technology and
 * ignores presses, Enter in a field included (implicit submission presses it too).
 */
export function SubmitButton({
  pending,
  disabled = false,
  className = 'btn-neutral w-full',
  children,
}: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={`btn ${className} ${pending ? 'btn-disabled' : ''}`}
      disabled={disabled && !pending}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      onClick={pending ? (event) => event.preventDefault() : undefined}
    >
      {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}
