import { type ReactNode, useEffect, useId, useRef } from 'react';
import { FormAlert } from './form-alert.tsx';
import { BusyButton } from './busy-button.tsx';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in a sentence. */
  children: ReactNode;
  confirmLabel: string;
  /** The choice that does nothing. */
  cancelLabel?: string;
  pending: boolean;
  error?: string | null;
  /**
   * The server refused for good (409: the thing changed meanwhile), as `error` says: asking again
   * cannot help, so only Close is offered.
   */
  refused?: boolean;
  onConfirm: () => void;
  /** After the dialog closed, whichever way: Keep it, Escape, or `open` turning false. */
  onClose: () => void;
}

/**
 * Asks before something that cannot be undone. A native <dialog> opened with showModal(): it traps
 * focus, closes on Escape and hides the page from assistive technology; daisyUI's modal styles it.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Keep it',
  pending,
  error,
  refused = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  // The confirm button, which had focus, is gone: Close takes it, for Enter and Escape.
  useEffect(() => {
    if (refused && !pending) cancel.current?.focus();
  }, [refused, pending]);

  return (
    <dialog
      ref={dialog}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        // Escape while the action is under way would hide its outcome.
        if (pending) event.preventDefault();
      }}
      onClose={onClose}
    >
      <div className="modal-box">
        <h2 id={titleId} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        <p id={bodyId} className="mt-3 text-slate-700">
          {children}
        </p>
        <FormAlert messages={error ? [error] : []} className="mt-4" />
        <div className="modal-action">
          {/* First, so showModal() puts focus on the choice that loses nothing. */}
          <button
            ref={cancel}
            type="button"
            className="btn btn-ghost"
            disabled={pending}
            onClick={() => dialog.current?.close()}
          >
            {refused ? 'Close' : cancelLabel}
          </button>
          {!refused && (
            // While under way it keeps the focus, for the outcome to follow.
            <BusyButton busy={pending} className="btn-error" onClick={onConfirm}>
              {confirmLabel}
            </BusyButton>
          )}
        </div>
      </div>
    </dialog>
  );
}

/** The red Delete of a row or card, which opens the confirmation (the dialog comes back to it). */
export function DeleteButton<T>({
  item,
  label,
  onClick,
}: {
  item: T;
  /** What it deletes, for assistive technology: 'Delete …'. */
  label: string;
  onClick: (item: T, button: HTMLButtonElement) => void;
}) {
  return (
    <button
      type="button"
      className="btn btn-outline btn-error btn-sm"
      aria-label={label}
      aria-haspopup="dialog"
      onClick={(event) => onClick(item, event.currentTarget)}
    >
      Delete
    </button>
  );
}
