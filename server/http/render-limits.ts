import { LRUCache } from 'lru-cache';
import { formatWait } from '../../contract/format.ts';
import type { RateLimitRule } from '../config.ts';
import { AppError } from '../errors.ts';
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
/** Addresses whose buckets are kept; past this the least recently counted go first. */
const ADDRESSES_KEPT = 10_000;
const RETRY_AFTER_SECONDS = 2;
/**
 * A refused render closes its connection: a client asking again must connect again, in the same
 * queue as every new visitor, instead of taking a turn of the main thread on each of its open
 * connections in every round of the event loop (which left new connections waiting seconds).
 */
const CLOSE = { connection: 'close' };

export interface RenderLimitOptions {
  /** Renders one address (IPv6: one /64) may cause per window; null for no limit. */
  perAddress: RateLimitRule | null;
  now?: () => number;
}

/**
 * Every page render the page cache could not spare goes through here (docs/decisions/031): at
 * most two at once for the whole instance with a short queue (server/http/work-gate.ts), at most
 * two at once per client address, and `perAddress` per window per client address, evenly: a sixth
 * of it may be spent at once, the rest comes back bit by bit (a token bucket, kept in this
 * instance's memory: the renders it limits are this instance's). A page someone else
 * already had rendered is sent from the cache and counts for nothing here.
 */
export function createRenderLimits({ perAddress, now = Date.now }: RenderLimitOptions) {
  const busy = () =>
    new AppError(
      503,
      'service_unavailable',
      'The store is very busy. Please try again in a moment.',
      undefined,
      { 'retry-after': String(RETRY_AFTER_SECONDS), ...CLOSE },
    );
  const gate = createWorkGate(RENDER_GATE, busy);
  /** Each address's bucket: renders it may still start now, as of `at`. */
  const buckets = new LRUCache<string, { tokens: number; at: number }>({ max: ADDRESSES_KEPT });
  // The rule's rate, of which a sixth may be spent at once: a flood's first burst stays short.
  const rate = perAddress ? perAddress.limit / perAddress.windowMs : 0;
  const burst = perAddress ? Math.max(1, Math.ceil(perAddress.limit / 6)) : 0;
  const tokensOf = (subject: string, at: number) => {
    // Reading a bucket does not count as use: the least recently counted go first.
    const bucket = buckets.peek(subject);
    return bucket ? Math.min(burst, bucket.tokens + (at - bucket.at) * rate) : burst;
  };
  let rendered = 0;
  const running = new Map<string, number>();

  /** Why a render for `subject` would be refused now, if it would be. */
  const refusalFor = (subject: string): AppError | undefined => {
    if ((running.get(subject) ?? 0) >= AT_ONCE_PER_ADDRESS) {
      return tooMany('Your address is asking for many pages at once. Please wait a moment.', 1);
    }
    if (!perAddress) return undefined;
    const tokens = tokensOf(subject, now());
    if (tokens >= 1) return undefined;
    const wait = Math.max(1, Math.ceil((1 - tokens) / rate / 1000));
    return tooMany(
      `Too many pages asked for from your address (try again in ${formatWait(wait)}).`,
      wait,
    );
  };

  const count = (subject: string) => {
    if (!perAddress) return;
    const at = now();
    const tokens = tokensOf(subject, at) - 1;
    buckets.set(subject, { tokens, at });
  };

  return {
    /** Runs `render` for the client at `address`, or throws the refusal (429 or 503). */
    async render<T>(address: string, render: () => Promise<T>): Promise<T> {
      const subject = addressSubject(address);
      const refusal = refusalFor(subject);
      if (refusal) throw refusal;
      if (!gate.hasRoom()) {
        gate.noteRefused();
        throw busy();
      }
      count(subject);
      running.set(subject, (running.get(subject) ?? 0) + 1);
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
    /**
     * The refusal a render for `address` would get now (its own limits, not the instance's): what
     * server/http/public-answers.ts answers at once, before routing, to a client over its limits.
     */
    refusalFor: (address: string) => refusalFor(addressSubject(address)),
    /** For tests and metrics: renders running, waiting, begun in all, and the most at once. */
    stats: () => ({ ...gate.stats(), rendered }),
  };
}

export type RenderLimits = ReturnType<typeof createRenderLimits>;

const tooMany = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', message, undefined, {
    'retry-after': String(retryAfterSeconds),
    ...CLOSE,
  });
