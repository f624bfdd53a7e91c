import type { AttributeKind } from '../../../contract/specifications.ts';
import type { ToolSort } from '../../../contract/tool-lists.ts';
import type { Db } from '../../db/client.ts';
import {
  buildEntries,
  type Entries,
  type Entry,
  inOrder,
  sortEntries,
  toolsIn,
} from './catalogue-entries.ts';
import {
  compileFilters,
  countFacets,
  type FacetCounts,
  passes,
  type ToolFilters,
} from './catalogue-filters.ts';
import { searchOrder, type TextSearch } from './catalogue-search.ts';
import { spellingOf } from './catalogue-suggest.ts';
import { listIndexRows, listStockLevels } from './search.repo.ts';
import { holdsSpecs, type SpecMatch } from './spec-query.ts';

/** The categories and their specifications, as read with the tools (a change to them is `all`). */
export interface CatalogueShape {
  categories: { id: string; slug: string; name: string; parentId: string | null }[];
  attributes: {
    categoryId: string;
    key: string;
    name: string;
    kind: AttributeKind;
    unit: string | null;
    options: string[];
    filterable: boolean;
  }[];
}

/** Which tools: words, a category (and those below it), values named in the words, filters. */
export interface CatalogueScope {
  search?: TextSearch | undefined;
  /** Only tools in these categories (a category and those below it); all when undefined. */
  categoryIds?: readonly string[] | undefined;
  /** Only tools holding these values (a number with a unit in the search); all when undefined. */
  specs?: readonly SpecMatch[] | undefined;
  filters: ToolFilters;
}

interface CatalogueQuery extends CatalogueScope {
  sort: ToolSort;
  /** Undefined: every tool that matches (the original API's list). */
  limit?: number | undefined;
  offset: number;
}

export interface CatalogueIndex {
  /** The ids of one page, in order, and how many tools match. */
  search(query: CatalogueQuery): Promise<{ ids: string[]; total: number }>;
  /** The facet counts of a scope: `keys`, the specifications whose values to count. */
  facets(scope: CatalogueScope, keys: readonly string[]): Promise<FacetCounts>;
  /** Whether a tool with this id is listed (deleted tools are not). */
  has(id: string): Promise<boolean>;
  /** A search's words as the catalogue's names spell them; undefined when all are known. */
  spelling(text: string): Promise<string | undefined>;
  /** The categories and their specifications as the tools were read with. */
  shape(): Promise<CatalogueShape>;
  /** Names, prices, categories or the set of tools changed. */
  invalidate(): void;
  /** Stock levels changed: they are read again before a filter or a count needs them. */
  stockChanged(): void;
  /** While changes cannot be heard, every query waits for a read of the catalogue begun after it. */
  setLive(isLive: boolean): void;
}

/** How long an index answers while changes are heard: a safety net, changes are announced. */
const MAX_AGE_MS = 300_000;

interface Held {
  entries: Entries;
  shape: CatalogueShape;
}

/**
 * The one way the catalogue is read (docs/decisions/048): every listed tool in memory, read in one
 * query with the categories, and every list, search, filter and facet count answered from it. A
 * page is one pass over the chosen order, a search a few passes over the tools that have its
 * words, a facet count one pass over the scope; the page's tools are then read by primary key, so
 * their fields and stock are current. Stock levels, which move with every order, are read again
 * apart (one narrow query) when a filter or a count needs them after a change.
 */
export function createCatalogueIndex(
  db: Db,
  { readShape }: { readShape: () => Promise<CatalogueShape> },
): CatalogueIndex {
  let held: Held | undefined;
  let building: Promise<Held> | undefined;
  let generation = 0;
  let isLive = false;
  let isStockStale = false;
  let refreshing: Promise<void> | undefined;

  let buildStartedAt = 0;
  const build = (): Promise<Held> => {
    const startedIn = generation;
    buildStartedAt = performance.now();
    const promise = Promise.all([listIndexRows(db), readShape()]).then(([rows, shape]) => {
      const built = { entries: buildEntries(rows), shape };
      if (startedIn === generation) held = built;
      if (building === promise) building = undefined;
      return built;
    });
    promise.catch(() => {
      if (building === promise) building = undefined;
    });
    building = promise;
    return promise;
  };

  const current = async (): Promise<Held> => {
    if (!isLive) {
      // Changes cannot be heard: what is held may be stale, so each query waits for a read that
      // began after it arrived (queries arriving together share one), as fresh as SQL would be.
      const arrivedAt = performance.now();
      if (building && buildStartedAt >= arrivedAt) return building;
      if (building) await building.catch(() => {});
      if (building && buildStartedAt >= arrivedAt) return building;
      return build();
    }
    if (!held) return building ?? build();
    // Heard changes drop the index at once; the age limit is a safety net, so an old index keeps
    // answering while its successor is read (20,000 tools' words take a few hundred ms).
    if (Date.now() - held.entries.builtAt >= MAX_AGE_MS && !building) void build().catch(() => {});
    return held;
  };

  /** The entries with their stock levels as they are now (after any change announced). */
  const withStock = async (): Promise<Entries> => {
    const { entries } = await current();
    // Unheard, every query has just read the catalogue, stock and all.
    if (!isStockStale || !isLive) return entries;
    refreshing ??= (async () => {
      isStockStale = false;
      try {
        for (const { id, quantity } of await listStockLevels(db)) {
          const entry = entries.byId.get(id);
          if (entry) entry.quantity = quantity;
        }
      } catch (error) {
        isStockStale = true;
        throw error;
      } finally {
        refreshing = undefined;
      }
    })();
    await refreshing;
    return entries;
  };

  const needsStock = (filters: ToolFilters) => filters.inStock === true;

  /** The tools of some categories (a category and those below it), or undefined: every tool. */
  const inCategories = (entries: Entries, ids: readonly string[] | undefined) =>
    ids && toolsIn(entries, ids);

  return {
    async search(query) {
      const entries = needsStock(query.filters) ? await withStock() : (await current()).entries;
      const filters = compileFilters(entries, query.filters);
      const fits = (entry: Entry) => holdsSpecs(entry.specs, query.specs) && passes(entry, filters);
      const end = query.limit === undefined ? Number.POSITIVE_INFINITY : query.offset + query.limit;
      const page = (matches: Entry[]) => ({
        ids: matches.slice(query.offset, end).map((entry) => entry.id),
        total: matches.length,
      });
      if (query.search) {
        const categories = query.categoryIds && new Set(query.categoryIds);
        const isIn = (entry: Entry) =>
          (!categories || (entry.categoryId !== null && categories.has(entry.categoryId))) &&
          fits(entry);
        return page(searchOrder(entries, query.search, query.sort).filter(isIn));
      }
      // A category's tools are visited alone (held oldest first): a page costs its category.
      const scoped = inCategories(entries, query.categoryIds);
      const isByAge =
        query.sort === 'newest' || query.sort === 'relevance' || query.sort === 'oldest';
      if (scoped && !isByAge) return page(sortEntries(entries, scoped.filter(fits), query.sort));
      const { rows, isReversed } = scoped
        ? { rows: scoped, isReversed: query.sort !== 'oldest' }
        : inOrder(entries, query.sort);
      const ids: string[] = [];
      let total = 0;
      // A plain indexed loop: this runs for every page, over every tool in order.
      const last = rows.length - 1;
      for (let k = 0; k <= last; k += 1) {
        const entry = rows[isReversed ? last - k : k] as Entry;
        if (!fits(entry)) continue;
        if (total >= query.offset && total < end) ids.push(entry.id);
        total += 1;
      }
      return { ids, total };
    },

    async facets(scope, keys) {
      const entries = await withStock();
      const filters = compileFilters(entries, scope.filters);
      let tools: Entry[] =
        inCategories(entries, scope.categoryIds) ?? (scope.search ? [] : entries.byAge);
      if (scope.search) {
        const categories = scope.categoryIds && new Set(scope.categoryIds);
        tools = searchOrder(entries, scope.search, 'oldest').filter(
          (entry) => !categories || (entry.categoryId !== null && categories.has(entry.categoryId)),
        );
      }
      if (scope.specs) tools = tools.filter((entry) => holdsSpecs(entry.specs, scope.specs));
      return countFacets(entries, tools, filters, keys);
    },

    async has(id) {
      return (await current()).entries.byId.has(id);
    },

    async spelling(text) {
      return spellingOf((await current()).entries, text);
    },

    async shape() {
      return (await current()).shape;
    },

    invalidate() {
      generation += 1;
      held = undefined;
      building = undefined;
    },

    stockChanged() {
      isStockStale = true;
    },

    setLive(value) {
      isLive = value;
      this.invalidate();
    },
  };
}
