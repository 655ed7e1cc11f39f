import { z } from 'zod';
import { Email } from '#shared/schemas/user.ts';
import type { CurrentUser } from '#server/auth/current-user.ts';
import { HttpError, NAMES_NOTHING } from './errors.ts';

/**
 * `{id}` in the path, an id of the form `schema` gives (ToolId, OrderId). A malformed one names
 * nothing, so the call answers 404 with `notFound`, as for an unknown id, however long it is (the
 * router refuses a parameter past 300 characters with 414). The handler gets a well-formed id.
 */
export function IdParam(schema: z.ZodType<string>, notFound: string) {
  return z.object({
    id: z
      .string()
      .refine((id) => schema.safeParse(id).success, { message: notFound, params: { [NAMES_NOTHING]: true } }),
  });
}

/**
 * `{id}` for a call whose answer to an unknown id is not a 404 (DELETE /tool/{id}: deletedCount
 * 0): a malformed id arrives as null, "names nothing", and the handler answers as for an unknown one.
 */
export function IdOrNothingParam(schema: z.ZodType<string>) {
  return z.object({
    id: z.string().transform((id) => (schema.safeParse(id).success ? id : null)),
  });
}

/** `{email}` in the path: an address by the one rule of the forms and the sign-up (DESIGN §5.7). */
export const EmailParam = z.object({ email: Email });

/** `?email=`: the calls of SPEC §7 that are asked with the caller's own email. */
export const EmailQuery = z.object({ email: Email });

/** Two emails name the same account: case and surrounding spaces aside. */
export const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The email a call names must be the caller's own: 403 otherwise, with the call's own words. */
export function requireOwnEmail(caller: Pick<CurrentUser, 'email'>, email: string, message: string): void {
  if (!sameEmail(caller.email, email)) throw new HttpError(403, 'forbidden', message);
}
