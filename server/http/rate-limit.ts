import { sql } from 'drizzle-orm';
import type { RateLimitRule } from '../config.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';

/** Counts one store write (order, review) by a signed-in user against their limit. */
export type WriteLimit = (user: { id: string }) => Promise<void>;

export interface RateLimiter {
  /** Counts one request against `key`; throws 429 `rate_limited` with Retry-After when over. */
  enforce(key: string, rule: RateLimitRule, message?: string): Promise<void>;
}

/**
 * Fixed-window counters in PostgreSQL, so a limit holds across every instance sharing the
 * database. One upsert per check: it starts a new window when the old one has passed.
 */
export function createRateLimiter(db: Db, enabled: boolean): RateLimiter {
  return {
    async enforce(key, rule, message = 'Too many attempts. Please wait a moment and try again.') {
      if (!enabled) return;
      const windowSeconds = rule.windowMs / 1000;
      const result = await db.execute<{ count: number; retry_after: number }>(sql`
        insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
        on conflict (key) do update set
          count = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds})
                       then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds})
                       then now() else rate_limits.window_start end
        returning count,
          ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())))::int as retry_after`);
      const row = result.rows[0];
      if (row && row.count > rule.limit) {
        const retryAfter = Math.max(1, row.retry_after);
        throw new AppError(
          429,
          'rate_limited',
          `${message} (try again in ${formatWait(retryAfter)})`,
          undefined,
          {
            'retry-after': String(retryAfter),
          },
        );
      }
    },
  };
}

function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
