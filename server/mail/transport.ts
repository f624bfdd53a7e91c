import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** SMTP through nodemailer; add `?pool=true` to the URL to keep connections open. */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}

/**
 * No SMTP server configured: each message becomes an .eml file in the outbox folder, and the log
 * names the file. Never its links: a confirmation or reset link in a log hands the account to
 * whoever reads the log. A developer opens the file.
 */
export function outboxTransport(dir: string, log: Logger): MailTransport {
  const builder = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  /** Made once (and again should it be removed meanwhile). */
  let isDirMade = false;
  return {
    async send(mail) {
      const { message } = (await builder.sendMail(mail)) as { message: Buffer };
      if (!isDirMade) {
        await mkdir(dir, { recursive: true });
        isDirMade = true;
      }
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      try {
        await writeFile(file, message);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await mkdir(dir, { recursive: true });
        await writeFile(file, message);
      }
      log.info({ subject: mail.subject, file }, 'mail written to the outbox');
    },
    close: () => builder.close(),
  };
}
