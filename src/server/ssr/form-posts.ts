import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  FORM_ERRORS,
  FORM_FILL_COOKIE,
  FORM_FILL_FIELDS,
  type FormError,
  type FormFill,
  TOO_MANY_MAILS,
  twoFactorStep,
} from '#shared/form-posts.ts';
import {
  NEWSLETTER_ANCHOR,
  NEWSLETTER_QUERY,
  newsletterOutcome,
  type NewsletterOutcome,
} from '#shared/newsletter-form.ts';
import { Email, LoginInput, RegisterInput } from '#shared/schemas/user.ts';
import type { Config } from '#server/config.ts';
import { HttpError } from '#server/http/errors.ts';
import { OWN_CALL } from '#server/logger.ts';
import { ownPath } from '#shared/own-path.ts';

/**
 * The account forms (and the navbar's Logout) posted before the app has taken the page over (a slow
 * phone, JavaScript blocked): a native POST of the form to its own page's path, so that no password
 * ever travels in an address, as a GET form would put it there. Each is handed to better-auth's own
 * call through the app itself, so the auth rate limits, hooks and checks of that call apply as they
 * do to the app's fetch; its cookies are passed on, and the browser is sent on with 303, or back to
 * the form with `?error=<code>`.
 */
export default async function formPosts(app: FastifyInstance, { config }: { config: Config }) {
  // Scoped to this plugin: the API takes JSON only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const trusted = new Set(app.auth.options.trustedOrigins as string[]);
  app.addHook('preHandler', async (req) => {
    if (!fromOwnPage(req, trusted)) {
      throw new HttpError(403, 'forbidden', 'This form may be sent only from the store’s own pages.');
    }
  });

  const forms = formContext(app, new URL(config.publicUrl), config.authSecret);
  app.post('/login', (req, reply) => login(forms, req, reply));
  app.post('/login/two-factor', (req, reply) => twoFactor(forms, req, reply));
  app.post('/registration', (req, reply) => registration(forms, req, reply));
  app.post('/forgot-password', (req, reply) => forgotPassword(forms, req, reply));
  app.post('/reset-password', (req, reply) => resetPassword(forms, req, reply));
  app.post('/logout', (req, reply) => logout(forms, req, reply));
  app.post('/newsletter', (req, reply) => newsletter(forms, req, reply));
}

/**
 * A form may be posted only from the store's own pages (CSRF). Documents are sent with
 * `Referrer-Policy: no-referrer`, under which Chrome posts `Origin: null`: then the browser's own
 * Sec-Fetch-Site, which a page cannot set, must say same-origin.
 */
function fromOwnPage(req: FastifyRequest, trusted: Set<string>): boolean {
  const { origin, referer } = req.headers;
  if (origin && origin !== 'null') return trusted.has(origin);
  if (req.headers['sec-fetch-site'] === 'same-origin') return true;
  if (!origin && referer) return URL.canParse(referer) && trusted.has(new URL(referer).origin);
  return false;
}

/** What the API answered a form's call: its status, the cookies it set, and its JSON body. */
interface Answer {
  ok: boolean;
  status: number;
  cookies: string[];
  body: {
    code?: unknown;
    twoFactorRedirect?: unknown;
    error?: { code?: unknown; message?: unknown; fields?: Record<string, unknown> };
  };
}

/** What every form's handler needs: the calls it hands the form to, and the store's own address. */
interface FormContext {
  /**
   * POSTs `payload` to the API's `url` as this client: same address, same forwarded-for, and with
   * `withCookie` its cookies (the two-factor step's pending sign-in, the session to sign out).
   */
  api: (req: FastifyRequest, url: string, payload: object, withCookie?: boolean) => Promise<Answer>;
  /** POSTs `payload` to better-auth's `path`, as `api` does. */
  auth: (req: FastifyRequest, path: string, payload: object, withCookie?: boolean) => Promise<Answer>;
  home: URL;
  /** Signs a refused form's fill cookie (refused). */
  secret: string;
}

function formContext(app: FastifyInstance, home: URL, secret: string): FormContext {
  const api: FormContext['api'] = async (req, url, payload, withCookie = false) => {
    const { 'user-agent': userAgent, 'x-forwarded-for': forwardedFor, cookie } = req.headers;
    const answer = await app.inject({
      method: 'POST',
      url,
      remoteAddress: req.socket.remoteAddress,
      headers: {
        'content-type': 'application/json',
        origin: home.origin,
        ...OWN_CALL,
        ...(userAgent ? { 'user-agent': userAgent } : {}),
        ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        ...(withCookie && cookie ? { cookie } : {}),
      },
      payload,
    });
    const setCookie = answer.headers['set-cookie'];
    const cookies = setCookie === undefined ? [] : ([] as string[]).concat(setCookie);
    let body: Answer['body'] = {};
    try {
      body = answer.json();
    } catch {
      // An empty or non-JSON answer: its status says enough.
    }
    return { ok: answer.statusCode === 200, status: answer.statusCode, cookies, body };
  };
  return {
    api,
    auth: (req, path, payload, withCookie) => api(req, `/api/auth/${path}`, payload, withCookie),
    home,
    secret,
  };
}

type FormHandler = (forms: FormContext, req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

// Every form's fields as text, whatever was sent.
const FormBody = z.record(z.string(), z.string()).catch({});

/** Sends the browser on to `location` (303: a GET), with the cookies the API set for it. */
const seeOther = (reply: FastifyReply, location: string, cookies: string[] = []) => {
  if (cookies.length) reply.header('set-cookie', cookies);
  return reply.header('cache-control', 'no-store').redirect(location, 303);
};
/** The form's page again with the code of its refusal, and where it was to go on to (not home). */
const withError = (path: string, code: FormError, redirect = '/') =>
  redirect === '/' ? `${path}?error=${code}` : `${path}?${new URLSearchParams({ redirect, error: code })}`;

/**
 * Sends a refused form back to `location` with what was typed in its fields that are not secret,
 * in a cookie the page drawn next reads once (web.ts, readFormFill): never in the address, which
 * the history keeps.
 */
const refused = (
  { home, secret }: FormContext,
  reply: FastifyReply,
  location: string,
  form: Record<string, string>,
) => {
  const fill: FormFill = {};
  for (const field of FORM_FILL_FIELDS) if (form[field]) fill[field] = form[field].slice(0, FILL_MAX);
  if (Object.keys(fill).length === 0) return seeOther(reply, location);
  const payload = Buffer.from(JSON.stringify({ fill, until: Date.now() + FILL_TTL_S * 1000 })).toString(
    'base64url',
  );
  const secure = home.protocol === 'https:' ? '; Secure' : '';
  return seeOther(reply, location, [
    `${FORM_FILL_COOKIE}=${payload}.${fillSignature(payload, secret)}; Path=/; Max-Age=${FILL_TTL_S}; HttpOnly; SameSite=Lax${secure}`,
  ]);
};
// Longer than any field's rule (an email's 254): the cookie stays far under a browser's 4 KB.
const FILL_MAX = 320;
const FILL_TTL_S = 60;
const FILL_COOKIE = new RegExp(`(?:^|;\\s*)${FORM_FILL_COOKIE.replace('.', '\\.')}=([\\w-]+)\\.([\\w-]+)`);
// Under a key of its own: signed with the secret itself, `form-fill.<payload>` and its signature
// would pass web.ts's check of a session cookie's signature, and cost every request a session lookup.
const fillSignature = (payload: string, secret: string) => {
  const key = createHmac('sha256', secret).update('torque form-fill v1').digest();
  return createHmac('sha256', key).update(payload).digest('base64url');
};

/**
 * The fields a refused form's cookie holds, or undefined. Signed and short-lived, as a session
 * cookie is checked (web.ts): a made-up one costs no drawing of its own.
 */
export function readFormFill(cookie: string | undefined, secret: string): FormFill | undefined {
  const [, payload = '', signature = ''] = (cookie && FILL_COOKIE.exec(cookie)) || [];
  const expected = Buffer.from(fillSignature(payload, secret));
  const given = Buffer.from(signature);
  if (!payload || given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const held = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { fill: FormFill; until: number };
  return held.until > Date.now() ? held.fill : undefined;
}

const login: FormHandler = async (forms, req, reply) => {
  const { auth, home } = forms;
  const form = FormBody.parse(req.body);
  const next = ownPath(form.redirect, '/', home);
  const input = LoginInput.safeParse(form);
  if (!input.success) return refused(forms, reply, withError('/login', invalid(input.error), next), form);
  const answer = await auth(req, 'sign-in/email', input.data);
  if (!answer.ok) return refused(forms, reply, withError('/login', failure(answer), next), form);
  // Two-factor accounts finish on the login page's code step, its pending sign-in in a cookie.
  if (answer.body.twoFactorRedirect) return seeOther(reply, twoFactorStep(next), answer.cookies);
  return seeOther(reply, next, answer.cookies);
};

const twoFactor: FormHandler = async ({ auth, home }, req, reply) => {
  const form = FormBody.parse(req.body);
  const next = ownPath(form.redirect, '/', home);
  const code = (form.code ?? '').trim();
  if (!code) return seeOther(reply, `${twoFactorStep(next)}&error=invalid_code`);
  const path = form.kind === 'backup' ? 'two-factor/verify-backup-code' : 'two-factor/verify-totp';
  const answer = await auth(req, path, { code }, true);
  if (answer.ok) return seeOther(reply, next, answer.cookies);
  const failed = failure(answer);
  // No pending sign-in left (never begun, expired, or too many codes): the password again.
  if (failed === 'invalid_two_factor_cookie' || failed === 'too_many_attempts_request_new_code') {
    return seeOther(reply, withError('/login', failed, next));
  }
  return seeOther(reply, `${twoFactorStep(next)}&error=${failed}`);
};

const registration: FormHandler = async (forms, req, reply) => {
  const { auth } = forms;
  const form = FormBody.parse(req.body);
  const input = RegisterInput.safeParse(form);
  if (!input.success) return refused(forms, reply, withError('/registration', invalid(input.error)), form);
  const answer = await auth(req, 'sign-up/email', input.data);
  if (!answer.ok) return refused(forms, reply, withError('/registration', failure(answer)), form);
  return seeOther(reply, '/dashboard', answer.cookies);
};

const forgotPassword: FormHandler = async (forms, req, reply) => {
  const { auth } = forms;
  const form = FormBody.parse(req.body);
  const input = z.object({ email: Email }).safeParse(form);
  if (!input.success) return refused(forms, reply, withError('/forgot-password', invalid(input.error)), form);
  const answer = await auth(req, 'request-password-reset', {
    email: input.data.email,
    redirectTo: '/reset-password',
  });
  if (!answer.ok) return refused(forms, reply, withError('/forgot-password', failure(answer)), form);
  return seeOther(reply, '/forgot-password?sent=1');
};

const resetPassword: FormHandler = async ({ auth }, req, reply) => {
  const form = FormBody.parse(req.body);
  const token = form.token ?? '';
  // better-auth's own word for a link that no longer works: the page shows it as such.
  const broken = '/reset-password?error=INVALID_TOKEN';
  if (!token) return seeOther(reply, broken);
  const again = (code: FormError) =>
    `/reset-password?${new URLSearchParams({ token, error: code }).toString()}`;
  const newPassword = form.newPassword ?? '';
  if (!newPassword) return seeOther(reply, again('invalid_password'));
  const answer = await auth(req, 'reset-password', { newPassword, token });
  if (answer.body.code === 'INVALID_TOKEN') return seeOther(reply, broken);
  if (!answer.ok) return seeOther(reply, again(failure(answer)));
  return seeOther(reply, '/login?reset=1');
};

/** The navbar's Logout: better-auth's sign-out with the session's cookie, which it clears. */
const logout: FormHandler = async ({ auth }, req, reply) => {
  const answer = await auth(req, 'sign-out', {}, true);
  return seeOther(reply, '/', answer.cookies);
};

/**
 * The home page's newsletter box, through POST /api/newsletter itself, so that its checks, its
 * once per address and its rate limits apply; back to the box with the outcome.
 */
const newsletter: FormHandler = async (forms, req, reply) => {
  const { api } = forms;
  const form = FormBody.parse(req.body);
  const { name = '', email = '', phone = '' } = form;
  const answer = await api(req, '/api/newsletter', { name, email, phone });
  const back = `/?${NEWSLETTER_QUERY}=${newsletterResult(answer)}#${NEWSLETTER_ANCHOR}`;
  return answer.status === 200 ? seeOther(reply, back) : refused(forms, reply, back, form);
};

/** The form's code for the API's refusal: one the page has words for, else 'failed'. */
function failure({ status, body }: Answer): FormError {
  if (status === 429) {
    const message = body.error?.message;
    return typeof message === 'string' && message.startsWith(TOO_MANY_MAILS)
      ? 'too_many_mails'
      : 'rate_limited';
  }
  const raw = body.error?.code ?? body.code;
  const code = typeof raw === 'string' ? raw.toLowerCase() : '';
  // The sign-up hooks' 400 (ours) names its field, the name or the email, and says why.
  if (code === 'invalid_input') {
    const [field, message] = Object.entries(body.error?.fields ?? {})[0] ?? [];
    return fieldError(field, message);
  }
  if (code.startsWith('user_already_exists')) return 'user_already_exists';
  return Object.hasOwn(FORM_ERRORS, code) ? (code as FormError) : 'failed';
}

/** The code of a form's first invalid field, in the order of the form. */
function invalid(error: z.ZodError): FormError {
  const issue = error.issues[0];
  return fieldError(issue?.path[0], issue?.message);
}

/**
 * The code of a field's refusal: a rule whose words are a form error's (a password's length, a
 * name's characters) is that error; else the field's own (`invalid_email`), else 'failed'.
 */
function fieldError(field: unknown, message: unknown): FormError {
  const worded = Object.entries(FORM_ERRORS).find(([, words]) => words === message)?.[0];
  const code = worded ?? `invalid_${String(field ?? '')}`;
  return Object.hasOwn(FORM_ERRORS, code) ? (code as FormError) : 'failed';
}

function newsletterResult(answer: Answer): NewsletterOutcome {
  if (answer.status === 200) return 'check_inbox';
  if (answer.status === 429) return failure(answer) === 'too_many_mails' ? 'too_many_mails' : 'rate_limited';
  const field = Object.keys(answer.body.error?.fields ?? {})[0];
  return newsletterOutcome(`invalid_${field}`) ?? 'failed';
}
