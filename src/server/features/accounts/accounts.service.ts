import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ProfileUpdate, UserProfile } from '#shared/schemas/user.ts';
import type { Auth } from '#server/auth/better-auth.ts';
import { account, session, user } from '#server/db/auth-schema.ts';
import type { Db } from '#server/db/client.ts';
import { profiles } from '#server/db/schema.ts';
import { Conflict, NotFound } from '#server/domain-errors.ts';
import { type Actor, record } from '#server/features/audit/audit.service.ts';

/** better-auth's role column is free text: anything but 'admin' is a customer. */
export function toRole(role: string): 'admin' | 'user' {
  return role === 'admin' ? 'admin' : 'user';
}

export async function ensureProfile(db: Db, userId: string): Promise<void> {
  await db.insert(profiles).values({ userId }).onConflictDoNothing();
}

/** The account with this email and its profile; NotFound when there is none. */
export async function getProfile(db: Db, email: string): Promise<UserProfile> {
  const [row] = await db
    .select({
      displayName: user.name,
      email: user.email,
      photoURL: user.image,
      role: user.role,
      twoFactorEnabled: user.twoFactorEnabled,
      education: profiles.education,
      profession: profiles.profession,
      linkedIn: profiles.linkedIn,
      address: profiles.address,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()));
  if (!row) throw new NotFound('No account with this email.');
  return {
    ...row,
    role: toRole(row.role),
    twoFactorEnabled: row.twoFactorEnabled ?? false,
    education: row.education ?? null,
    profession: row.profession ?? null,
    linkedIn: row.linkedIn ?? null,
    address: row.address ?? null,
  };
}

/** Saves the fields given; a field left out keeps its value, an empty one is cleared. */
export async function updateProfile(db: Db, userId: string, input: ProfileUpdate): Promise<void> {
  const fields = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  await db
    .insert(profiles)
    .values({ userId, ...fields })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...fields, updatedAt: new Date() } });
}

/** An account as the admin console lists it (UserRecord's columns). */
export const userRecordColumns = {
  _id: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
  emailVerified: user.emailVerified,
};

// Who promotes: an admin (PUT /user/admin/{email}), or no person (id null): the store itself,
// named in the audit log by how it was asked.
/** `npm run admin:promote`. */
export const CLI: Actor = { id: null, email: 'cli' };
/** The ADMIN_EMAILS setting, at start and at sign-up. */
const ADMIN_EMAILS: Actor = { id: null, email: 'ADMIN_EMAILS' };
/** The demo admin of a first start. */
const DEMO_SETUP: Actor = { id: null, email: 'demo setup' };

/**
 * Makes an account an admin, and records who did it; no demotion exists. The one way an admin is
 * made. Answers false when the account was an admin already; NotFound when no account has the email.
 *
 * `confirmedOnly` (the Make Admin button): an account whose address was never confirmed is refused
 * with Conflict and stays as it was, as ADMIN_EMAILS waits for the confirmation: anyone can sign up
 * as ceo@yourcompany.com without owning the address. The owner's `npm run admin:promote`, run on the
 * store's own database, may still promote it.
 */
export async function promote(
  db: Db,
  actor: Actor,
  email: string,
  { confirmedOnly = false }: { confirmedOnly?: boolean } = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const target = email.trim().toLowerCase();
    const [row] = await tx
      .update(user)
      .set({ role: 'admin' })
      .where(
        and(
          eq(sql`lower(${user.email})`, target),
          sql`${user.role} <> 'admin'`,
          confirmedOnly ? eq(user.emailVerified, true) : undefined,
        ),
      )
      .returning({ id: user.id });
    if (row) {
      await record(tx, actor, 'user.promote', target);
      return true;
    }
    const [found] = await tx
      .select({ email: user.email, role: user.role })
      .from(user)
      .where(eq(sql`lower(${user.email})`, target));
    if (!found) throw new NotFound('No account with this email.');
    if (found.role === 'admin') return false;
    throw new Conflict(
      'email_unconfirmed',
      `${found.email} has not confirmed their email address yet; they can send the link again from My Profile.`,
    );
  });
}

/**
 * An account in ADMIN_EMAILS is an admin once its address is verified (better-auth's hook), never
 * from a sign-up alone: whoever registers an address first must not get the store.
 */
export async function promoteIfListed(db: Db, adminEmails: string[], email: string): Promise<void> {
  if (adminEmails.includes(email.trim().toLowerCase())) await promote(db, ADMIN_EMAILS, email);
}

/**
 * The confirmation link of an address in ADMIN_EMAILS proves who holds the mailbox, not who chose
 * the account's password: anyone may have signed up with the address first and waited for its
 * owner to confirm it. Unless the confirming browser is itself signed in to the account (`keep`,
 * its session: then whoever confirms signed up), every session made before the confirmation ends
 * and the password stops working. Answers whether there was a password, for the owner to choose
 * their own by a mailed link.
 */
export async function endCredentialsBeforeConfirmation(
  db: Db,
  userId: string,
  keep: string | undefined,
): Promise<boolean> {
  if (keep) return false;
  return db.transaction(async (tx) => {
    await tx.delete(session).where(eq(session.userId, userId));
    const cleared = await tx
      .update(account)
      .set({ password: null })
      .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
      .returning({ id: account.id });
    return cleared.length > 0;
  });
}

/** ADMIN_EMAILS at start: verified accounts created before the variable was set become admins too. */
export async function bootstrapAdmins(db: Db, emails: string[]): Promise<void> {
  if (!emails.length) return;
  const verified = await db
    .select({ email: user.email })
    .from(user)
    .where(and(inArray(sql`lower(${user.email})`, emails), eq(user.emailVerified, true)));
  for (const { email } of verified) await promote(db, ADMIN_EMAILS, email);
}

/**
 * On a production store, the demo accounts a development start made (on the same data) lose every
 * session: they never sign in there (better-auth's hook refuses their passwords).
 */
export async function endDemoSessions(db: Db): Promise<void> {
  await db.delete(session).where(
    inArray(
      session.userId,
      db
        .select({ id: user.id })
        .from(user)
        .where(inArray(sql`lower(${user.email})`, [DEMO_ADMIN_EMAIL, DEMO_CUSTOMER_EMAIL])),
    ),
  );
}

export const DEMO_ADMIN_EMAIL = 'admin@example.com';
export const DEMO_CUSTOMER_EMAIL = 'customer@example.com';

/**
 * On the first start of a store with no accounts (never in production), one admin and one
 * customer, with fresh random passwords printed once. Returns what was created.
 */
export async function createDemoAccounts(db: Db, auth: Auth, log: FastifyBaseLogger) {
  const [any] = await db.select({ id: user.id }).from(user).limit(1);
  if (any) return [];
  const accounts = [
    {
      name: 'Torque Admin',
      email: DEMO_ADMIN_EMAIL,
      password: randomBytes(9).toString('base64url'),
      admin: true,
    },
    {
      name: 'Casey Customer',
      email: DEMO_CUSTOMER_EMAIL,
      password: randomBytes(9).toString('base64url'),
      admin: false,
    },
  ];
  for (const a of accounts) {
    try {
      const { user: created } = await auth.api.signUpEmail({
        body: { name: a.name, email: a.email, password: a.password },
      });
      // Their addresses are made up: nobody could follow a verification link.
      await db.update(user).set({ emailVerified: true }).where(eq(user.id, created.id));
      if (a.admin) await promote(db, DEMO_SETUP, a.email);
      await ensureProfile(db, created.id);
    } catch (err) {
      // Another instance created them at the same moment: theirs stand.
      log.debug({ err }, 'demo account not created');
      return [];
    }
  }
  // Their passwords are shown once on the terminal (main.ts), never in the log.
  log.info({ accounts: accounts.map(({ email }) => email) }, 'demo accounts created');
  return accounts;
}
