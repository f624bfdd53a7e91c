import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { CreateCategoryBody, UpdateCategoryBody } from '../../../contract/categories.ts';
import type { Tx } from '../../db/client.ts';
import { categories, tools } from '../../db/schema.ts';

export type CategoryRow = typeof categories.$inferSelect;

/** Every category, siblings in their order (position, then name). */
export async function listCategoryRows(tx: Tx): Promise<CategoryRow[]> {
  return tx
    .select()
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name), asc(categories.id));
}

/** How many listed tools each category holds itself (not counting those below it). */
export async function countToolsByCategory(tx: Tx): Promise<Map<string, number>> {
  const rows = await tx
    .select({ categoryId: tools.categoryId, n: count() })
    .from(tools)
    .where(and(isNull(tools.deletedAt), isNotNull(tools.categoryId)))
    .groupBy(tools.categoryId);
  return new Map(rows.flatMap((row) => (row.categoryId ? [[row.categoryId, row.n]] : [])));
}

/**
 * Category changes wait for each other: a move is judged on the whole tree (no cycle, at most
 * three levels), which two moves at once could each keep while together breaking it.
 */
export async function lockCategories(tx: Tx): Promise<void> {
  await tx.execute(sql`lock table ${categories} in share row exclusive mode`);
}

/**
 * A tool's write that reads a category and its specifications holds them still until it commits:
 * category changes (which take the lock above) wait for it, other tools' writes do not.
 */
export async function shareCategories(tx: Tx): Promise<void> {
  await tx.execute(sql`lock table ${categories} in share mode`);
}

export async function insertCategory(tx: Tx, body: CreateCategoryBody): Promise<CategoryRow> {
  const [row] = await tx.insert(categories).values(body).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateCategory(
  tx: Tx,
  id: string,
  changes: UpdateCategoryBody,
): Promise<CategoryRow | undefined> {
  const [row] = await tx
    .update(categories)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(categories.id, id))
    .returning();
  return row;
}

/** Deleted tools keep no category (their orders keep their names and SKUs), then it goes. */
export async function deleteCategory(tx: Tx, id: string): Promise<void> {
  await tx
    .update(tools)
    .set({ categoryId: null })
    .where(and(eq(tools.categoryId, id), isNotNull(tools.deletedAt)));
  await tx.delete(categories).where(eq(categories.id, id));
}

/** The listed tools a category holds itself. */
export async function countListedTools(tx: Tx, id: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(tools)
    .where(and(eq(tools.categoryId, id), isNull(tools.deletedAt)));
  return row?.n ?? 0;
}
