import type { ReactNode } from 'react';
import { NEW_LINK_WORDS } from '#shared/email-confirmation.ts';
import type { UserProfile } from '#shared/schemas/user.ts';
import { initials } from '#web/lib/text.ts';
import { SendConfirmationLink } from './send-confirmation-link.tsx';

const EMPTY = 'Not added yet';

/**
 * The account's photo, name and email, and the saved profile fields. An address not confirmed yet
 * (`emailConfirmed` false; undefined while unknown) says so, with a button for a new link.
 */
export function ProfileCard({ profile, emailConfirmed }: { profile: UserProfile; emailConfirmed?: boolean }) {
  return (
    <section
      aria-labelledby="profile-card-heading"
      className="rounded-box border border-base-300 bg-base-200/60 p-5 sm:p-6 xl:self-start"
    >
      <h2 id="profile-card-heading" className="sr-only">
        Your details
      </h2>
      <div className="flex items-center gap-4">
        <ProfilePhoto name={profile.displayName} url={profile.photoURL} />
        <div className="min-w-0">
          <p className="text-xl font-bold wrap-anywhere text-slate-900">{profile.displayName}</p>
          <p className="wrap-anywhere text-slate-600">{profile.email}</p>
        </div>
      </div>
      {emailConfirmed === false && (
        <div className="mt-4 space-y-3">
          <p className="text-sm font-semibold text-slate-900">{NEW_LINK_WORDS.notConfirmed}</p>
          <SendConfirmationLink email={profile.email} />
        </div>
      )}
      <dl className="mt-6 divide-y divide-base-300 border-t border-base-300">
        <Detail term="Education">{profile.education}</Detail>
        <Detail term="Profession">{profile.profession}</Detail>
        <Detail term="LinkedIn">
          {profile.linkedIn && (
            <a
              href={profile.linkedIn}
              target="_blank"
              rel="noopener noreferrer"
              className="link break-all text-rust"
            >
              {profile.linkedIn}
            </a>
          )}
        </Detail>
        <Detail term="Address">
          {profile.address && <span className="whitespace-pre-line">{profile.address}</span>}
        </Detail>
      </dl>
    </section>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[8rem_1fr] sm:gap-4">
      <dt className="text-sm font-semibold text-slate-600">{term}</dt>
      <dd className="min-w-0 break-words text-slate-900">
        {children || <span className="text-slate-500 italic">{EMPTY}</span>}
      </dd>
    </div>
  );
}

function ProfilePhoto({ name, url }: { name: string; url: string | null }) {
  if (url) {
    return (
      <img
        src={url}
        alt={`Photo of ${name}`}
        width={80}
        height={80}
        referrerPolicy="no-referrer"
        className="size-20 shrink-0 rounded-full object-cover ring-4 ring-safety/40"
      />
    );
  }
  return (
    <div
      role="img"
      aria-label={`${name} has no photo yet`}
      className="grid size-20 shrink-0 place-items-center rounded-full bg-slate-900 text-2xl font-black text-safety ring-4 ring-safety/40"
    >
      {initials(name)}
    </div>
  );
}
