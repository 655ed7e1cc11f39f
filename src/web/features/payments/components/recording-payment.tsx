import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { BusyButton } from '#web/components/ui/busy-button.tsx';

/** After a failed PATCH: tries again after these waits, then waits for the customer or the network. */
export const RETRY_DELAYS_MS = [1000, 2000, 4000];

interface RecordingPaymentProps {
  transactionId: string;
  /** One PATCH /order/{id} (idempotent); true once settled, false when the store could not be reached. */
  record: (transactionId: string) => Promise<boolean>;
}

/**
 * The card box once the gateway has charged the card but the store has not recorded it (the
 * connection dropped between the two). It says so, and never asks for the card again: the PATCH is
 * retried, when the browser comes back online and on "Check again"; the store's reconciliation pass
 * records it within a minute anyway (DESIGN §3b).
 */
export function RecordingPayment({ transactionId, record }: RecordingPaymentProps) {
  // A round: an attempt, then one after each of the delays. Check again and going online start one.
  const [round, setRound] = useState(0);
  const [trying, setTrying] = useState(true);
  const recordOnce = useEffectEvent(() => record(transactionId));
  const messageRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    // The card form is gone: the keyboard is taken to what replaced it.
    messageRef.current?.focus();
  }, []);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = async (retry: number) => {
      setTrying(true);
      if ((await recordOnce()) || stopped) return;
      const delay = RETRY_DELAYS_MS[retry];
      if (delay === undefined) setTrying(false);
      else timer = setTimeout(() => void attempt(retry + 1), delay);
    };
    // The first round follows the form's own failed attempt, so it starts by waiting.
    if (round === 0) timer = setTimeout(() => void attempt(1), RETRY_DELAYS_MS[0]);
    else timer = setTimeout(() => void attempt(0), 0);
    const again = () => setRound((n) => n + 1);
    window.addEventListener('online', again);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', again);
    };
  }, [round]);

  return (
    <div role="status" className="space-y-4">
      <p ref={messageRef} tabIndex={-1} className="text-slate-900 focus:outline-none">
        Your card was charged (transaction id{' '}
        <span className="font-mono text-sm font-semibold break-all">{transactionId}</span>). We could not
        reach the store to record it yet; it will be recorded within a minute.
      </p>
      <p className="text-sm text-slate-600">
        There is no need to pay again.
        {trying ? '' : ' The store is still out of reach: press Check again once you are back online.'}
      </p>
      <BusyButton busy={trying} className="btn-outline w-full" onClick={() => setRound((n) => n + 1)}>
        Check again
      </BusyButton>
    </div>
  );
}
