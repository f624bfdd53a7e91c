import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

/**
 * The store writes mail to DATA_DIR/outbox when no SMTP server is configured: waits for a message
 * to an address with a link containing `linkPart`, and returns that link (the newest such).
 */
export async function linkFromOutbox(
  to: string,
  linkPart: string,
  timeoutMs = 15_000,
  /** Only a message with this text (a quote's number, say): others' mails to a shared address. */
  containing = '',
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        link = (await mailsTo(to))
          .filter((text) => text.includes(containing))
          .reverse()
          .flatMap((text) => text.match(/https?:\/\/[^\s"<>]+/g) ?? [])
          .find((url) => url.includes(linkPart));
        return link;
      },
      { timeout: timeoutMs, message: `a mail to ${to} with a ${linkPart} link in the outbox` },
    )
    .toBeDefined();
  return (link as string).replaceAll('&amp;', '&');
}

/**
 * Every message to an address in the outbox so far, oldest first, decoded. The store sends from
 * a queue, so a message may arrive a moment after the request that caused it: poll.
 */
export async function mailsTo(to: string): Promise<string[]> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (e2e/global-setup.ts sets it).');
  const dir = path.join(dataDir, 'outbox');
  // File names start with the time they were written.
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((f) => f.endsWith('.eml'))
    .sort();
  const recipient = new RegExp(`^To: .*${escapeRegExp(to)}`, 'im');
  const mails: string[] = [];
  for (const file of files) {
    const text = await readMail(path.join(dir, file), file);
    if (recipient.test(text)) mails.push(text);
  }
  return mails;
}

/**
 * The outbox grows with every journey, and each wait for a mail read all of it again: a message
 * is read once it is a few seconds old (the store writes a file once, but not in one step).
 */
const settledMails = new Map<string, string>();

async function readMail(file: string, name: string): Promise<string> {
  const known = settledMails.get(file);
  if (known !== undefined) return known;
  const text = decodeQuotedPrintable(await readFile(file, 'utf8'));
  if (Date.now() - writtenAt(name) > 5_000) settledMails.set(file, text);
  return text;
}

/** When the store wrote a message, from its name (`2026-11-28T12-10-01-123Z-<id>.eml`). */
function writtenAt(name: string): number {
  const stamp = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z/.exec(name);
  if (!stamp) return Date.now();
  const [, day, hours, minutes, seconds, millis] = stamp;
  return Date.parse(`${day}T${hours}:${minutes}:${seconds}.${millis}Z`);
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
