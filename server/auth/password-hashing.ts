import { APIError } from 'better-auth/api';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { createWorkGate, type GateLimits } from '../http/work-gate.ts';

export interface HashingLimits extends GateLimits {
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
 * Password hashing (scrypt, Better Auth's own parameters and format) through a gate
 * (`createWorkGate`): a flood of sign-ins costs at most `concurrency` cores and a short queue, and
 * a real customer waits at most for the queue.
 */
export function createPasswordHashing(limits: HashingLimits) {
  const gate = createWorkGate(
    limits,
    () =>
      new APIError(
        'SERVICE_UNAVAILABLE',
        { code: 'SERVICE_UNAVAILABLE', message: HASHING_BUSY_MESSAGE },
        { 'retry-after': String(HASHING_RETRY_AFTER) },
      ),
  );
  return {
    hasRoom: gate.hasRoom,
    noteRefused: gate.noteRefused,
    hash: (password: string) => gate.run(() => hashPassword(password)),
    verify: (data: { hash: string; password: string }) => gate.run(() => verifyPassword(data)),
    stats: gate.stats,
  };
}

export type PasswordHashing = ReturnType<typeof createPasswordHashing>;
