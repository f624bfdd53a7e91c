import type pg from 'pg';
import type { Logger } from 'pino';
import { createChangeFeed } from './change-feed.ts';
import { createResponseCache, type ResponseCache } from './response-cache.ts';

/** Also raised by a trigger on `tools` (migration 0004) for changes made outside this app. */
export const CATALOGUE_CHANNEL = 'toolyard_catalogue';

/** Browsers keep catalogue answers but ask again every time: a 304 when nothing changed. */
export const CATALOGUE_CACHE_CONTROL = 'no-cache';

export interface CatalogueCache {
  /** Prepared catalogue answers (tool lists and single tools). */
  responses: ResponseCache;
  /** Call after a change to the catalogue (a tool, a price, a stock level) commits. */
  changed(): void;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Catalogue reads served from memory, kept correct across instances: each instance announces its
 * changes on a PostgreSQL channel and drops its answers when any instance announces one. While the
 * channel cannot be heard, nothing is cached.
 */
export function createCatalogueCache({
  pool,
  log,
}: {
  pool: pg.Pool;
  log: Logger;
}): CatalogueCache {
  const responses = createResponseCache({
    maxEntries: 500,
    maxBytes: 64 * 1024 * 1024,
    maxAgeMs: 10_000,
  });
  const feed = createChangeFeed({
    pool,
    channel: CATALOGUE_CHANNEL,
    log,
    onChange: () => responses.invalidate(),
    onLiveChange: (isLive) => responses.setEnabled(isLive),
  });
  return { responses, changed: feed.changed, start: feed.start, stop: feed.stop };
}
