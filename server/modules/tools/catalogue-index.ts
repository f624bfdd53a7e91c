import type { ToolSort } from '../../../contract/tools.ts';
import type { Db } from '../../db/client.ts';
import { type IndexRow, listIndexRows } from './tools.repo.ts';

/** Past this many listed tools the index is not kept (memory) and lists go to SQL. */
export const MAX_INDEXED_TOOLS = 100_000;
/** Pages longer than this are fetched with SQL: the id list would be too long to send back. */
const MAX_PAGE_FROM_INDEX = 1_000;

/** `age`: the entry's position in `byAge`. */
type Entry = IndexRow & { age: number };

/** Between names in `names`: no name can hold it (names are plain text, no control characters). */
const SEPARATOR = '\u0000';

interface Index {
  /** Oldest first (ORDER BY created_at, id), the catalogue's natural order. */
  byAge: Entry[];
  byName?: Entry[];
  byPrice?: Entry[];
  /**
   * Every lower-cased name, oldest first, joined by SEPARATOR: one indexOf over one long string
   * finds the matches far faster than an includes() per name.
   */
  names: string;
  /** Where each name starts in `names`, by `age`. */
  starts: Int32Array;
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
 * database's own name and price order, read in one query. A search is one indexOf pass over all
 * names joined and one pass over the chosen order (well under a millisecond for 10,000 tools);
 * the page's tools are then read by primary key, so their stock is always current. The trigram
 * index costs milliseconds per search, and more the more names match.
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
    async search({ q, sort, limit, offset }) {
      if (!isEnabled || limit === undefined || limit > MAX_PAGE_FROM_INDEX) return undefined;
      const found = await current();
      if (found.byAge.length > MAX_INDEXED_TOOLS) return undefined;
      const matches = q ? matching(found, q.toLowerCase()) : undefined;
      const { rows, isReversed } = inOrder(found, sort);
      const ids: string[] = [];
      let total = 0;
      // A plain indexed loop: this runs for every search, over every tool.
      const last = rows.length - 1;
      for (let k = 0; k <= last; k += 1) {
        const row = rows[isReversed ? last - k : k] as Entry;
        if (matches && matches[row.age] === 0) continue;
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
  // Lower-cased one by one: lower-casing can change a name's length (e.g. "İ").
  const lower = byAge.map((row) => row.name.toLowerCase());
  const starts = new Int32Array(lower.length);
  let position = 0;
  for (const [age, name] of lower.entries()) {
    starts[age] = position;
    position += name.length + SEPARATOR.length;
  }
  return { byAge, names: lower.join(SEPARATOR), starts, builtAt: Date.now() };
}

/** 1 at the `age` of every name containing `needle` (already lower-cased), 0 elsewhere. */
function matching(index: Index, needle: string): Uint8Array {
  const matches = new Uint8Array(index.byAge.length);
  if (needle.includes(SEPARATOR)) return matches;
  const { names, starts } = index;
  let at = names.indexOf(needle);
  while (at !== -1) {
    const age = entryAt(starts, at);
    matches[age] = 1;
    // On to the next name: one match per name is enough.
    const next = age + 1 < starts.length ? (starts[age + 1] as number) : names.length;
    at = names.indexOf(needle, next);
  }
  return matches;
}

/** The entry whose name holds position `at`: the last start at or before it. */
function entryAt(starts: Int32Array, at: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] as number) <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Descending orders are the ascending ones reversed: every order ends with the unique id. */
function inOrder(index: Index, sort: ToolSort): { rows: Entry[]; isReversed: boolean } {
  switch (sort) {
    case 'oldest':
      return { rows: index.byAge, isReversed: false };
    case 'newest':
      return { rows: index.byAge, isReversed: true };
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
