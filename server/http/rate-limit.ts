import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { formatWait } from '../../contract/format.ts';
import type { RateLimitRule } from '../config.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { startPeriodicJob } from '../periodic-job.ts';

/** Counts one store write (order, review) by a signed-in user against their limit. */
export type WriteLimit = (user: { id: string }) => Promise<void>;

/** Counts one request from a client address (a visitor's) against its limit. */
export type AddressLimit = (address: string) => Promise<void>;

/** Takes back an attempt that turned out not to count (a sign-in that succeeded). */
export type Refund = () => Promise<void>;

export interface RateLimiter {
  /**
   * Counts one request by `subject` (an address, an email, a user id) in `bucket`; throws 429
   * `rate_limited` with Retry-After when it is over the rule. Returns a refund for the count.
   */
  hit(bucket: string, subject: string, rule: RateLimitRule, message?: string): Promise<Refund>;
  /** Deletes counters whose window has ended; returns how many. */
  prune(): Promise<number>;
}

const DEFAULT_MESSAGE = 'Too many attempts. Please wait a moment and try again.';
/** Counting stops here: a flood cannot overflow the column, and nothing needs more. */
const COUNT_CEILING = 1_000_000;
const PRUNE_BATCH = 5_000;

/**
 * The stored key: the bucket (chosen by code, a few characters) and a hash of the subject (chosen by
 * clients, so never stored as given: its size and content stay ours).
 */
function limitKey(bucket: string, subject: string): string {
  return `${bucket}:${createHash('sha256').update(subject).digest('base64url')}`;
}

/**
 * Fixed-window counters in PostgreSQL, so a limit holds across every instance sharing the
 * database. One upsert per check: it starts a new window when the old one has ended.
 */
export function createRateLimiter(db: Db, enabled: boolean): RateLimiter {
  const noRefund: Refund = async () => {};
  return {
    async hit(bucket, subject, rule, message = DEFAULT_MESSAGE) {
      if (!enabled) return noRefund;
      const key = limitKey(bucket, subject);
      const windowSeconds = rule.windowMs / 1000;
      const result = await db.execute<{
        count: number;
        retry_after: number;
        window_start: string;
      }>(sql`
        insert into rate_limits (key, window_start, expires_at, count)
        values (${key}, now(), now() + make_interval(secs => ${windowSeconds}), 1)
        on conflict (key) do update set
          count = case when rate_limits.expires_at <= now() then 1
                       else least(rate_limits.count + 1, ${COUNT_CEILING}) end,
          window_start = case when rate_limits.expires_at <= now() then now()
                              else rate_limits.window_start end,
          expires_at = case when rate_limits.expires_at <= now()
                            then now() + make_interval(secs => ${windowSeconds})
                            else rate_limits.expires_at end
        returning count, window_start::text,
          ceil(extract(epoch from (expires_at - now())))::int as retry_after`);
      const row = result.rows[0];
      if (row && row.count > rule.limit) {
        const retryAfter = Math.max(1, row.retry_after);
        throw new AppError(
          429,
          'rate_limited',
          `${message} (try again in ${formatWait(retryAfter)})`,
          undefined,
          { 'retry-after': String(retryAfter) },
        );
      }
      const windowStart = row?.window_start;
      return async () => {
        // Only within the same window: a refund never lowers the count of a later one.
        await db.execute(sql`
          update rate_limits set count = greatest(count - 1, 0)
          where key = ${key} and window_start = ${windowStart}::timestamptz`);
      };
    },

    async prune() {
      let deleted = 0;
      for (;;) {
        const result = await db.execute(sql`
          delete from rate_limits where key in (
            select key from rate_limits where expires_at <= now() limit ${PRUNE_BATCH})`);
        deleted += result.rowCount ?? 0;
        if ((result.rowCount ?? 0) < PRUNE_BATCH) return deleted;
      }
    },
  };
}

/** Prunes ended windows every `intervalMs`; returns a stop function. */
export function startRateLimitPruning(
  limiter: RateLimiter,
  intervalMs: number,
  onError: (error: unknown) => void,
): () => Promise<void> {
  return startPeriodicJob(() => limiter.prune(), intervalMs, onError);
}
