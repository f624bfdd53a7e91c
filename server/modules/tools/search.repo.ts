import { type SQL, sql } from 'drizzle-orm';
import type { ToolSort } from '../../../contract/tool-lists.ts';
import type { Tx } from '../../db/client.ts';
import { type SpecMatch, specCondition } from './spec-query.ts';
import type { ToolRow } from './tools.repo.ts';

/**
 * The catalogue's search queries: what the in-memory index is built from (catalogue-index.ts), and
 * the searches the database answers itself (full text, names, names despite a typo).
 */

/** What the in-memory catalogue index needs of every listed tool, oldest first. */
export interface IndexRow {
  id: string;
  name: string;
  /** The category the tool is in (null: none). */
  categoryId: string | null;
  /** Its specification values (a number with a unit in a search is looked for here). */
  specs: Record<string, unknown>;
  /** Its part numbers, lower-cased: the SKU, the maker's (if any) and the GTIN (if any). */
  parts: string[];
  /** Position in ORDER BY name, id (the database's collation decides, as in listTools). */
  nameRank: number;
  /** Position in ORDER BY price, id. */
  priceRank: number;
  /** The words of its full-text vector (stemmed by PostgreSQL), and whether each is in the name. */
  lexemes: { word: string; isInName: boolean }[];
}

/** One entry of a tsvector's text form: 'word':1A,5 (positions, A marking the name's words). */
const VECTOR_ENTRY = /'((?:[^']|'')*)'(?::([\d,A-D]+))?/g;

export function parseVector(vector: string): IndexRow['lexemes'] {
  return [...vector.matchAll(VECTOR_ENTRY)].map((match) => ({
    word: (match[1] ?? '').replaceAll("''", "'"),
    isInName: (match[2] ?? '').includes('A'),
  }));
}

export async function listIndexRows(tx: Tx): Promise<IndexRow[]> {
  const result = await tx.execute<{
    id: string;
    name: string;
    category_id: string | null;
    specs: Record<string, unknown>;
    name_rank: string;
    price_rank: string;
    parts: string[];
    vector: string;
  }>(sql`
    select id, name, category_id, specs,
           array_remove(array[lower(sku), lower(mpn), gtin], null) as parts,
           row_number() over (order by name, id) as name_rank,
           row_number() over (order by price, id) as price_rank,
           search_vector::text as vector
    from tools where deleted_at is null
    order by created_at, id`);
  return result.rows.map((row) => ({
    id: row.id,
    name: row.name,
    categoryId: row.category_id,
    specs: row.specs,
    nameRank: Number(row.name_rank),
    priceRank: Number(row.price_rank),
    parts: row.parts,
    lexemes: parseVector(row.vector),
  }));
}

/** The words of a search as the catalogue's vectors hold them: stemmed, stop words gone. */
export async function searchWords(tx: Tx, text: string): Promise<string[]> {
  const result = await tx.execute<{ words: string[] }>(
    sql`select tsvector_to_array(to_tsvector('english', ${text})) as words`,
  );
  return result.rows[0]?.words ?? [];
}

/**
 * A search's order: the columns of `matched` in searchTools. Best match first as the in-memory
 * index ranks (catalogue-index.ts), then, for names found despite a typo, the closest.
 */
const SEARCH_ORDER: Record<ToolSort, string> = {
  relevance:
    'part_rank desc, in_text desc, name_words desc, similarity desc, created_at desc, id desc',
  oldest: 'created_at, id',
  newest: 'created_at desc, id desc',
  name_asc: 'name, id',
  name_desc: 'name desc, id desc',
  price_asc: 'price, id',
  price_desc: 'price desc, id desc',
};

/**
 * What a search is looked for among part numbers (SKU, MPN, GTIN; exact first, then as a prefix):
 * one word of three or more characters with a digit in it, lower-cased; null otherwise.
 */
export function partNeedle(q: string): string | null {
  const needle = q.trim().toLowerCase();
  return /^\S{3,}$/.test(needle) && /\d/.test(needle) ? needle : null;
}

/** A search, a page of it, and the categories it is limited to (a category and those below it). */
interface SearchOptions {
  q: string;
  sort: ToolSort;
  limit?: number | undefined;
  offset: number;
  categoryIds?: readonly string[] | undefined;
  /** Values the tools must hold (a number with a unit in the search). */
  specs?: readonly SpecMatch[] | undefined;
}

/** `and <table>.category_id in (...)` when a search is limited to categories; nothing otherwise. */
function inCategories(table: string, categoryIds: readonly string[] | undefined): SQL {
  if (categoryIds === undefined) return sql``;
  return sql`and ${sql.identifier(table)}.category_id = any(${sql.param([...categoryIds])}::uuid[])`;
}

type SearchRow = {
  total: number;
  id: string | null;
  sku: string;
  brand: string;
  mpn: string | null;
  gtin: string | null;
  category_id: string | null;
  specs: Record<string, number | string | boolean>;
  name: string;
  img: string;
  description: string;
  quantity: number;
  minimum_order: number;
  order_increment: number;
  max_per_order: number | null;
  price: number;
  price_tiers: { minQuantity: number; price: number }[];
  rating_count: number;
  rating_total: number;
  created_at: Date;
  updated_at: Date;
};

/**
 * Tools matching what someone typed, in one round trip: every word of it in any form (full-text
 * search, English stemming, over the name and the description), the text anywhere in a name, or a
 * name with a word like it despite a typo (pg_trgm's word similarity). The in-memory index
 * answers the first two (catalogue-index.ts); this runs when it finds nothing (a typo) or is off.
 */
export async function searchTools(
  tx: Tx,
  options: SearchOptions,
): Promise<{ rows: ToolRow[]; total: number }> {
  const like = `%${options.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const part = partNeedle(options.q);
  const partPrefix = part && `${part.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const result = await tx.execute<SearchRow>(sql`
    with query as (
      select plainto_tsquery('english', ${options.q}) as words,
             tsvector_to_array(to_tsvector('english', ${options.q})) as lexemes
    ),
    matched as (
      select t.id, t.sku, t.brand, t.mpn, t.gtin, t.category_id, t.specs, t.name, t.img, t.description, t.quantity, t.minimum_order,
             t.order_increment, t.max_per_order, t.price, t.price_tiers, t.rating_count, t.rating_total, t.created_at, t.updated_at,
             (case when ${part}::text is null then 0
                   when lower(t.sku) = ${part} or lower(t.mpn) = ${part} or t.gtin = ${part} then 2
                   when lower(t.sku) like ${partPrefix} or lower(t.mpn) like ${partPrefix}
                     or t.gtin like ${partPrefix} then 1
                   else 0 end) as part_rank,
             (t.name ilike ${like})::int as in_text,
             cardinality(array(
               select unnest(query.lexemes)
               intersect select unnest(tsvector_to_array(to_tsvector('english', t.name)))
             )) as name_words,
             word_similarity(${options.q}, t.name) as similarity
      from tools t, query
      where t.deleted_at is null ${inCategories('t', options.categoryIds)}
        ${specCondition(sql`t.specs`, options.specs)}
        and (t.search_vector @@ query.words or t.name ilike ${like} or t.name %> ${options.q}
             ${
               // Only for a part number: the other conditions are answered by indexes together.
               partPrefix
                 ? sql`or lower(t.sku) like ${partPrefix} or lower(t.mpn) like ${partPrefix}
                       or t.gtin like ${partPrefix}`
                 : sql``
             })
    )
    select total.n as total, page.*
    from (select count(*)::int as n from matched) total
    left join lateral (
      select * from matched
      order by ${sql.raw(SEARCH_ORDER[options.sort])}
      ${options.limit === undefined ? sql`` : sql`limit ${options.limit}`}
      offset ${options.offset}
    ) page on true`);
  const rows = result.rows.flatMap((row): ToolRow[] =>
    row.id === null
      ? []
      : [
          {
            id: row.id,
            sku: row.sku,
            brand: row.brand,
            mpn: row.mpn,
            gtin: row.gtin,
            categoryId: row.category_id,
            specs: row.specs,
            name: row.name,
            img: row.img,
            description: row.description,
            quantity: row.quantity,
            minimumOrder: row.minimum_order,
            orderIncrement: row.order_increment,
            maxPerOrder: row.max_per_order,
            price: row.price,
            priceTiers: row.price_tiers,
            ratingCount: row.rating_count,
            ratingTotal: row.rating_total,
            deletedAt: null,
            createdAt: new Date(row.created_at),
            updatedAt: new Date(row.updated_at),
          },
        ],
  );
  return { rows, total: result.rows[0]?.total ?? 0 };
}

/**
 * Names with a word like what someone typed (pg_trgm's word similarity, through the trigram index
 * on names): the answer to a search nothing matched as typed ("hamer"). Closest first when the
 * order is relevance.
 */
export async function similarNames(
  tx: Tx,
  options: SearchOptions,
): Promise<{ ids: string[]; total: number }> {
  const order =
    options.sort === 'relevance'
      ? 'similarity desc, created_at desc, id desc'
      : SEARCH_ORDER[options.sort];
  const result = await tx.execute<{ total: number; id: string | null }>(sql`
    with matched as (
      select id, name, price, created_at, word_similarity(${options.q}, name) as similarity
      from tools
      where deleted_at is null and name %> ${options.q} ${inCategories('tools', options.categoryIds)}
        ${specCondition(sql`specs`, options.specs)}
    )
    select total.n as total, page.id
    from (select count(*)::int as n from matched) total
    left join lateral (
      select id from matched
      order by ${sql.raw(order)}
      ${options.limit === undefined ? sql`` : sql`limit ${options.limit}`}
      offset ${options.offset}
    ) page on true`);
  return {
    ids: result.rows.flatMap((row) => (row.id === null ? [] : [row.id])),
    total: result.rows[0]?.total ?? 0,
  };
}
