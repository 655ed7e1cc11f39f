import type { ReactNode } from 'react';
import { BusyButton } from './busy-button.tsx';

interface SubmitButtonProps {
  /** The form is submitting: the button shows a spinner, is busy, and cannot be pressed twice. */
  pending: boolean;
  /** Not pressable for a reason of the form's own (a quantity out of bounds, a card box not ready). */
  disabled?: boolean;
  /** The button's look beside daisyUI's `btn`: a dark full-width button unless told otherwise. */
  className?: string;
  children: ReactNode;
}

/** A form's main button: busy while the form is sent (BusyButton), Enter in a field included. */
export function SubmitButton({
  pending,
  disabled = false,
  className = 'btn-neutral w-full',
  children,
}: SubmitButtonProps) {
  return (
    <BusyButton type="submit" busy={pending} className={className} disabled={disabled && !pending}>
      {children}
    </BusyButton>
  );
}
