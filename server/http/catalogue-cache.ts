import type pg from 'pg';
import type { Logger } from 'pino';
import { type ChangeKind, createChangeFeed } from './change-feed.ts';
import { createResponseCache, type ResponseCache } from './response-cache.ts';

/** Also raised by triggers on `tools` (migration 0005) for changes made outside this app. */
export const CATALOGUE_CHANNEL = 'toolyard_catalogue';

/** Browsers keep catalogue answers but ask again every time: a 304 when nothing changed. */
export const CATALOGUE_CACHE_CONTROL = 'no-cache';

export interface CatalogueCache {
  /** Prepared catalogue answers (tool lists and single tools). */
  responses: ResponseCache;
  /** Server-rendered pages (they show tools, stock and reviews): dropped on the same changes. */
  pages: ResponseCache;
  /** Call after a change to the catalogue commits: `stock` when only stock levels moved. */
  changed(kind?: ChangeKind): void;
  start(): void;
  stop(): Promise<void>;
  /** Whether changes can be heard (and so answers cached) right now. */
  readonly isLive: boolean;
}

export interface CatalogueCacheOptions {
  pool: pg.Pool;
  log: Logger;
  /** Whatever else keeps catalogue data in memory hears the same changes. */
  onChange?: (kind: ChangeKind) => void;
  onLiveChange?: (isLive: boolean) => void;
  /** Other channels heard on the same connection (ChangeFeedOptions.listeners). */
  listeners?: Record<string, (text: string) => void>;
}

/**
 * Catalogue reads served from memory, kept correct across instances: each instance announces its
 * changes on a PostgreSQL channel and drops its answers when any instance announces one. While the
 * channel cannot be heard, nothing is cached.
 */
export function createCatalogueCache(options: CatalogueCacheOptions): CatalogueCache {
  const responses = createResponseCache({
    maxEntries: 500,
    maxBytes: 64 * 1024 * 1024,
    maxAgeMs: 10_000,
  });
  const pages = createResponseCache({
    maxEntries: 1_000,
    maxBytes: 64 * 1024 * 1024,
    maxAgeMs: 60_000,
  });
  const feed = createChangeFeed({
    pool: options.pool,
    channel: CATALOGUE_CHANNEL,
    log: options.log,
    ...(options.listeners ? { listeners: options.listeners } : {}),
    onChange: (kind) => {
      responses.invalidate();
      pages.invalidate();
      options.onChange?.(kind);
    },
    onLiveChange: (isLive) => {
      responses.setEnabled(isLive);
      pages.setEnabled(isLive);
      options.onLiveChange?.(isLive);
    },
  });
  return {
    responses,
    pages,
    changed: feed.changed,
    start: feed.start,
    stop: feed.stop,
    get isLive() {
      return feed.isLive;
    },
  };
}
