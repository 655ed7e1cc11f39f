import { useEffect, useId, useRef } from 'react';
import type { Tool } from '../../../../shared/schemas/tool.ts';

interface DeleteToolDialogProps {
  /** The tool to confirm. */
  tool: Tool | null;
  open: boolean;
  pending: boolean;
  onConfirm: (tool: Tool) => void;
  /** After the dialog closed, whichever way: Keep it, Escape, or `open` turning false. */
  onClosed: () => void;
}

/**
 * Asks before a product leaves the catalogue. A native <dialog> opened with showModal(): it traps
 * focus, closes on Escape and hides the page from assistive technology; daisyUI's modal styles it.
 */
export function DeleteToolDialog({ tool, open, pending, onConfirm, onClosed }: DeleteToolDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        // Escape while the delete is under way would hide its outcome.
        if (pending) event.preventDefault();
      }}
      onClose={onClosed}
    >
      <div className="modal-box">
        <h2 id={titleId} className="text-xl font-bold text-slate-900">
          Delete this product?
        </h2>
        <p id={bodyId} className="mt-3 text-slate-700">
          <strong className="font-semibold text-slate-900">{tool?.name}</strong> will leave the catalogue and
          can no longer be bought. Past orders keep it.
        </p>
        <div className="modal-action">
          {/* First, so showModal() puts focus on the choice that loses nothing. */}
          <button
            type="button"
            className="btn btn-ghost"
            disabled={pending}
            onClick={() => dialog.current?.close()}
          >
            Keep it
          </button>
          <button
            type="button"
            className="btn btn-error"
            disabled={pending || !tool}
            aria-busy={pending || undefined}
            onClick={() => tool && onConfirm(tool)}
          >
            {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Yes, delete
          </button>
        </div>
      </div>
    </dialog>
  );
}
