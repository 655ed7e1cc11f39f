import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ProfileUpdate, UserProfile } from '#shared/schemas/user.ts';
import { user } from '#server/db/auth-schema.ts';
import type { Db } from '#server/db/client.ts';
import { profiles } from '#server/db/schema.ts';
import type { Auth } from '#server/plugins/auth.ts';

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: user.id, email: user.email, role: user.role })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()));
  return row;
}

export async function ensureProfile(db: Db, userId: string): Promise<void> {
  await db.insert(profiles).values({ userId }).onConflictDoNothing();
}

export async function getProfile(db: Db, email: string): Promise<UserProfile | undefined> {
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
  if (!row) return undefined;
  return {
    ...row,
    role: row.role === 'admin' ? 'admin' : 'user',
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

/** Makes the account an admin; answers false when no account has this email. */
export async function promoteToAdmin(db: Db, email: string): Promise<boolean> {
  const rows = await db
    .update(user)
    .set({ role: 'admin' })
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
    .returning({ id: user.id });
  return rows.length > 0;
}

/** ADMIN_EMAILS at start: accounts created before the variable was set become admins too. */
export async function bootstrapAdmins(db: Db, emails: string[]): Promise<void> {
  if (emails.length === 0) return;
  await db
    .update(user)
    .set({ role: 'admin' })
    .where(inArray(sql`lower(${user.email})`, emails));
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
      if (a.admin) await promoteToAdmin(db, a.email);
      await ensureProfile(db, created.id);
    } catch (err) {
      // Another instance created them at the same moment: theirs stand.
      log.debug({ err }, 'demo account not created');
      return [];
    }
  }
  log.info(
    {
      accounts: accounts.map(({ email, password, admin }) => ({
        email,
        password,
        role: admin ? 'admin' : 'customer',
      })),
    },
    'Demo accounts created (shown once; reset a password from the login page if you lose it)',
  );
  return accounts;
}
