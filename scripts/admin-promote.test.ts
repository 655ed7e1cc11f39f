import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '#server/db/auth-schema.ts';
import { type Db, openDatabase } from '#server/db/client.ts';

// The script as the owner runs it, on an embedded database (DATA_DIR) holding three accounts.
const dataDir = mkdtempSync(join(tmpdir(), 'torque-promote-'));
const confirmed = 'boss@example.com';
const stranger = 'ceo@example.com';
const owner = 'owner@example.com';

const withDatabase = async <T>(use: (db: Db) => Promise<T>) => {
  const database = await openDatabase({ kind: 'pglite', dataDir, seed: false });
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
};

const roleOf = (email: string) =>
  withDatabase(async (db) => (await db.select().from(user).where(eq(user.email, email)))[0]!.role);

function adminPromote(...args: string[]) {
  const { DATABASE_URL: _url, ...env } = process.env;
  const run = spawnSync(process.execPath, ['scripts/admin-promote.ts', ...args], {
    env: { ...env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

beforeAll(async () => {
  await withDatabase(async (db) => {
    const account = (email: string, emailVerified: boolean) => ({
      id: randomUUID(),
      name: 'Someone',
      email,
      emailVerified,
    });
    await db.insert(user).values([account(confirmed, true), account(stranger, false), account(owner, false)]);
  });
});

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run admin:promote', { timeout: 60_000 }, () => {
  it('promotes an account whose address is confirmed, without a word on stderr', async () => {
    const run = adminPromote(confirmed);
    expect(run).toEqual({ status: 0, stdout: `${confirmed} is now an admin.\n`, stderr: '' });
    expect(await roleOf(confirmed)).toBe('admin');
  });

  it('refuses an unconfirmed address, and says in one line how to promote it anyway', async () => {
    const run = adminPromote(stranger);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain(`${stranger} has not confirmed this email address`);
    expect(run.stderr).toContain(`npm run admin:promote -- ${stranger} --unconfirmed`);
    expect(await roleOf(stranger)).toBe('user');
  });

  it('promotes an unconfirmed address with --unconfirmed, warning that it is unconfirmed', async () => {
    const run = adminPromote(owner, '--unconfirmed');
    expect(run).toEqual({
      status: 0,
      stdout: `${owner} is now an admin.\n`,
      stderr:
        `Warning: ${owner} has not confirmed this email address; anyone can sign up with an address ` +
        `they don't own. Promoted anyway.\n`,
    });
    expect(await roleOf(owner)).toBe('admin');
  });

  it('warns of nothing when --unconfirmed is given for an account already an admin', async () => {
    expect(adminPromote(confirmed, '--unconfirmed')).toEqual({
      status: 0,
      stdout: `${confirmed} is already an admin.\n`,
      stderr: '',
    });
  });
});
