import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format } from 'node:util';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { origin, signIn, signUp, type TestAccount } from '#tests/fixtures/accounts.ts';
import { createOrder } from '#tests/fixtures/factories.ts';
import { logSink } from '#tests/fixtures/log-sink.ts';
import { createTestApp, testConfig } from '#tests/fixtures/test-app.ts';
import { createMailer } from '#server/features/mail/mailer.ts';
import { createLogger } from '#server/logger.ts';

// Issue 13.7: the log of a store in production, read the way an operator (or whoever gets hold of
// it) reads it: no password, reset token or link, or payment client secret, whatever fails.

/** Every line the store's logger writes, and everything a library prints to the console. */
const { sink, lines } = logSink();
const consoleSpies = (['log', 'info', 'warn', 'error'] as const).map((level) =>
  vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
    lines.push(format(...args));
  }),
);
const logged = () => lines.join('\n');

const dataDir = mkdtempSync(join(tmpdir(), 'torque-log-'));
const production = { env: 'production' as const, logLevel: 'info', dataDir };
type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A local SMTP server keeping each message's text. */
async function smtpServer() {
  const mails: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      let text = '';
      stream.on('data', (d: Buffer) => (text += d.toString('utf8')));
      stream.on('end', () => {
        mails.push(unfold(text));
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const auth = (t: TestApp, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/auth/${url}`, headers: { origin }, payload });
/** A quoted-printable mail's text as one reads it. */
const unfold = (mail: string) => mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
const isReset = (mail: string) => mail.includes('/reset-password/');
const linkIn = (mail: string) => /(http\S+\/reset-password\/\S+)/.exec(mail)![1]!;
const tokenOf = (link: string) => new URL(link).pathname.split('/').pop()!;

/** Forgot password, then a new one through the mailed link; the link, and the account signed in again. */
async function resetPassword(t: TestApp, who: TestAccount, readMail: () => Promise<string>) {
  const ask = await auth(t, 'request-password-reset', { email: who.email, redirectTo: '/reset-password' });
  expect(ask.statusCode).toBe(200);
  const link = linkIn(await readMail());
  // Followed as a person follows it: the store checks it and sends them to the form.
  const landing = await t.app.inject(new URL(link).pathname + new URL(link).search);
  expect(String(landing.headers.location)).toContain(tokenOf(link));
  const reset = await auth(t, 'reset-password', {
    newPassword: 'a brand new passphrase',
    token: tokenOf(link),
  });
  expect(reset.statusCode, reset.body).toBe(200);
  return { link, again: await signIn(t.app, { email: who.email, password: 'a brand new passphrase' }) };
}

let noSmtp: TestApp;
let withSmtp: TestApp;
let smtp: Awaited<ReturnType<typeof smtpServer>>;
beforeAll(async () => {
  const { logger } = await createLogger(production, sink);
  smtp = await smtpServer();
  noSmtp = await createTestApp(production, { logger });
  withSmtp = await createTestApp({ ...production, smtpUrl: smtp.url }, { logger });
});
afterAll(async () => {
  await noSmtp?.close();
  await withSmtp?.close();
  await smtp?.close();
  consoleSpies.forEach((spy) => spy.mockRestore());
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a production store’s log', () => {
  it('holds no password, reset link or token, or client secret through a journey where things fail', async () => {
    const secrets: string[] = ['correct horse battery', 'a brand new passphrase'];

    // Sign-up and sign-in, then a reset with mail written to DATA_DIR/mail (no SMTP_URL).
    const ann = await signUp(noSmtp.app, 'ann');
    await signIn(noSmtp.app, { email: ann.email, password: ann.password });
    const { link: diskLink, again: annAgain } = await resetPassword(noSmtp, ann, async () => {
      // Written by the outbox's worker just after the answer.
      const mine = () =>
        readdirSync(join(dataDir, 'mail'))
          .filter((f) => f.includes(ann.email))
          .map((f) => unfold(readFileSync(join(dataDir, 'mail', f), 'utf8')))
          .find(isReset);
      await vi.waitFor(() => expect(mine()).toBeDefined());
      return mine()!;
    });
    secrets.push(diskLink, tokenOf(diskLink));
    expect(logged()).toContain('mail written to disk');

    // The same through SMTP.
    const bo = await signUp(withSmtp.app, 'bo');
    const { link: smtpLink } = await resetPassword(withSmtp, bo, async () => {
      const mine = () => smtp.mails.find((m) => m.includes(bo.email) && isReset(m));
      await vi.waitFor(() => expect(mine()).toBeDefined());
      return mine()!;
    });
    secrets.push(smtpLink, tokenOf(smtpLink));

    // A payment intent whose insert fails as a duplicate would: Postgres names the value in `detail`,
    // drizzle in its message and `params`.
    await noSmtp.db.execute(
      sql.raw(`
      create function torque_test_refuse_intent() returns trigger language plpgsql as $$ begin
        raise exception using errcode = 'unique_violation',
          message = 'duplicate key value violates unique constraint "sandbox_payment_intents_client_secret_unique"',
          detail = format('Key (client_secret)=(%s) already exists.', new.client_secret),
          constraint = 'sandbox_payment_intents_client_secret_unique';
      end $$`),
    );
    await noSmtp.db.execute(
      sql.raw(`
      create trigger torque_test_refuse_intent before insert on sandbox_payment_intents
        for each row execute function torque_test_refuse_intent();`),
    );
    const order = await createOrder(noSmtp.db, ann);
    const intent = await noSmtp.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: annAgain.bearer,
      payload: { orderId: order.id },
    });
    expect(intent.statusCode).toBe(500);
    expect(intent.json().error.code).toBe('internal');
    // The failure is logged, with what it takes to find it, and without the statement's values.
    const failure = lines
      .map((l) => JSON.parse(l.startsWith('{') ? l : '{}'))
      .find((l) => l.err?.code === '23505');
    expect(failure?.err).toMatchObject({ constraint: 'sandbox_payment_intents_client_secret_unique' });
    expect(failure?.err.query).toMatch(/^insert into "sandbox_payment_intents"/);

    // better-auth's own statements failing: a reset request whose verification row cannot be stored.
    await withSmtp.db.execute(
      sql.raw(`
      create function torque_test_refuse_verification() returns trigger language plpgsql as $$ begin
        raise exception using errcode = 'disk_full', message = 'could not extend file: No space left on device';
      end $$`),
    );
    await withSmtp.db.execute(
      sql.raw(`
      create trigger torque_test_refuse_verification before insert on verification
        for each row execute function torque_test_refuse_verification();`),
    );
    const failed = await auth(withSmtp, 'request-password-reset', {
      email: bo.email,
      redirectTo: '/reset-password',
    });
    // Answered by the store's error handler, in the API's shape (13.20), not by better-call's own.
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error.code).toBe('unavailable');

    const log = logged();
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toMatch(/_secret_[0-9a-f]{8}/);
    expect(log).not.toMatch(/reset-password:[\w-]{8}/);
    expect(log).not.toMatch(/\$(argon2|scrypt|2b)|[0-9a-f]{32}:[0-9a-f]{64}/);
  });
});

describe('mail written to disk', () => {
  const mail = {
    to: 'cy@example.com',
    subject: 'Reset',
    text: 'Open it',
    link: 'http://localhost:3000/x/tok3n',
  };
  const logOf = async (env: 'development' | 'production') => {
    const out = logSink();
    const { logger } = await createLogger({ env, logLevel: 'info' }, out.sink);
    await createMailer(testConfig({ env, dataDir }), logger).send(mail);
    return out.lines.join('\n');
  };

  it('logs its link in development, so a developer can follow it', async () => {
    expect(await logOf('development')).toContain(mail.link);
  });

  it('logs that it was written, with no link, in production', async () => {
    const log = await logOf('production');
    expect(log).toContain('mail written to disk');
    expect(log).not.toContain('tok3n');
  });
});
