import type { ToolSort } from '../../../contract/tools.ts';
import type { Db } from '../../db/client.ts';
import { type IndexRow, listIndexRows } from './tools.repo.ts';

/** Past this many listed tools the index is not kept (memory) and lists go to SQL. */
export const MAX_INDEXED_TOOLS = 100_000;
/** Pages longer than this are fetched with SQL: the id list would be too long to send back. */
const MAX_PAGE_FROM_INDEX = 1_000;

type Entry = IndexRow & { lowerName: string };

interface Index {
  /** Oldest first (ORDER BY created_at, id), the catalogue's natural order. */
  byAge: Entry[];
  byName?: Entry[];
  byPrice?: Entry[];
  builtAt: number;
}

export interface IndexQuery {
  q?: string | undefined;
  sort: ToolSort;
  limit?: number | undefined;
  offset: number;
}

export interface CatalogueIndex {
  /** The ids of one page, in order, and how many tools match; undefined: ask SQL instead. */
  search(query: IndexQuery): Promise<{ ids: string[]; total: number } | undefined>;
  /** Names, prices or the set of tools changed (stock levels do not matter here). */
  invalidate(): void;
  /** While off (changes cannot be heard), every search goes to SQL. */
  setEnabled(isEnabled: boolean): void;
}

/**
 * Name search and paging over the whole catalogue in memory: ids, lower-cased names and the
 * database's own name and price order, read in one query. A search is one pass over the names
 * (well under a millisecond for 10,000 tools) and the page's tools are then read by primary key,
 * so their stock is always current. The trigram index would cost milliseconds per search.
 */
export function createCatalogueIndex(db: Db, { maxAgeMs = 10_000 } = {}): CatalogueIndex {
  let index: Index | undefined;
  let building: Promise<Index> | undefined;
  let generation = 0;
  let isEnabled = false;

  const build = (): Promise<Index> => {
    const startedIn = generation;
    const promise = listIndexRows(db).then((rows) => {
      const built: Index = {
        byAge: rows.map((row) => ({ ...row, lowerName: row.name.toLowerCase() })),
        builtAt: Date.now(),
      };
      if (startedIn === generation && isEnabled) index = built;
      if (building === promise) building = undefined;
      return built;
    });
    promise.catch(() => {
      if (building === promise) building = undefined;
    });
    building = promise;
    return promise;
  };

  const current = (): Promise<Index> => {
    if (index && Date.now() - index.builtAt < maxAgeMs) return Promise.resolve(index);
    return building ?? build();
  };

  return {
    async search({ q, sort, limit, offset }) {
      if (!isEnabled || limit === undefined || limit > MAX_PAGE_FROM_INDEX) return undefined;
      const found = await current();
      if (found.byAge.length > MAX_INDEXED_TOOLS) return undefined;
      const ordered = inOrder(found, sort);
      const needle = q?.toLowerCase();
      const ids: string[] = [];
      let total = 0;
      for (const row of ordered) {
        if (needle && !row.lowerName.includes(needle)) continue;
        if (total >= offset && ids.length < limit) ids.push(row.id);
        total += 1;
      }
      return { ids, total };
    },
    invalidate() {
      generation += 1;
      index = undefined;
      building = undefined;
    },
    setEnabled(value) {
      isEnabled = value;
      this.invalidate();
    },
  };
}

/** Descending orders are the ascending ones reversed: every order ends with the unique id. */
function inOrder(index: Index, sort: ToolSort): Iterable<Entry> {
  switch (sort) {
    case 'oldest':
      return index.byAge;
    case 'newest':
      return reversed(index.byAge);
    case 'name_asc':
      return byName(index);
    case 'name_desc':
      return reversed(byName(index));
    case 'price_asc':
      return byPrice(index);
    case 'price_desc':
      return reversed(byPrice(index));
  }
}

function byName(index: Index): Entry[] {
  index.byName ??= [...index.byAge].sort((a, b) => a.nameRank - b.nameRank);
  return index.byName;
}

function byPrice(index: Index): Entry[] {
  index.byPrice ??= [...index.byAge].sort((a, b) => a.priceRank - b.priceRank);
  return index.byPrice;
}

function* reversed<T>(items: T[]): Iterable<T> {
  for (let i = items.length - 1; i >= 0; i -= 1) yield items[i] as T;
}
