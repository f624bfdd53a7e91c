import { APIError } from 'better-auth/api';
import { hashPassword, verifyPassword } from 'better-auth/crypto';

export interface HashingLimits {
  /** Hashes computed at once (each takes one core for about 80 ms). */
  concurrency: number;
  /** Hashes that may wait for a turn; beyond this a request is refused at once. */
  queue: number;
}

/** Seconds a refused client is asked to wait. */
export const HASHING_RETRY_AFTER = 2;
export const HASHING_BUSY_MESSAGE =
  'Many people are signing in right now. Please try again in a moment.';

/**
 * Password hashing (scrypt, Better Auth's own parameters and format) through a gate: at most
 * `concurrency` hashes run, at most `queue` wait, and any more are refused at once with 503 and
 * Retry-After. A flood of sign-ins then costs at most `concurrency` cores and a short queue; the
 * rest of the store keeps its share of the machine, and a real customer waits at most for the queue.
 */
export function createPasswordHashing(limits: HashingLimits) {
  let active = 0;
  let peak = 0;
  const waiting: Array<() => void> = [];

  async function run<T>(work: () => Promise<T>): Promise<T> {
    if (active >= limits.concurrency) {
      if (waiting.length >= limits.queue) {
        throw new APIError(
          'SERVICE_UNAVAILABLE',
          {
            code: 'SERVICE_UNAVAILABLE',
            message: HASHING_BUSY_MESSAGE,
          },
          { 'retry-after': String(HASHING_RETRY_AFTER) },
        );
      }
      // The slot is handed over by the task that finishes, so `active` never overshoots.
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      active += 1;
    }
    peak = Math.max(peak, active);
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  }

  return {
    /** False when a hash asked for now would be refused: the caller can refuse before any work. */
    hasRoom: () => active < limits.concurrency || waiting.length < limits.queue,
    hash: (password: string) => run(() => hashPassword(password)),
    verify: (data: { hash: string; password: string }) => run(() => verifyPassword(data)),
    /** For tests and metrics: hashes running, waiting, and the most that ever ran at once. */
    stats: () => ({ active, waiting: waiting.length, peak }),
  };
}

export type PasswordHashing = ReturnType<typeof createPasswordHashing>;
