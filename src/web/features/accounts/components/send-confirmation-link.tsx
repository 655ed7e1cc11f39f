import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { NEW_LINK_WORDS } from '#shared/email-confirmation.ts';
import { BusyButton } from '#web/components/ui/busy-button.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import { toast } from '#web/lib/toast.ts';
import { authKeys } from '#web/lib/query-keys.ts';
import { useSendConfirmationLink } from '#web/features/accounts/api/send-confirmation-link.ts';

/** How long the button rests once a link is sent: the server's limit would refuse a burst anyway. */
export const RESEND_REST_MS = 60_000;

/**
 * "Send the link again": mails the signed-in account a new confirmation link. It keeps the focus
 * throughout (busy, then resting a minute: marked disabled, never `disabled`); a refusal (the rate
 * limit's "please wait") shows under it.
 */
export function SendConfirmationLink({ email }: { email: string }) {
  const send = useSendConfirmationLink();
  const queryClient = useQueryClient();
  const [resting, setResting] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const waitId = useId();

  useEffect(() => {
    if (!resting) return;
    const timer = setTimeout(() => setResting(false), RESEND_REST_MS);
    return () => clearTimeout(timer);
  }, [resting]);

  const onClick = async () => {
    if (resting) return;
    setErrors([]);
    try {
      await send.mutateAsync(email);
      setResting(true);
      toast.success(NEW_LINK_WORDS.sent(email));
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.code === 'email_already_verified') {
        // Confirmed meanwhile (another tab, another device): read it again, and the offer goes.
        toast.success(NEW_LINK_WORDS.alreadyConfirmed);
        void queryClient.invalidateQueries({ queryKey: authKeys.session });
      } else {
        setErrors([errorMessage(failure)]);
      }
    }
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <BusyButton
          busy={send.isPending}
          className={`btn-outline btn-sm ${resting ? 'btn-disabled' : ''}`}
          aria-disabled={send.isPending || resting || undefined}
          aria-describedby={resting ? waitId : undefined}
          onClick={() => void onClick()}
        >
          {NEW_LINK_WORDS.send}
        </BusyButton>
        {resting && (
          <p id={waitId} className="text-sm text-slate-600">
            {NEW_LINK_WORDS.wait}
          </p>
        )}
      </div>
      <FormAlert messages={errors} />
    </div>
  );
}
