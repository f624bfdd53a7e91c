/**
 * The sign-in benchmark's baseline, as a process of its own: node:crypto scrypt with Better Auth's
 * parameters (@better-auth/utils password.node), `concurrency` hashes at once for `seconds`.
 * Answers how many hashes finished per second over IPC.
 */
import { randomBytes, scrypt } from 'node:crypto';

const N = 16384;
const r = 16;
const p = 1;
const KEY_LENGTH = 64;

function hashOnce(password: string): Promise<void> {
  const salt = randomBytes(16).toString('hex');
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { N, r, p, maxmem: 128 * N * r * 2 },
      (error) => (error ? reject(error) : resolve()),
    );
  });
}

process.once('message', async (message: { concurrency: number; seconds: number }) => {
  const started = performance.now();
  const deadline = started + message.seconds * 1000;
  let hashes = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      await hashOnce('bench-password-2026');
      hashes += 1;
    }
  };
  await Promise.all(Array.from({ length: message.concurrency }, worker));
  process.send?.({ perSecond: hashes / ((performance.now() - started) / 1000) }, () =>
    process.exit(0),
  );
});
