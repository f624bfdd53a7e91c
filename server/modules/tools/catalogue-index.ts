import type { ToolSort } from '../../../contract/tools.ts';
import type { Db } from '../../db/client.ts';
import { type IndexRow, listIndexRows } from './tools.repo.ts';

/** Past this many listed tools the index is not kept (memory) and lists go to SQL. */
export const MAX_INDEXED_TOOLS = 100_000;
/** Pages longer than this are fetched with SQL: the id list would be too long to send back. */
const MAX_PAGE_FROM_INDEX = 1_000;

/** `age`: the entry's position in `byAge`. */
type Entry = IndexRow & { age: number };

interface Index {
  /** Oldest first (ORDER BY created_at, id), the catalogue's natural order. */
  byAge: Entry[];
  byName?: Entry[];
  byPrice?: Entry[];
  builtAt: number;
}

export interface IndexQuery {
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
 * Paging over the whole catalogue in memory, in every order: ids and the database's own name and
 * price order, read in one query. A page is one pass over the chosen order (well under a
 * millisecond for 10,000 tools); its tools are then read by primary key, so their stock is always
 * current. Searches are PostgreSQL's (full-text and trigram indexes: tools.repo.ts searchTools).
 */
export function createCatalogueIndex(db: Db, { maxAgeMs = 10_000 } = {}): CatalogueIndex {
  let index: Index | undefined;
  let building: Promise<Index> | undefined;
  let generation = 0;
  let isEnabled = false;

  const build = (): Promise<Index> => {
    const startedIn = generation;
    const promise = listIndexRows(db).then((rows) => {
      const built = buildIndex(rows);
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
    if (!index) return building ?? build();
    // Changes are announced (invalidate); the age limit is a safety net, so an old index keeps
    // answering while its successor is read.
    if (Date.now() - index.builtAt >= maxAgeMs && !building) void build().catch(() => {});
    return Promise.resolve(index);
  };

  return {
    async search({ sort, limit, offset }) {
      if (!isEnabled || limit === undefined || limit > MAX_PAGE_FROM_INDEX) return undefined;
      const found = await current();
      if (found.byAge.length > MAX_INDEXED_TOOLS) return undefined;
      const { rows, isReversed } = inOrder(found, sort);
      const ids: string[] = [];
      let total = 0;
      // A plain indexed loop: this runs for every search, over every tool.
      const last = rows.length - 1;
      for (let k = 0; k <= last; k += 1) {
        const row = rows[isReversed ? last - k : k] as Entry;
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

function buildIndex(rows: IndexRow[]): Index {
  // Built field by field: objects made with a spread read about ten times slower in the search
  // loop (measured: 2.5 ms against 0.2 ms for 10,000 tools).
  const byAge = rows.map(({ id, name, nameRank, priceRank }, age) => ({
    id,
    name,
    nameRank,
    priceRank,
    age,
  }));
  return { byAge, builtAt: Date.now() };
}

/** Descending orders are the ascending ones reversed: every order ends with the unique id. */
function inOrder(index: Index, sort: ToolSort): { rows: Entry[]; isReversed: boolean } {
  switch (sort) {
    case 'relevance':
    case 'newest':
      return { rows: index.byAge, isReversed: true };
    case 'oldest':
      return { rows: index.byAge, isReversed: false };
    case 'name_asc':
      return { rows: byName(index), isReversed: false };
    case 'name_desc':
      return { rows: byName(index), isReversed: true };
    case 'price_asc':
      return { rows: byPrice(index), isReversed: false };
    case 'price_desc':
      return { rows: byPrice(index), isReversed: true };
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
