import { createAuthMiddleware } from 'better-auth/api';
import { Email } from '#shared/schemas/user.ts';
import { invalid } from './account-rules.ts';

/**
 * better-auth's `hooks.before`: a sign-up's email must pass the one rule of the forms (DESIGN
 * §5.7), or the call answers 400 in the API's error shape (DESIGN §3) and creates nothing.
 * better-auth's own check would take addresses the form refuses.
 */
export const signUpEmailRule = createAuthMiddleware(async (ctx) => {
  if (ctx.path !== '/sign-up/email') return;
  const email = (ctx.body as { email?: unknown } | undefined)?.email;
  const checked = Email.safeParse(typeof email === 'string' ? email : '');
  if (checked.success) return;
  const message = checked.error.issues[0]?.message ?? 'Provide a valid email';
  throw invalid('email', message);
});
