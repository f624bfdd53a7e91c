import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/** The query the in-memory catalogue index (catalogue-index.ts) is built from. */

/** What the in-memory catalogue index needs of every listed tool, oldest first. */
export interface IndexRow {
  id: string;
  name: string;
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
    name_rank: string;
    price_rank: string;
    vector: string;
  }>(sql`
    select id, name,
           row_number() over (order by name, id) as name_rank,
           row_number() over (order by price, id) as price_rank,
           search_vector::text as vector
    from tools where deleted_at is null
    order by created_at, id`);
  return result.rows.map((row) => ({
    id: row.id,
    name: row.name,
    nameRank: Number(row.name_rank),
    priceRank: Number(row.price_rank),
    lexemes: parseVector(row.vector),
  }));
}
