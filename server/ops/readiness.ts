import { readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { migrationsFolder } from '../db/migrate.ts';

/** Why this instance is not ready, in a sentence, or undefined when it is. */
type NotReadyReason = string | undefined;

export interface Readiness {
  /** Whether this instance should be sent requests now; the reason when not. */
  check(): Promise<NotReadyReason>;
  /** Shutting down: from now on the instance is never ready again. */
  startDraining(): void;
  readonly isDraining: boolean;
}

/** A database slower than this to answer the check counts as not answering. */
const DATABASE_WAIT_MS = 2_000;

/**
 * What a load balancer asks before it sends this instance requests (`GET /api/ready`): the
 * database answers within two seconds, the newest migration this build knows is applied (an older
 * build behind a newer database is ready too), the change feed listens (without it no cache is
 * true, so every read goes to the database), and the instance is not shutting down. One query.
 */
export function createReadiness(options: {
  pool: pg.Pool;
  isChangeFeedLive: () => boolean;
  /** When the newest migration this build knows was made (its journal's `when`). */
  newestMigrationAt?: number;
}): Readiness {
  const newestMigrationAt = options.newestMigrationAt ?? newestKnownMigration();
  let isDraining = false;

  const migrationsApplied = async (): Promise<boolean> => {
    const { rows } = await withTimeout(
      options.pool.query<{ newest: string | null }>(
        'select max(created_at)::text as newest from drizzle.__drizzle_migrations',
      ),
      DATABASE_WAIT_MS,
    );
    return Number(rows[0]?.newest ?? 0) >= newestMigrationAt;
  };

  return {
    async check() {
      if (isDraining) return 'This instance is shutting down.';
      let isMigrated: boolean;
      try {
        isMigrated = await migrationsApplied();
      } catch {
        return 'The database is not answering.';
      }
      if (!isMigrated) return 'The database lacks migrations this instance needs.';
      if (!options.isChangeFeedLive()) {
        return 'The change feed is not listening, so no instance can keep answers in memory.';
      }
      return undefined;
    },
    startDraining() {
      isDraining = true;
    },
    get isDraining() {
      return isDraining;
    },
  };
}

/** The `when` of the last migration in the journal drizzle-kit writes beside the migrations. */
function newestKnownMigration(): number {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: Array<{ when: number }> };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
