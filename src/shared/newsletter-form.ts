// The newsletter box also works without JavaScript: it posts to /newsletter as a form and the
// server sends the browser back to the box with `?newsletter=<outcome>`; the mailed link that
// confirms a sign-up lands there too. The outcomes and their words, for the server that picks one
// and the page that shows it. No zod: pages import it.
import { FORM_ERRORS } from './form-posts.ts';

export const NEWSLETTER_OUTCOMES = {
  // Said alike for a new, a repeated and a confirmed address (decision 032).
  check_inbox: 'Check your inbox: we sent a link to confirm your subscription.',
  // What the mailed link did (GET /api/newsletter/confirm).
  confirmed: "Your subscription is confirmed. Thanks! We'll keep you posted on new tools and trade offers.",
  invalid_link:
    'This confirmation link is not valid: it may have expired (each works for 7 days), or a newer one was sent. Sign up again below for a new link.',
  invalid_name: 'Give your name: at most 100 characters, without < or >.',
  invalid_email: FORM_ERRORS.invalid_email,
  invalid_phone: 'Give a phone number: digits, spaces, + ( ) - .',
  rate_limited: FORM_ERRORS.rate_limited,
  too_many_mails: FORM_ERRORS.too_many_mails,
  failed: FORM_ERRORS.failed,
} as const;

export type NewsletterOutcome = keyof typeof NEWSLETTER_OUTCOMES;

/** The query the box reads its outcome from, and the anchor of the box on the home page. */
export const NEWSLETTER_QUERY = 'newsletter';
export const NEWSLETTER_ANCHOR = 'newsletter';

/** An outcome the server sends, or undefined for any other value. */
export function newsletterOutcome(value: string | null): NewsletterOutcome | undefined {
  return value !== null && Object.hasOwn(NEWSLETTER_OUTCOMES, value)
    ? (value as NewsletterOutcome)
    : undefined;
}
