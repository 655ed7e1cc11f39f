import type { ButtonHTMLAttributes } from 'react';

interface BusyButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Its action is under way: a spinner shows, it is busy, and it cannot be pressed twice. */
  busy: boolean;
  /** The button's look beside daisyUI's `btn`. */
  className: string;
}

/**
 * A button whose action takes a moment. While under way it keeps the focus (a disabled button would
 * drop it to the page's top, away from the outcome): it is marked disabled for assistive technology
 * and ignores presses (a form's Enter in a field included), so that a failure leaves it to press again.
 */
export function BusyButton({
  busy,
  className,
  type = 'button',
  onClick,
  children,
  ...rest
}: BusyButtonProps) {
  return (
    <button
      type={type}
      className={`btn ${className} ${busy ? 'btn-disabled' : ''}`}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={busy ? (event) => event.preventDefault() : onClick}
      {...rest}
    >
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}
