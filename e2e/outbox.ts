import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The store writes mail to DATA_DIR/outbox when no SMTP server is configured: read the newest
 * message to an address and return the first link containing `linkPart`.
 */
export async function linkFromOutbox(
  to: string,
  linkPart: string,
  timeoutMs = 15_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const text of (await mailsTo(to)).reverse()) {
      const link = text.match(/https?:\/\/[^\s"<>]+/g)?.find((url) => url.includes(linkPart));
      if (link) return link.replaceAll('&amp;', '&');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail to ${to} with a ${linkPart} link arrived in the outbox.`);
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
