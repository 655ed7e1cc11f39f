import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '#server/config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The same message as HTML; sent beside the text as multipart/alternative. */
  html?: string;
  /** The outbox row's stable Message-ID, so that a retry after a lost answer is recognisable. */
  messageId?: string;
  /** A link the message carries, logged outside production when mail is written to disk. */
  link?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set. Otherwise each message is written as an .eml file to DATA_DIR/mail and,
 * outside production, its link logged: a store on a laptop has no mail server, and a reset must
 * still be possible. Only the outbox's worker (outbox-worker.ts) sends.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const { mailFrom: from, mailReplyTo: replyTo } = config;
  if (config.smtpUrl) {
    // Pooled connections; a server that stops answering fails a send within the outbox's lease
    // (30 s), so that no other sender takes the row while this one may still deliver it.
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      pool: true,
      maxConnections: 5,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 15_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    return {
      async send({ to, subject, text, html, messageId }) {
        await transport.sendMail({ from, replyTo, to, subject, text, html, messageId });
      },
      close: () => transport.close(),
    };
  }
  const dir = join(config.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ to, subject, text, html, messageId, link }) {
      const info = await transport.sendMail({ from, replyTo, to, subject, text, html, messageId });
      await mkdir(dir, { recursive: true });
      const file = join(
        dir,
        `${new Date().toISOString().replaceAll(':', '-')}-${to.replace(/[^\w.@-]/g, '_')}-${(messageId ?? '').replace(/[^\w-]/g, '').slice(0, 12)}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      // The link opens the account of whoever reads the log: a developer's own, never production's.
      if (config.env === 'production') log.info({ to, subject, file }, 'mail written to disk (no SMTP_URL)');
      else log.info({ to, subject, file, link }, 'mail written to disk (no SMTP_URL)');
    },
    close: () => transport.close(),
  };
}
