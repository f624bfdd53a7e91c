import { chmod, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { outboxTransport } from './transport.ts';

// The outbox holds confirmation and reset links, which take over accounts: only the store's user
// may read it, though DATA_DIR around it is open to enter (for the postgres user).

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});
const log = pino({ level: 'silent' });
const mail = {
  from: 'store@example.com',
  to: 'ada@example.com',
  subject: 'Reset your password',
  text: 'https://shop.example/reset-password/secret-token',
  html: '<p>https://shop.example/reset-password/secret-token</p>',
};

async function openDataDir(): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'toolyard-outbox-modes-'));
  dirs.push(dataDir);
  await chmod(dataDir, 0o755);
  return dataDir;
}

async function sendOne(outbox: string): Promise<string> {
  const transport = outboxTransport(outbox, log);
  await transport.send(mail);
  transport.close();
  const [file] = await readdir(outbox);
  return path.join(outbox, file ?? '');
}

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

describe('the mail outbox', () => {
  it("is made the store's user's alone, and each mail is written readable by that user only", async () => {
    const outbox = path.join(await openDataDir(), 'outbox');
    const eml = await sendOne(outbox);
    expect(await modeOf(outbox)).toBe(0o700);
    expect(await modeOf(eml)).toBe(0o600);
    expect((await stat(eml)).uid).toBe(process.getuid?.());
  });

  it('closes an outbox folder an earlier version left open', async () => {
    const outbox = path.join(await openDataDir(), 'outbox');
    await mkdir(outbox, { mode: 0o755 });
    await chmod(outbox, 0o755);
    const eml = await sendOne(outbox);
    expect(await modeOf(outbox)).toBe(0o700);
    expect(await modeOf(eml)).toBe(0o600);
  });
});
