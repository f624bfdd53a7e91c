import { and, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tools } from '../../db/schema.ts';

export type MatchedTool = typeof tools.$inferSelect;

/**
 * The listed tools with these SKUs, whatever the letter case, in one query on the unique index of
 * `lower(sku)` (listed tools only, as the index is).
 */
export async function toolsBySku(
  db: Db,
  skus: readonly string[],
): Promise<Map<string, MatchedTool>> {
  if (skus.length === 0) return new Map();
  const lowered = skus.map((sku) => sku.toLowerCase());
  const rows = await db
    .select()
    .from(tools)
    .where(
      and(isNull(tools.deletedAt), sql`lower(${tools.sku}) = any(${sql.param(lowered)}::text[])`),
    );
  return new Map(rows.map((row) => [row.sku.toLowerCase(), row]));
}
