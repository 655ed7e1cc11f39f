import { useSearchParams } from 'react-router';
import { emailConfirmationNotice } from '#shared/email-confirmation.ts';
import { FormAlert } from '#web/components/ui/form-alert.tsx';

/** Says on the home page what the confirmation link just opened did: confirmed, or why not. */
export function EmailConfirmationNotice() {
  const [searchParams] = useSearchParams();
  const notice = emailConfirmationNotice(searchParams);
  if (!notice) return null;
  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
      {notice.confirmed ? (
        <p
          role="status"
          className="rounded-field border border-success/30 bg-success/5 px-4 py-3 text-center font-medium text-success"
        >
          {notice.message}
        </p>
      ) : (
        <FormAlert messages={[notice.message]} />
      )}
    </div>
  );
}
