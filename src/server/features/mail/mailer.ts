import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '#server/config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** A link the message carries, logged outside production when mail is written to disk. */
  link?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set. Otherwise each message is written as an .eml file to DATA_DIR/mail and,
 * outside production, its link logged: a store on a laptop has no mail server, and a reset must
 * still be possible.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send({ to, subject, text }) {
        await transport.sendMail({ from: config.mailFrom, to, subject, text });
      },
    };
  }
  const dir = join(config.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ to, subject, text, link }) {
      const info = await transport.sendMail({ from: config.mailFrom, to, subject, text });
      await mkdir(dir, { recursive: true });
      const file = join(
        dir,
        `${new Date().toISOString().replaceAll(':', '-')}-${to.replace(/[^\w.@-]/g, '_')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      // The link opens the account of whoever reads the log: a developer's own, never production's.
      if (config.env === 'production') log.info({ to, subject, file }, 'mail written to disk (no SMTP_URL)');
      else log.info({ to, subject, file, link }, 'mail written to disk (no SMTP_URL)');
    },
  };
}
