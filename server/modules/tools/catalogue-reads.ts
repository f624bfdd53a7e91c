import type { Facets } from '../../../contract/catalogue-filters.ts';
import type { FacetsQuery, ListToolsQuery } from '../../../contract/tool-lists.ts';
import type { Tool } from '../../../contract/tools.ts';
import type { Db } from '../../db/client.ts';
import { NO_FILTERS } from './catalogue-filters.ts';
import type { CatalogueIndex, CatalogueScope, CatalogueShape } from './catalogue-index.ts';
import { categoryScope, facetsAnswer, toolFilters } from './catalogue-query.ts';
import * as searchRepo from './search.repo.ts';
import { createSpecSearch } from './spec-query.ts';
import type { ToolCache } from './tool-cache.ts';
import * as repo from './tools.repo.ts';

/** A run of three letters or digits: the least a trigram search can use. */
const HAS_A_WORD = /[\p{L}\p{N}]{3}/u;

/** Searches remembered with their stemmed words: the same words need no second round trip. */
const WORD_CACHE_SIZE = 10_000;

/**
 * The catalogue's reads: a page of tools and the facets of the same query, both answered by the
 * in-memory catalogue (catalogue-index.ts), the one read path (docs/decisions/048). PostgreSQL
 * gives the words of a search as its dictionary stems them, the names like a mistyped word, and
 * the page's tools by primary key.
 */
export function createCatalogueReads(
  db: Db,
  { index, toolCache }: { index: CatalogueIndex; toolCache: ToolCache },
) {
  // The number attributes' keys by unit, read once per shape (a change to them is a new shape).
  const unitsByShape = new WeakMap<CatalogueShape, Map<string, string[]>>();
  const specSearch = createSpecSearch(async () => {
    const shape = await index.shape();
    let byUnit = unitsByShape.get(shape);
    if (!byUnit) {
      byUnit = new Map();
      for (const attribute of shape.attributes) {
        if (attribute.kind !== 'number' || !attribute.unit) continue;
        const unit = attribute.unit.toLowerCase();
        const keys = byUnit.get(unit) ?? [];
        if (!keys.includes(attribute.key)) keys.push(attribute.key);
        byUnit.set(unit, keys);
      }
      unitsByShape.set(shape, byUnit);
    }
    return byUnit;
  });
  const words = new Map<string, Promise<string[]>>();
  const wordsOf = (text: string): Promise<string[]> => {
    let found = words.get(text);
    if (!found) {
      if (words.size >= WORD_CACHE_SIZE) words.clear();
      found = searchRepo.searchWords(db, text);
      found.catch(() => words.delete(text));
      words.set(text, found);
    }
    return found;
  };

  /**
   * The scopes to try, in turn, until one has tools: the values a search names ("18V") with its
   * other words, then its words as typed, then names like it despite a typo.
   */
  async function* scopesOf(
    query: FacetsQuery,
    base: CatalogueScope,
  ): AsyncGenerator<CatalogueScope> {
    if (!query.q) return;
    const bySpec = await specSearch(query.q);
    if (bySpec.specs) {
      const q = bySpec.q;
      const search = q ? { text: q, words: await wordsOf(q) } : undefined;
      yield { ...base, specs: bySpec.specs, search };
    }
    yield { ...base, search: { text: query.q, words: await wordsOf(query.q) } };
    // Trigrams need a word of three letters or digits; without one the index cannot help.
    if (HAS_A_WORD.test(query.q)) {
      const similar = await searchRepo.similarNames(db, query.q);
      yield { ...base, search: { text: query.q, words: [], similar } };
    }
  }

  /**
   * What a query looks in: the first scope whose search finds tools whatever the filters leave
   * (the filters then narrow it), so that the list and its facets agree.
   */
  async function scopeOf(query: FacetsQuery) {
    const shape = await index.shape();
    const category = categoryScope(shape, query.category);
    const base: CatalogueScope = {
      categoryIds: category.ids,
      filters: toolFilters(query, category),
    };
    if (!query.q) return { shape, category, scope: base };
    let chosen = base;
    for await (const scope of scopesOf(query, base)) {
      chosen = scope;
      const unfiltered = { ...scope, filters: NO_FILTERS, sort: 'oldest' as const, offset: 0 };
      if ((await index.search({ ...unfiltered, limit: 0 })).total > 0) break;
    }
    return { shape, category, scope: chosen };
  }

  /**
   * For a search that found nothing: its words as the catalogue spells them, and the category
   * (other than the one searched) where those words, without filters, find most tools.
   */
  async function suggestionFor(q: string, searchedIn: string | undefined) {
    const spelling = await index.spelling(q);
    const text = spelling ?? q;
    const found = await index.facets(
      { search: { text, words: await wordsOf(text) }, filters: NO_FILTERS },
      [],
    );
    let best: { id: string; count: number } | undefined;
    for (const [id, count] of found.byCategory) {
      if (id !== searchedIn && (!best || count > best.count)) best = { id, count };
    }
    const named = best && (await index.shape()).categories.find((c) => c.id === best.id);
    return {
      spelling: spelling ?? null,
      category: named && best ? { slug: named.slug, name: named.name, count: best.count } : null,
    };
  }

  return {
    /** A page of the catalogue and how many tools match. */
    async list(
      query: FacetsQuery & {
        sort: NonNullable<ListToolsQuery['sort']>;
        limit?: number | undefined;
        offset: number;
      },
    ): Promise<{ tools: Tool[]; total: number }> {
      const { scope } = await scopeOf(query);
      const { sort, limit, offset } = query;
      const found = await index.search({ ...scope, sort, limit, offset });
      // The index knows which tools and in what order; their current fields come from here.
      const held = await toolCache.find(found.ids, async (ids) =>
        (await repo.findTools(db, ids)).map(repo.toTool),
      );
      const byId = new Map(held.map((tool) => [tool._id, tool]));
      return { tools: found.ids.flatMap((id) => byId.get(id) ?? []), total: found.total };
    },

    /** Each filter's values with the tools each would leave (disjunctive counts). */
    async facets(query: FacetsQuery): Promise<Facets> {
      const { shape, category, scope } = await scopeOf(query);
      const keys = category.attributes.map((attribute) => attribute.key);
      const answer = facetsAnswer(shape, category, scope.filters, await index.facets(scope, keys));
      if (answer.total > 0 || !query.q) return answer;
      return { ...answer, suggestion: await suggestionFor(query.q, category.category?.id) };
    },

    /** Whether a listed tool has this id. */
    async exists(id: string): Promise<boolean> {
      return index.has(id);
    },
  };
}
