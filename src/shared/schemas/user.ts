import { z } from 'zod';
import { FORM_ERRORS } from '#shared/form-posts.ts';
import { DisplayName } from './account.ts';
import { isPlainText, NOT_PLAIN_TEXT } from './text.ts';

/**
 * DESIGN §5.7: what a browser's `<input type=email>` accepts (the WHATWG "valid email address"),
 * with at least one dot in the domain. SPEC's 2–3-letter pattern turned away most real buyers.
 */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/**
 * An email address wherever one is given: the forms, the sign-up, and the API's params and
 * queries. Compared in lower case, so it is lowered here; 254 characters at most (RFC 5321).
 */
export const Email = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Provide a valid email')
  .regex(EMAIL_PATTERN, 'Provide a valid email')
  .toLowerCase();

/** A password typed to sign in or to confirm who is asking: SPEC §5's message. */
export const Password = z.string().min(1, 'Password is required');

/** OWASP ASVS 2.1.1 / 2.1.2: at least 8 characters, and long passphrases allowed (better-auth.ts). */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/** A password being chosen (sign-up, reset, change): the server's rule, checked at the field first. */
export const NewPassword = Password.min(MIN_PASSWORD_LENGTH, FORM_ERRORS.password_too_short).max(
  MAX_PASSWORD_LENGTH,
  FORM_ERRORS.password_too_long,
);

/** The login form, with SPEC §5's messages. */
export const LoginInput = z.object({
  email: Email,
  password: Password,
});
export type LoginInput = z.infer<typeof LoginInput>;

/** The registration form, with SPEC §5's messages and the sign-up's own name rule. */
export const RegisterInput = z.object({
  name: DisplayName,
  email: Email,
  password: NewPassword,
});
export type RegisterInput = z.infer<typeof RegisterInput>;

export const TokenResponse = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof TokenResponse>;

export const AdminCheck = z.object({ admin: z.boolean() });
export type AdminCheck = z.infer<typeof AdminCheck>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .refine(isPlainText, NOT_PLAIN_TEXT)
    .transform((s) => s || null)
    .nullable()
    .optional();

/** PUT /myProfile/{email}: every field optional (SPEC §5); empty text clears a field. */
export const ProfileUpdate = z
  .object({
    education: optionalText(200),
    profession: optionalText(100),
    linkedIn: z
      .string()
      .trim()
      .max(300, 'At most 300 characters')
      .refine(
        (s) => s === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(s),
        'Give a link starting with http:// or https://',
      )
      .transform((s) => s || null)
      .nullable()
      .optional(),
    address: optionalText(300),
  })
  .strict();
export type ProfileUpdate = z.input<typeof ProfileUpdate>;

/** GET /user/{email}: the account (SPEC §3 auth user) and its saved profile. */
export const UserProfile = z.object({
  displayName: z.string(),
  email: z.string(),
  photoURL: z.string().nullable(),
  role: z.enum(['admin', 'user']),
  twoFactorEnabled: z.boolean(),
  education: z.string().nullable(),
  profession: z.string().nullable(),
  linkedIn: z.string().nullable(),
  address: z.string().nullable(),
});
export type UserProfile = z.infer<typeof UserProfile>;
