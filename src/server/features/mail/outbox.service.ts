import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema.ts';
import type { MailData, MailKind, RenderedMail } from './mail-templates.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** How long a claimed row is this sender's: longer than a send may take (mailer.ts's timeouts). */
export const LEASE_SECONDS = 30;
/** Backoff after a failed send: 1 s, 2 s, 4 s … at most a minute. */
export const BACKOFF_CAP_SECONDS = 60;

export interface MailToSend<K extends MailKind = MailKind> {
  kind: K;
  to: string;
  data: MailData[K];
}

/**
 * Writes a mail into the outbox in the caller's transaction (DESIGN §3b): it exists if and only if
 * the change it tells of was committed. The worker (outbox-worker.ts) sends it. Answers its id.
 */
export async function enqueueMail<K extends MailKind>(
  tx: Tx | Db,
  ...mails: MailToSend<K>[]
): Promise<string[]> {
  if (!mails.length) return [];
  const rows = await tx
    .insert(mailOutbox)
    .values(mails.map((m) => ({ kind: m.kind, to: m.to, data: m.data as Record<string, unknown> })))
    .returning({ id: mailOutbox.id });
  return rows.map((r) => r.id);
}

/**
 * Claims up to `batch` mails that are due for this sender: a short statement
 * that takes rows with FOR UPDATE SKIP LOCKED and moves their next attempt a lease ahead, so that no
 * other instance takes them while they are sent, and a sender that dies mid-send leaves them to be
 * taken again once the lease runs out.
 */
export async function claimDueMail(db: Db, batch: number): Promise<OutboxRow[]> {
  const result = (await db.execute(sql`
    update ${mailOutbox} m
    set attempts = m.attempts + 1, next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
    where m.id in (
      select id from ${mailOutbox}
      where sent_at is null and next_attempt_at <= now()
      order by next_attempt_at
      limit ${batch}
      for update skip locked
    )
    returning m.id, m.kind, m."to", m.data, m.message_id as "messageId", m.attempts`)) as unknown as {
    rows: Pick<OutboxRow, 'id' | 'kind' | 'to' | 'data' | 'messageId' | 'attempts'>[];
  };
  return result.rows as OutboxRow[];
}

/** The mail went out: it is never sent again. Keeps what was sent. */
export async function markMailSent(db: Db, id: string, sent: RenderedMail): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ sentAt: new Date(), subject: sent.subject, text: sent.text, html: sent.html, lastError: null })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)));
}

/** The send failed: the next attempt waits 2^(attempts−1) s (a tenth more or less), at most a minute. */
export async function markMailFailed(db: Db, row: Pick<OutboxRow, 'id' | 'attempts'>, error: string) {
  const seconds =
    Math.min(2 ** Math.max(row.attempts - 1, 0), BACKOFF_CAP_SECONDS) * (0.9 + Math.random() * 0.2);
  await db
    .update(mailOutbox)
    .set({
      nextAttemptAt: sql`now() + make_interval(secs => ${seconds}::float8)`,
      lastError: error.slice(0, 500),
    })
    .where(and(eq(mailOutbox.id, row.id), isNull(mailOutbox.sentAt)));
}
