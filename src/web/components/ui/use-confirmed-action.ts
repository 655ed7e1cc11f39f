import { useRef, useState } from 'react';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import { toast } from '#web/lib/toast.ts';

/** The parts of a TanStack mutation the confirmation drives. */
interface Mutation<Result, Variables> {
  mutate: (
    variables: Variables,
    callbacks: { onSuccess: (result: Result) => void; onError: (failure: Error) => void },
  ) => void;
  isPending: boolean;
  reset: () => void;
}

interface ConfirmedActionOptions<Item, Result, Variables> {
  /** What the mutation is called with for the item. */
  variables: (item: Item) => Variables;
  /** Says (with a toast) what happened, once the server answered. */
  onSuccess: (result: Result, item: Item) => void;
  /**
   * Where a failure shows: 'toast' closes the dialog and says it in a toast; 'dialog' keeps the
   * dialog open with the message in it, to try again or keep (or only to close, after a 409: the
   * item changed meanwhile, and asking again would be refused again).
   */
  failure: 'toast' | 'dialog';
  /**
   * Puts focus elsewhere (the page's heading) once the dialog closed, when the button that asked
   * cannot take it back: after a success (its row went, or changed for good), or when the refresh
   * after a refusal took it away. Otherwise focus returns to that button.
   */
  refocus?: () => void;
}

/**
 * The state of an action confirmed in a ConfirmDialog: which item is waiting for its confirmation,
 * the dialog's opening and closing, the mutation's progress and failure. `ask` opens the dialog;
 * spread `dialog` into the ConfirmDialog.
 */
export function useConfirmedAction<Item, Result, Variables>(
  mutation: Mutation<Result, Variables>,
  { variables, onSuccess, failure, refocus }: ConfirmedActionOptions<Item, Result, Variables>,
) {
  // The item stays named in the dialog while it animates closed, so `open` is kept apart from it.
  const [item, setItem] = useState<Item | null>(null);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [refused, setRefused] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const succeeded = useRef(false);

  const ask = (next: Item, button?: HTMLElement) => {
    opener.current = button ?? null;
    succeeded.current = false;
    setError(null);
    setRefused(false);
    setItem(next);
    setOpen(true);
  };

  const onConfirm = () => {
    if (item === null) return;
    setError(null);
    mutation.mutate(variables(item), {
      onSuccess: (result) => {
        onSuccess(result, item);
        succeeded.current = true;
        setOpen(false);
      },
      onError: (cause) => {
        if (failure === 'dialog') {
          setRefused(cause instanceof ApiRequestError && cause.status === 409);
          return setError(errorMessage(cause));
        }
        toast.error(errorMessage(cause));
        setOpen(false);
      },
    });
  };

  const onClose = () => {
    setOpen(false);
    setError(null);
    mutation.reset();
    if (opener.current?.isConnected && !succeeded.current) opener.current.focus();
    else refocus?.();
    succeeded.current = false;
  };

  return { item, ask, dialog: { open, pending: mutation.isPending, error, refused, onConfirm, onClose } };
}
