import { Link, useSearchParams } from 'react-router';
import { emailConfirmationNotice, NEW_LINK_WORDS } from '#shared/email-confirmation.ts';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { useCurrentUser } from '#web/features/accounts/api/get-session.ts';
import type { LoginState } from '#web/features/accounts/redirect-target.ts';
import { SendConfirmationLink } from './send-confirmation-link.tsx';

/**
 * Says on the home page what the confirmation link just opened did: confirmed, or why not, and for a
 * link a new one replaces, how to get one.
 */
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
        <>
          <FormAlert messages={[notice.message]} />
          {notice.newLink && <NewLinkOffer />}
        </>
      )}
    </div>
  );
}

// My Profile, where a signed-in customer asks for a link too.
const BACK_TO_PROFILE: LoginState = { from: { pathname: '/dashboard' } };

/** Signed out: log in first (the link is sent to the account's own address). Signed in: the button. */
function NewLinkOffer() {
  const auth = useCurrentUser();
  if (auth.status === 'loading') return null;
  if (auth.status === 'signedOut') {
    return (
      <p className="mt-3">
        <Link to="/login" state={BACK_TO_PROFILE} className="link font-semibold text-rust">
          {NEW_LINK_WORDS.logIn}
        </Link>
      </p>
    );
  }
  if (auth.user.emailVerified === undefined) return null;
  if (auth.user.emailVerified)
    return <p className="mt-3 text-sm text-slate-600">{NEW_LINK_WORDS.alreadyConfirmed}</p>;
  return (
    <div className="mt-3">
      <SendConfirmationLink email={auth.user.email} />
    </div>
  );
}
