import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newEmail, origin, signUp, signUpAdmin, type TestAccount } from '#tests/fixtures/accounts.ts';
import { pathOf } from '#tests/fixtures/mail-files.ts';
import { createTool } from '#tests/fixtures/factories.ts';
import { goodCard, payWithGoodCard } from '#tests/fixtures/payments.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { mailOutbox, orders } from '#server/db/schema.ts';
import { createSandboxGateway } from '#server/features/payments/gateways/sandbox.ts';
import { reconcilePayments } from '#server/features/payments/payments.service.ts';
import { holdInWords, type MailData, renderMail } from './mail-templates.ts';
import { enqueueMail } from './outbox.service.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type MailRow = typeof mailOutbox.$inferSelect;

const URL_BASE = 'https://shop.example';

/**
 * A real SMTP server that keeps every message it is given, raw, with its recipients; it takes
 * `delayMs` over each one, as a slow server does.
 */
function recordingSmtp(received: { to: string[]; raw: string }[], delayMs = 0): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () =>
        setTimeout(() => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString(),
          });
          callback();
        }, delayMs),
      );
    },
  });
}

const mailsOf = (t: TestApp, to: string, kind?: string): Promise<MailRow[]> =>
  t.db
    .select()
    .from(mailOutbox)
    .where(kind ? and(eq(mailOutbox.to, to), eq(mailOutbox.kind, kind)) : eq(mailOutbox.to, to))
    .orderBy(mailOutbox.createdAt);

async function buy(t: TestApp, who: TestAccount, toolsId: string, quantity = 2) {
  const res = await t.call('POST', '/api/purchase', who, {
    toolsId,
    quantity,
    phone: '555 0100',
    address: '1 Road',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { acknowledged: boolean; insertedId?: string };
}

describe('the outbox is written with the change it tells of', () => {
  let t: TestApp;
  let ann: TestAccount;
  let boss: TestAccount;
  const dataDir = mkdtempSync(join(tmpdir(), 'torque-mail-'));
  const BOSS = 'mail-boss@example.com';
  beforeAll(async () => {
    t = await createTestApp({ dataDir, adminEmails: [BOSS] });
    boss = await signUpAdmin(t.app, { name: 'Boss', email: BOSS, password: 'correct horse battery' });
    ann = await signUp(t.app, 'ann');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a purchase writes one "order placed" mail; a purchase rolled back by a racing twin writes none', async () => {
    const tool = await createTool(t.db, { priceCents: 1250, name: 'Mail Drill' });
    // Ten purchases of one tool by one customer at once: the unique index aborts all but one.
    const results = await Promise.all(Array.from({ length: 10 }, () => buy(t, ann, tool.id, 3)));
    const placed = results.filter((r) => r.acknowledged);
    expect(placed).toHaveLength(1);
    const mails = (await mailsOf(t, ann.email, 'order_placed')).filter(
      (m) => (m.data as { orderId: string }).orderId === placed[0]!.insertedId,
    );
    expect(mails).toHaveLength(1);
    expect(await mailsOf(t, ann.email, 'order_placed')).toHaveLength(1);
    expect(mails[0]!.data).toEqual({
      orderId: placed[0]!.insertedId,
      name: 'Test ann',
      productName: 'Mail Drill',
      quantity: 3,
      unitCents: 1250,
      totalCents: 3750,
      // The hold it was placed under (ORDER_HOLD_HOURS, 2), which the mail words.
      holdHours: 2,
    });
    expect(mails[0]!.messageId).toMatch(/^<[0-9a-f-]{36}@torque>$/);
  });

  it('enqueueMail joins the caller’s transaction: a rollback leaves no mail', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueMail(tx, {
          kind: 'password_reset',
          to: 'rolled@example.com',
          data: { name: 'R', url: 'x' },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await mailsOf(t, 'rolled@example.com')).toHaveLength(0);
  });

  it('a payment writes one receipt with the next receipt number and one notice per admin, whatever the retries', async () => {
    const tool = await createTool(t.db, { priceCents: 999 });
    const first = (await buy(t, ann, tool.id, 1)).insertedId!;
    const tool2 = await createTool(t.db, { priceCents: 4000 });
    const second = (await buy(t, ann, tool2.id, 2)).insertedId!;
    const txFirst = await payWithGoodCard(t, ann, first);
    await payWithGoodCard(t, ann, second);
    // The PATCH again (a retry) and the reconciliation's path change nothing.
    expect(
      (await t.call('PATCH', `/api/order/${first}`, ann, { appointment: first, transactionId: txFirst }))
        .statusCode,
    ).toBe(200);

    const receipts = (await mailsOf(t, ann.email, 'payment_receipt')).map(
      (m) => m.data as unknown as MailData['payment_receipt'],
    );
    expect(receipts.map((r) => r.orderId)).toEqual([first, second]);
    expect(receipts[1]!.receiptNumber).toBe(receipts[0]!.receiptNumber + 1);
    expect(receipts[0]).toMatchObject({ transactionId: txFirst, totalCents: 999, quantity: 1 });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, first));
    expect(row!.receiptNumber).toBe(receipts[0]!.receiptNumber);

    const notices = (await mailsOf(t, BOSS, 'new_paid_order')).map(
      (m) => m.data as unknown as MailData['new_paid_order'],
    );
    expect(notices.map((n) => n.orderId)).toEqual([first, second]);
    expect(notices[0]).toMatchObject({ email: ann.email, receiptNumber: receipts[0]!.receiptNumber });
  });

  it('a payment settled by the reconciliation pass (no PATCH came) mails its receipt once too', async () => {
    const orderId = (await buy(t, ann, (await createTool(t.db)).id, 1)).insertedId!;
    const { clientSecret } = (await t.call('POST', '/api/create-payment-intent', ann, { orderId })).json();
    const card = goodCard();
    const confirmed = await t.call('POST', '/api/payments/sandbox/confirm', ann, { clientSecret, card });
    expect(confirmed.statusCode).toBe(200);
    // The customer closed the tab before the PATCH: the pass settles it, twice over.
    const gateway = createSandboxGateway(t.db);
    expect((await reconcilePayments(t.db, gateway)).settled).toBe(1);
    await t.db.update(orders).set({ paymentCheckedAt: null }).where(eq(orders.id, orderId));
    expect((await reconcilePayments(t.db, gateway)).settled).toBe(0);
    const receipts = (await mailsOf(t, ann.email, 'payment_receipt')).filter(
      (m) => (m.data as { orderId: string }).orderId === orderId,
    );
    expect(receipts).toHaveLength(1);
    expect(
      (await mailsOf(t, BOSS, 'new_paid_order')).filter(
        (m) => (m.data as { orderId: string }).orderId === orderId,
      ),
    ).toHaveLength(1);
  });

  it('shipping and refunding each write their mail once', async () => {
    const shipped = (await buy(t, ann, (await createTool(t.db)).id, 1)).insertedId!;
    const refunded = (await buy(t, ann, (await createTool(t.db)).id, 1)).insertedId!;
    await payWithGoodCard(t, ann, shipped);
    await payWithGoodCard(t, ann, refunded);
    expect((await t.call('PATCH', `/api/shiftNow/${shipped}`, boss, { shiftNow: true })).statusCode).toBe(
      200,
    );
    expect((await t.call('PATCH', `/api/shiftNow/${shipped}`, boss, { shiftNow: true })).statusCode).toBe(
      200,
    );
    expect((await t.call('POST', `/api/order/${refunded}/refund`, boss)).statusCode).toBe(200);
    expect((await t.call('POST', `/api/order/${refunded}/refund`, boss)).statusCode).toBe(409);
    const ofOrder = async (kind: string, id: string) =>
      (await mailsOf(t, ann.email, kind)).filter((m) => (m.data as { orderId: string }).orderId === id);
    expect(await ofOrder('order_shipped', shipped)).toHaveLength(1);
    expect(await ofOrder('order_refunded', refunded)).toHaveLength(1);
    expect(await ofOrder('order_shipped', refunded)).toHaveLength(0);
  });

  it('the worker sends every row once, with its Message-ID, as text and HTML (DATA_DIR/mail without SMTP)', async () => {
    const id = (await buy(t, ann, (await createTool(t.db, { name: 'Eml Saw' })).id, 4)).insertedId!;
    await vi.waitFor(
      async () => {
        const unsent = await t.db
          .select()
          .from(mailOutbox)
          .where(sql`${mailOutbox.sentAt} is null`);
        expect(unsent).toHaveLength(0);
      },
      { timeout: 10_000, interval: 200 },
    );
    const [row] = (await mailsOf(t, ann.email, 'order_placed')).filter(
      (m) => (m.data as { orderId: string }).orderId === id,
    );
    expect(row).toMatchObject({ attempts: 1, subject: 'Your Torque order: 4 × Eml Saw' });
    const files = readdirSync(join(dataDir, 'mail')).map((f) =>
      readFileSync(join(dataDir, 'mail', f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    );
    const mine = files.filter((f) => f.includes(`Message-ID: ${row!.messageId}`));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatch(/Content-Type: multipart\/alternative/);
    expect(mine[0]).toMatch(/Content-Type: text\/html/);
    expect(mine[0]).toContain(`${t.app.config.publicUrl}/dashboard/payment/${id}`);
  });
});

describe('the worker while the SMTP server is down', () => {
  let t: TestApp;
  let smtp: SMTPServer | undefined;
  const received: { to: string[]; raw: string }[] = [];
  let port: number;
  beforeAll(async () => {
    // A free port with nothing listening on it yet.
    port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = probe.address() as { port: number };
        probe.close(() => resolve(p));
      });
    });
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
    await t.app.ready();
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  it('retries with backoff and delivers once the server is back, once', async () => {
    const to = 'down@example.com';
    const [id] = await enqueueMail(t.db, {
      kind: 'password_reset',
      to,
      data: { name: 'Dee', url: 'https://x/r' },
    });
    t.app.outbox.poke();
    await vi.waitFor(
      async () => {
        const [row] = await mailsOf(t, to);
        expect(row!.attempts).toBeGreaterThanOrEqual(2);
        expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);
        expect(row!.sentAt).toBeNull();
      },
      { timeout: 10_000, interval: 200 },
    );
    const [before] = await mailsOf(t, to);
    expect(before!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    smtp = recordingSmtp(received);
    await new Promise<void>((resolve) => smtp!.listen(port, '127.0.0.1', () => resolve()));
    await vi.waitFor(async () => expect((await mailsOf(t, to))[0]!.sentAt).not.toBeNull(), {
      timeout: 20_000,
      interval: 250,
    });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(received.filter((m) => m.to.includes(to))).toHaveLength(1);
    expect(received[0]!.raw).toContain(`Message-ID: ${(await mailsOf(t, to))[0]!.messageId}`);
    expect(id).toBe((await mailsOf(t, to))[0]!.id);
  });
});

describe('an answer that writes a mail does not wait for the SMTP server', () => {
  // Else its time would tell whether an address is known: a confirmed subscriber is mailed nothing
  // and a new one a link; an account is mailed a reset link and an unknown address nothing.
  const SMTP_DELAY_MS = 1_500;
  let t: TestApp;
  let smtp: SMTPServer;
  const received: { to: string[]; raw: string }[] = [];
  beforeAll(async () => {
    smtp = recordingSmtp(received, SMTP_DELAY_MS);
    const port = await new Promise<number>((resolve) =>
      smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as { port: number }).port)),
    );
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
    await t.app.ready();
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  /** A visitor's POST: its status and how long its answer took. */
  async function timed(url: string, payload: object): Promise<{ status: number; ms: number }> {
    const start = performance.now();
    const res = await t.app.inject({ method: 'POST', url, headers: { origin }, payload });
    return { status: res.statusCode, ms: performance.now() - start };
  }
  const mailedTo = (to: string) => received.filter((m) => m.to.includes(to));
  /** Waits until the worker has sent this address's mails (sent_at is written once the server took them). */
  const sentTo = (to: string, count: number) =>
    vi.waitFor(
      async () => {
        const rows = await mailsOf(t, to);
        expect(rows.filter((r) => r.sentAt)).toHaveLength(count);
        expect(mailedTo(to)).toHaveLength(count);
      },
      { timeout: 10_000, interval: 50 },
    );

  it('a newsletter sign-up is answered as soon for a confirmed subscriber as for a new address, whose link still comes, once', async () => {
    const known = newEmail('subscriber');
    expect((await timed('/api/newsletter', { name: 'Kit Known', email: known })).status).toBe(200);
    await sentTo(known, 1);
    const link = /(http\S+)/.exec(mailedTo(known)[0]!.raw.replace(/=\r?\n/g, ''))![1]!.replace(/=3D/g, '=');
    const confirmed = await t.app.inject({ method: 'GET', url: pathOf(link) });
    expect(confirmed.headers.location).toMatch(/=confirmed#/);

    const fresh = newEmail('newcomer');
    const again = await timed('/api/newsletter', { name: 'Kit Known', email: known });
    const first = await timed('/api/newsletter', { name: 'Nia New', email: fresh });
    expect([again.status, first.status]).toEqual([200, 200]);
    expect(again.ms).toBeLessThan(500);
    expect(first.ms).toBeLessThan(500);
    await sentTo(fresh, 1);
    expect(mailedTo(known)).toHaveLength(1);
  });

  it('a password reset is answered as soon for an account as for an unknown address; the account’s link still comes, once', async () => {
    const account = await signUp(t.app, 'resetter');
    const unknown = newEmail('nobody');
    const body = (email: string) => ({ email, redirectTo: '/reset-password' });
    const known = await timed('/api/auth/request-password-reset', body(account.email));
    const stranger = await timed('/api/auth/request-password-reset', body(unknown));
    expect([known.status, stranger.status]).toEqual([200, 200]);
    expect(known.ms).toBeLessThan(500);
    expect(stranger.ms).toBeLessThan(500);
    await vi.waitFor(
      async () => expect((await mailsOf(t, account.email, 'password_reset'))[0]?.sentAt).toBeTruthy(),
      { timeout: 10_000, interval: 50 },
    );
    expect(mailedTo(account.email).filter((m) => /Subject: Reset/i.test(m.raw))).toHaveLength(1);
    expect(mailedTo(unknown)).toHaveLength(0);
  });
});

describe('the headers of a sent mail', () => {
  let smtp: SMTPServer;
  let port: number;
  const received: { to: string[]; raw: string }[] = [];
  beforeAll(async () => {
    smtp = recordingSmtp(received);
    port = await new Promise<number>((resolve) =>
      smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as { port: number }).port)),
    );
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  /** The raw message a store configured so sends to `to`. */
  async function sentBy(overrides: Partial<TestApp['app']['config']>, to: string): Promise<string> {
    const t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, ...overrides });
    try {
      await t.app.ready();
      await enqueueMail(t.db, { kind: 'password_reset', to, data: { name: 'Rey', url: 'https://x/r' } });
      t.app.outbox.poke();
      await vi.waitFor(() => expect(received.some((m) => m.to.includes(to))).toBe(true), {
        timeout: 5_000,
        interval: 20,
      });
    } finally {
      await t.close();
    }
    const mail = received.find((m) => m.to.includes(to));
    expect(mail).toBeDefined();
    return mail!.raw;
  }

  it('carries Reply-To: MAIL_REPLY_TO when it is set, and no Reply-To otherwise', async () => {
    const replied = await sentBy(
      { mailFrom: 'Torque <no-reply@shop.example>', mailReplyTo: 'Torque Support <help@shop.example>' },
      'reply-to@example.com',
    );
    expect(replied).toMatch(/^From: Torque <no-reply@shop\.example>\r?$/m);
    expect(replied).toMatch(/^Reply-To: Torque Support <help@shop\.example>\r?$/m);
    const plain = await sentBy({}, 'no-reply-to@example.com');
    expect(plain).toMatch(/^From: /m);
    expect(plain).not.toMatch(/^Reply-To:/im);
  });
});

describe('the messages', () => {
  const order = {
    orderId: '3f1c2d4e-0000-4000-8000-000000000001',
    name: 'Ann Buyer',
    productName: 'Cordless Drill <Pro>',
    quantity: 3,
    unitCents: 12_550,
    totalCents: 37_650,
  };
  const cases: { [K in keyof MailData]: [MailData[K], string, string[]] } = {
    order_placed: [
      { ...order, holdHours: 2 },
      'Your Torque order: 3 × Cordless Drill <Pro>',
      [
        'Hello Ann Buyer,',
        'We hold the items for you for 2 hours: an order not paid by then is cancelled',
        'Item: Cordless Drill <Pro>',
        'Quantity: 3',
        'Unit price: $125.50',
        'Total: $376.50',
        `Pay for your order: ${URL_BASE}/dashboard/payment/${order.orderId}`,
      ],
    ],
    payment_receipt: [
      { ...order, transactionId: 'pi_sandbox_42', receiptNumber: 42, paidAt: '2026-11-23T10:00:00.000Z' },
      'Receipt R-000042 for your Torque order',
      [
        'We received your payment of $376.50.',
        'Receipt number: R-000042',
        'Transaction id: pi_sandbox_42',
        'Date: 2026-11-23 10:00 UTC',
        'Amount paid: $376.50',
        `View and print your receipt: ${URL_BASE}/dashboard/receipt/${order.orderId}`,
      ],
    ],
    new_paid_order: [
      { ...order, email: 'ann@example.com', transactionId: 'pi_sandbox_42', receiptNumber: 42 },
      'New paid order: 3 × Cordless Drill <Pro> ($376.50)',
      [
        'Ann Buyer <ann@example.com> has paid an order.',
        'Receipt number: R-000042',
        `${URL_BASE}/dashboard/manageOrders`,
      ],
    ],
    order_shipped: [
      order,
      'Your Torque order is ready for shipping',
      ['Your order of 3 × Cordless Drill <Pro> is ready for shipping.', `Order number: ${order.orderId}`],
    ],
    order_refunded: [
      { ...order, transactionId: 'pi_sandbox_42' },
      'Your Torque order was refunded',
      [
        'We have refunded $376.50 for your order of 3 × Cordless Drill <Pro>.',
        'Transaction id: pi_sandbox_42',
      ],
    ],
    order_expired: [
      { ...order, toolId: 'tool-7', holdHours: 2 },
      'Your Torque order was cancelled: it was not paid',
      [
        'Your order of 3 × Cordless Drill <Pro> was not paid within 2 hours, so we cancelled it',
        'Nothing was charged.',
        `Order it again: ${URL_BASE}/tools/tool-7`,
      ],
    ],
    order_cancelled: [
      { ...order, toolId: 'tool-7' },
      'Your Torque order was cancelled',
      [
        'As you asked, we cancelled your order of 3 × Cordless Drill <Pro>',
        'Nothing was charged.',
        `Order number: ${order.orderId}`,
        'Total: $376.50',
        `Order it again: ${URL_BASE}/tools/tool-7`,
      ],
    ],
    password_reset: [
      { name: 'Ann', url: 'https://shop.example/api/auth/reset-password/tok?callbackURL=%2Freset-password' },
      'Reset your Torque password',
      [
        'Choose a new password: https://shop.example/api/auth/reset-password/tok?callbackURL=%2Freset-password',
      ],
    ],
    admin_password: [
      { name: 'Ann', url: 'https://shop.example/api/auth/reset-password/tok?callbackURL=%2Freset-password' },
      'You are an admin of Torque: choose your password',
      [
        'the password chosen at sign-up no longer works',
        'Choose my password: https://shop.example/api/auth/reset-password/tok?callbackURL=%2Freset-password',
      ],
    ],
    email_verification: [
      { name: 'Ann', url: 'https://shop.example/api/auth/verify-email?token=t' },
      'Confirm your Torque email address',
      ['Confirm my address: https://shop.example/api/auth/verify-email?token=t'],
    ],
    password_changed: [
      { name: 'Ann', changedAt: '2026-11-28T09:41:07.000Z' },
      'Your Torque password was changed',
      [
        'Hello Ann,',
        'was changed on 2026-11-28 09:41 UTC.',
        'Every other session of your account was signed out.',
        `If it was not you, reset your password now: ${URL_BASE}/forgot-password`,
      ],
    ],
    newsletter_confirm: [
      { name: "Nell O'Neil", url: 'https://shop.example/api/newsletter/confirm?token=t&x=1' },
      "Confirm your subscription to Torque's newsletter",
      [
        "Hello Nell O'Neil,",
        'Open this link within 7 days to confirm your subscription:',
        'Confirm my subscription: https://shop.example/api/newsletter/confirm?token=t&x=1',
        'If it was not you, ignore this message: we will not write to you again.',
      ],
    ],
  };

  it('newsletter_confirm: the HTML says what the text says, with the link as its button', () => {
    const url = 'https://shop.example/api/newsletter/confirm?token=t&x=1';
    const mail = renderMail(
      'newsletter_confirm',
      { name: "Nell O'Neil", url },
      {
        publicUrl: URL_BASE,
      },
    );
    const escaped = (s: string) => s.replaceAll('&', '&amp;').replaceAll("'", '&#39;');
    // Every paragraph of the text (the button's line and the signature aside) is in the HTML.
    const paragraphs = mail.text
      .split('\n')
      .filter((l) => l && !/^(Confirm my subscription:|— Torque)/.test(l));
    expect(paragraphs).toHaveLength(4);
    for (const line of paragraphs) expect(mail.html).toContain(escaped(line));
    expect(mail.html).toContain(`<a href="${escaped(url)}"`);
    expect(mail.html).toContain('>Confirm my subscription</a>');
  });

  it('an order mail without a hold (written before orders kept theirs) words it without a number', () => {
    const placed = renderMail('order_placed', order, { publicUrl: URL_BASE });
    expect(placed.text).toContain(
      'We hold the items for you for a limited time: an order not paid by then is cancelled',
    );
    const expired = renderMail(
      'order_expired',
      { ...order, toolId: 'tool-7', holdHours: Number.NaN },
      { publicUrl: URL_BASE },
    );
    expect(expired.text).toContain('was not paid in time, so we cancelled it');
    for (const mail of [placed, expired]) expect(mail.text + mail.html).not.toMatch(/NaN|undefined/);
  });

  it('says how long an unpaid order is held in words', () => {
    expect([2, 1, 0.5, 1.5, 1 / 60].map(holdInWords)).toEqual([
      '2 hours',
      '1 hour',
      '30 minutes',
      '90 minutes',
      '1 minute',
    ]);
  });

  it.each(Object.entries(cases))(
    '%s: subject, text and HTML say what happened',
    (kind, [data, subject, lines]) => {
      const mail = renderMail(kind as keyof MailData, data as never, {
        publicUrl: URL_BASE,
      });
      expect(mail.subject).toBe(subject);
      for (const line of lines) expect(mail.text).toContain(line);
      // The HTML says the same, with the buyer's words escaped, and loads nothing from anywhere.
      expect(mail.html).toContain('background:#0f172a');
      expect(mail.html).toContain('background:#f97316');
      expect(mail.html).not.toMatch(/<img|url\(|<link|<script/i);
      expect(mail.html).not.toContain('<Pro>');
      if (JSON.stringify(data).includes('<Pro>')) expect(mail.html).toContain('Cordless Drill &lt;Pro&gt;');
    },
  );
});
