import { formatWait } from '../../contract/format.ts';
import type { RateLimitRule } from '../config.ts';
import { AppError, serviceUnavailable } from '../errors.ts';
import { addressSubject } from './client-address.ts';
import { createWorkGate } from './work-gate.ts';

/**
 * Renders a page costs 40 to 80 ms of the main thread, the thread every request needs. Renders
 * at once: two, so that one's wait on its API answers overlaps the other's work; waiting: eight,
 * about half a second of work. Beyond that a render is refused at once (503, Retry-After).
 */
const RENDER_GATE = { concurrency: 2, queue: 8 };
/** Renders one address may have running or waiting: it never holds more than this of the gate. */
const AT_ONCE_PER_ADDRESS = 2;
/** Addresses whose counts are kept; past this the oldest windows go first. */
const ADDRESSES_KEPT = 10_000;
const RETRY_AFTER_SECONDS = 2;

export interface RenderLimitOptions {
  /** Renders one address (IPv6: one /64) may cause per window; null for no limit. */
  perAddress: RateLimitRule | null;
  now?: () => number;
}

/**
 * Every page render the page cache could not spare goes through here (docs/decisions/031): at
 * most two at once for the whole instance with a short queue (server/http/work-gate.ts), at most
 * two at once per client address, and at most `perAddress` per window per client address (kept
 * in this instance's memory: the renders it limits are this instance's). A page someone else
 * already had rendered is sent from the cache and counts for nothing here.
 */
export function createRenderLimits({ perAddress, now = Date.now }: RenderLimitOptions) {
  const busy = () =>
    serviceUnavailable(
      'The store is very busy. Please try again in a moment.',
      RETRY_AFTER_SECONDS,
    );
  const gate = createWorkGate(RENDER_GATE, busy);
  const windows = new Map<string, { startedAt: number; count: number }>();
  let rendered = 0;
  const running = new Map<string, number>();

  const count = (subject: string) => {
    if (!perAddress) return;
    const current = windows.get(subject);
    const at = now();
    if (!current || at - current.startedAt >= perAddress.windowMs) {
      windows.delete(subject);
      windows.set(subject, { startedAt: at, count: 1 });
      if (windows.size > ADDRESSES_KEPT) windows.delete(windows.keys().next().value as string);
      return;
    }
    if (current.count >= perAddress.limit) {
      const wait = Math.max(1, Math.ceil((current.startedAt + perAddress.windowMs - at) / 1000));
      throw tooMany(
        `Too many pages asked for from your address (try again in ${formatWait(wait)}).`,
        wait,
      );
    }
    current.count += 1;
  };

  return {
    /** Runs `render` for the client at `address`, or throws the refusal (429 or 503). */
    async render<T>(address: string, render: () => Promise<T>): Promise<T> {
      const subject = addressSubject(address);
      const mine = running.get(subject) ?? 0;
      if (mine >= AT_ONCE_PER_ADDRESS) {
        throw tooMany('Your address is asking for many pages at once. Please wait a moment.', 1);
      }
      if (!gate.hasRoom()) throw busy();
      count(subject);
      running.set(subject, mine + 1);
      try {
        return await gate.run(() => {
          rendered += 1;
          return render();
        });
      } finally {
        const left = (running.get(subject) ?? 1) - 1;
        if (left > 0) running.set(subject, left);
        else running.delete(subject);
      }
    },
    /** For tests and metrics: renders running, waiting, begun in all, and the most at once. */
    stats: () => ({ ...gate.stats(), rendered }),
  };
}

export type RenderLimits = ReturnType<typeof createRenderLimits>;

const tooMany = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', message, undefined, {
    'retry-after': String(retryAfterSeconds),
  });
