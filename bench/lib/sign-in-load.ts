import http from 'node:http';
import { spawnNode } from './processes.ts';
import { post } from './raw-http.ts';
import type { Buyer } from './seed.ts';
import { percentile } from './stats.ts';
import { ROOT } from './store.ts';

export interface SignInResult {
  perSecond: number;
  p99: number;
  /** Answers other than 200, and requests that failed outright. */
  errors: number;
  examples: string[];
}

/** The password seedBuyers gives every buyer. */
const PASSWORD = 'bench-password-2026';

/**
 * Each buyer signs in again and again (waiting for each answer), all at once, for `seconds`, as
 * the sign-in page does: `POST /api/auth/sign-in/email`.
 */
export async function signIns(options: {
  url: string;
  origin: string;
  buyers: Buyer[];
  seconds: number;
}): Promise<SignInResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.buyers.length });
  const latencies: number[] = [];
  const examples: string[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const loop = async (buyer: Buyer) => {
    while (performance.now() < deadline) {
      const sent = performance.now();
      const { status, text } = await post(
        agent,
        `${options.url}/api/auth/sign-in/email`,
        { origin: options.origin, 'content-type': 'application/json' },
        JSON.stringify({ email: buyer.email, password: PASSWORD }),
      );
      if (status === 200) latencies.push(performance.now() - sent);
      else {
        errors += 1;
        if (examples.length < 3) examples.push(`${status} ${text.slice(0, 200)}`);
      }
    }
  };
  await Promise.all(options.buyers.map(loop));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / elapsed,
    p99: percentile(latencies, 99),
    errors,
    examples,
  };
}

/** Raw scrypt hashes per second with the store's parameters, in a process of its own. */
export async function hashesPerSecond(options: {
  concurrency: number;
  seconds: number;
}): Promise<number> {
  const child = spawnNode('bench/lib/scrypt-worker.ts', { cwd: ROOT, stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', (message: { perSecond: number }) => resolve(message.perSecond));
    child.once('exit', (code) => reject(new Error(`the scrypt worker exited with ${code}`)));
    child.send(options);
  });
}
