import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  NEWSLETTER_ANCHOR,
  NEWSLETTER_OUTCOMES,
  NEWSLETTER_QUERY,
  newsletterOutcome,
} from '#shared/newsletter-form.ts';
import type { FormFill } from '#shared/form-posts.ts';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import { useFormFill } from '#web/lib/form-fill.ts';
import { toast } from '#web/lib/toast.ts';
import { useSubscribe } from '#web/features/newsletter/api/subscribe.ts';

const inputClass = 'input w-full border-slate-300 bg-white text-slate-900';

/** What went wrong, in the words of the field the server named first, or its own message. */
function failureText(failure: unknown): string {
  const fields = failure instanceof ApiRequestError ? failure.fields : undefined;
  return (fields && Object.values(fields)[0]) || errorMessage(failure);
}

/**
 * SPEC's newsletter sign-up box (POST /newsletter): the address is mailed a link, and is on the
 * list once its owner opens it (decision 032); the toast says to check the inbox, or why not.
 * Before the app takes the page over (or without JavaScript) the box posts as a form, and the
 * server sends the browser back here with `?newsletter=<outcome>`, which the box then says in place
 * of the toast; the mailed link lands here the same way.
 */
export function SignupBox() {
  const signUp = useSubscribe();
  const [searchParams] = useSearchParams();
  const [posted, setPosted] = useState(() => newsletterOutcome(searchParams.get(NEWSLETTER_QUERY)));
  // A refused sign-up posted before the app took over comes back with what was typed, as the
  // fields' defaults; a sign-up sent draws a new form without them (reset() would restore them).
  const filled = useFormFill();
  const [sent, setSent] = useState(0);
  const fill: FormFill = sent ? {} : filled;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPosted(undefined);
    const form = event.currentTarget;
    const data = new FormData(form);
    const field = (name: string) => String(data.get(name) ?? '').trim();
    signUp.mutate(
      { name: field('name'), email: field('email'), phone: field('phone') },
      {
        // Said alike whether the address was new, repeated or confirmed already (decision 032).
        onSuccess: () => {
          toast.success(NEWSLETTER_OUTCOMES.check_inbox);
          setSent((count) => count + 1);
        },
        onError: (failure) => toast.error(failureText(failure)),
      },
    );
  };

  return (
    <section
      id={NEWSLETTER_ANCHOR}
      aria-labelledby="signup-heading"
      className="scroll-mt-32 bg-base-200 py-16 sm:py-20 lg:scroll-mt-24"
    >
      <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
        <div className="rounded-box border border-base-300 bg-base-100 p-8 shadow-sm sm:p-12">
          <div className="text-center">
            <p className="text-sm font-bold tracking-[0.2em] text-rust uppercase">Newsletter</p>
            <h2 id="signup-heading" className="mt-2 text-3xl font-extrabold text-slate-900">
              Sign up for trade offers
            </h2>
            <p className="mt-3 text-slate-600">
              New tools, restocks and bulk deals, a couple of times a month. No spam.
            </p>
          </div>
          {posted && <PostedOutcome outcome={posted} />}
          <form
            key={sent}
            method="post"
            action="/newsletter"
            onSubmit={onSubmit}
            aria-labelledby="signup-heading"
            className="mt-8 grid gap-4 sm:grid-cols-3"
          >
            <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
              Name
              <input
                name="name"
                type="text"
                autoComplete="name"
                required
                maxLength={100}
                defaultValue={fill.name}
                className={inputClass}
              />
            </label>
            <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
              Email
              <input
                name="email"
                type="email"
                autoComplete="email"
                required
                maxLength={254}
                defaultValue={fill.email}
                className={inputClass}
              />
            </label>
            <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
              Phone
              <input
                name="phone"
                type="tel"
                autoComplete="tel"
                maxLength={30}
                defaultValue={fill.phone}
                className={inputClass}
              />
            </label>
            <button
              type="submit"
              className="btn btn-neutral sm:col-span-3"
              disabled={signUp.isPending}
              aria-busy={signUp.isPending || undefined}
            >
              {signUp.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              Stay with Us
            </button>
          </form>
        </div>
      </div>
    </section>
  );
}

/** What the server said of the box posted as a form, or of the mailed link: success as a status, the rest as an error. */
function PostedOutcome({ outcome }: { outcome: keyof typeof NEWSLETTER_OUTCOMES }) {
  const text = NEWSLETTER_OUTCOMES[outcome];
  if (outcome !== 'check_inbox' && outcome !== 'confirmed') {
    return <FormAlert messages={[text]} className="mt-8" />;
  }
  return (
    <p
      role="status"
      className="mt-8 rounded-field border border-success/30 bg-success/5 px-4 py-3 text-center font-medium text-success"
    >
      {text}
    </p>
  );
}
