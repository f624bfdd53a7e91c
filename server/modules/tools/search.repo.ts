import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/**
 * What the in-memory catalogue (catalogue-index.ts) reads from PostgreSQL: every listed tool with
 * its words as the English dictionary stems them, the stock levels, a search's stemmed words, and
 * the names like a mistyped word (the trigram index). Every list and search is answered there.
 */

/** What the in-memory catalogue index needs of every listed tool, oldest first. */
export interface IndexRow {
  id: string;
  name: string;
  brand: string;
  /** The unit price, in minor units. */
  price: number;
  /** Units in stock, as read; refreshed apart when orders move them (listStockLevels). */
  quantity: number;
  minimumOrder: number;
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
    brand: string;
    price: number;
    quantity: number;
    minimum_order: number;
    category_id: string | null;
    specs: Record<string, unknown>;
    name_rank: string;
    price_rank: string;
    parts: string[];
    vector: string;
  }>(sql`
    select id, name, brand, price, quantity, minimum_order, category_id, specs,
           array_remove(array[lower(sku), lower(mpn), gtin], null) as parts,
           row_number() over (order by name, id) as name_rank,
           row_number() over (order by price, id) as price_rank,
           search_vector::text as vector
    from tools where deleted_at is null
    order by created_at, id`);
  return result.rows.map((row) => ({
    id: row.id,
    name: row.name,
    brand: row.brand,
    price: row.price,
    quantity: row.quantity,
    minimumOrder: row.minimum_order,
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
 * What a search is looked for among part numbers (SKU, MPN, GTIN; exact first, then as a prefix):
 * one word of three or more characters with a digit in it, lower-cased; null otherwise.
 */
export function partNeedle(q: string): string | null {
  const needle = q.trim().toLowerCase();
  return /^\S{3,}$/.test(needle) && /\d/.test(needle) ? needle : null;
}

/** Every listed tool's stock level: what orders move between two changes to the catalogue. */
export async function listStockLevels(tx: Tx): Promise<{ id: string; quantity: number }[]> {
  const result = await tx.execute<{ id: string; quantity: number }>(
    sql`select id, quantity from tools where deleted_at is null`,
  );
  return result.rows;
}

/** The most names a mistyped search is answered with. */
const SIMILAR_NAMES_MAX = 1_000;

/**
 * The listed tools whose names have a word like what someone typed (pg_trgm's word similarity,
 * through the trigram index on names), closest first, then newest: the answer to a search nothing
 * matched as typed ("hamer"). The in-memory catalogue narrows, orders and pages them.
 */
export async function similarNames(tx: Tx, q: string): Promise<string[]> {
  const result = await tx.execute<{ id: string }>(sql`
    select id from tools
    where deleted_at is null and name %> ${q}
    order by word_similarity(${q}, name) desc, created_at desc, id desc
    limit ${SIMILAR_NAMES_MAX}`);
  return result.rows.map((row) => row.id);
}
