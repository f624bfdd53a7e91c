import { createResponseCache, type ResponseCache } from './response-cache.ts';

/**
 * The catalogue's channel on the change feed. Triggers on `tools` (migrations 0005, 0020 and
 * 0021, calling server/db/functions/catalogue-changed.sql) announce every change to tools but one;
 * the app announces that one, stock taken by an order, and reviews, which no trigger watches.
 */
export const CATALOGUE_CHANNEL = 'toolyard_catalogue';

/**
 * What changed in the catalogue. `stock`: only stock levels moved (the frequent change: every
 * order); `reviews`: a review was posted or moderated (pages that show reviews change, tools do
 * not); `all`: anything else, or unknown (treat everything as changed).
 */
export type CatalogueChange = 'stock' | 'reviews' | 'all';

/**
 * The group of the kept pages that show reviews (a page is in it when its render read
 * /api/reviews): a review's change drops these and nothing else.
 */
export const PAGES_WITH_REVIEWS = 'reviews';

/** Browsers keep catalogue answers but ask again every time: a 304 when nothing changed. */
export const CATALOGUE_CACHE_CONTROL = 'no-cache';

export interface CatalogueCache {
  /** Prepared catalogue answers (tool lists and single tools). */
  responses: ResponseCache;
  /**
   * Server-rendered pages (they show tools, stock and reviews): dropped on the same changes, but
   * on a review's only those in PAGES_WITH_REVIEWS.
   */
  pages: ResponseCache;
  /** What the change feed heard on CATALOGUE_CHANNEL. */
  heard(subject: string): void;
  /** Only while changes can be heard is anything kept (see ChangeFeed). */
  setEnabled(isEnabled: boolean): void;
}

/**
 * Catalogue reads served from memory, dropped whenever any instance announces a change to the
 * catalogue (`onChange` tells whatever else keeps catalogue data in memory). A review's change
 * drops only the pages that show reviews: tools and every other page stay as they are.
 */
export function createCatalogueCache(
  onChange: (change: CatalogueChange) => void = () => {},
): CatalogueCache {
  const responses = createResponseCache({
    maxEntries: 500,
    maxBytes: 64 * 1024 * 1024,
    maxAgeMs: 10_000,
  });
  // A page asked for by two clients is kept before any that only one client wanted: one client
  // walking through addresses never pushes out the pages everyone shares (decision 031).
  const pages = createResponseCache({
    maxEntries: 1_000,
    maxBytes: 64 * 1024 * 1024,
    maxAgeMs: 60_000,
    protectAfterClients: 2,
  });
  return {
    responses,
    pages,
    heard(subject) {
      if (subject === 'reviews') {
        pages.forget(PAGES_WITH_REVIEWS);
        onChange('reviews');
        return;
      }
      responses.invalidate();
      pages.invalidate();
      onChange(subject === 'stock' ? subject : 'all');
    },
    setEnabled(isEnabled) {
      responses.setEnabled(isEnabled);
      pages.setEnabled(isEnabled);
    },
  };
}
