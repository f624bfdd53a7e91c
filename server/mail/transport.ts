import { randomUUID } from 'node:crypto';
import { chmod, mkdir, stat, writeFile } from 'node:fs/promises';
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
 * The outbox folder, the store's user's alone (0700): DATA_DIR itself is open to enter, for the
 * postgres user (docs/decisions/029). A folder an earlier version made open is closed once.
 */
async function makeOutbox(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (((await stat(dir)).mode & 0o077) !== 0) await chmod(dir, 0o700);
}

/**
 * No SMTP server configured: each message becomes an .eml file in the outbox folder, and the log
 * names the file. Never its links: a confirmation or reset link in a log hands the account to
 * whoever reads the log. A developer opens the file. The file is created readable by the store's
 * user only (0600), as is the folder: the links in it take over accounts.
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
        await makeOutbox(dir);
        isDirMade = true;
      }
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      const privately = { mode: 0o600, flag: 'wx' } as const;
      try {
        await writeFile(file, message, privately);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await makeOutbox(dir);
        await writeFile(file, message, privately);
      }
      log.info({ subject: mail.subject, file }, 'mail written to the outbox');
    },
    close: () => builder.close(),
  };
}
