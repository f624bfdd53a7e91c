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
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        link = (await mailsTo(to))
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
    const text = decodeQuotedPrintable(await readFile(path.join(dir, file), 'utf8'));
    if (recipient.test(text)) mails.push(text);
  }
  return mails;
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
