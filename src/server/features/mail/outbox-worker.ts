import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { createMailer, type Mailer } from './mailer.ts';
import { type MailKind, renderMail } from './mail-templates.ts';
import { claimDueMail, markMailFailed, markMailSent, type OutboxRow } from './outbox.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: MailOutbox;
  }
}

const INTERVAL_MS = 1_000;
const BATCH = 10;
/** A burst of writes is sent together rather than one by one. */
const POKE_DELAY_MS = 20;

export interface MailOutbox {
  /** Look for due mail soon (a change that wrote some has just committed). */
  poke(): void;
}

/** Sends one claimed row and records the outcome; never throws. */
async function sendRow(db: Db, mailer: Mailer, config: Config, app: FastifyInstance, row: OutboxRow) {
  const data = row.data as Record<string, unknown>;
  let rendered;
  try {
    rendered = renderMail(row.kind as MailKind, data as never, config);
    await mailer.send({
      to: row.to,
      ...rendered,
      messageId: row.messageId,
      ...(typeof data.url === 'string' && { link: data.url }),
    });
  } catch (err) {
    app.log.warn(
      { err, mail: row.id, kind: row.kind, attempts: row.attempts },
      'mail not sent; retrying later',
    );
    await markMailFailed(db, row, err instanceof Error ? err.message : String(err)).catch(() => undefined);
    return;
  }
  // If this fails, the row is sent again after its lease: its Message-ID says it is the same mail.
  await markMailSent(db, row.id, rendered).catch((err: unknown) =>
    app.log.error({ err, mail: row.id }, 'mail sent but not marked sent'),
  );
}

/**
 * The outbox's worker (DESIGN §3b), in every instance: every second, and soon after any call that
 * may have written mail, it claims due rows (SKIP LOCKED, with a lease) and sends them; a failed
 * send is retried with backoff. Stops with the app, after the batch in hand.
 */
export default fp(async function mailOutbox(app: FastifyInstance, { config }: { config: Config }) {
  const mailer = createMailer(config, app.log);
  const db = app.db;
  let timer: NodeJS.Timeout | undefined;
  let soon: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  async function drain() {
    do {
      again = false;
      const rows = await claimDueMail(db, BATCH);
      await Promise.all(rows.map((row) => sendRow(db, mailer, config, app, row)));
      if (rows.length === BATCH) again = true;
    } while (again && !closed);
  }
  function run() {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((err: unknown) => app.log.warn({ err }, 'mail outbox pass failed'))
      .finally(() => (running = undefined));
  }

  const outbox: MailOutbox = {
    poke() {
      if (closed || soon) return;
      soon = setTimeout(() => {
        soon = undefined;
        run();
      }, POKE_DELAY_MS).unref();
    },
  };
  app.decorate('outbox', outbox);

  // A call that changed something has committed by the time it is answered.
  // Not async: every request passes here, and a promise each is a measurable part of a GET's cost.
  app.addHook('onResponse', (req, reply, done) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400) outbox.poke();
    done();
  });
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, INTERVAL_MS).unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    clearTimeout(soon);
    await running;
    mailer.close();
  });
});
