import { and, asc, eq, sql } from 'drizzle-orm';
import type { CreateAttributeBody, UpdateAttributeBody } from '../../../contract/specifications.ts';
import type { Tx } from '../../db/client.ts';
import { categoryAttributes, tools } from '../../db/schema.ts';

export type AttributeRow = typeof categoryAttributes.$inferSelect;

/** Every category's specifications, each category's in their order (position, then name). */
export async function listAttributeRows(tx: Tx): Promise<AttributeRow[]> {
  return tx
    .select()
    .from(categoryAttributes)
    .orderBy(asc(categoryAttributes.position), asc(categoryAttributes.name));
}

/** How many listed tools each category holds itself with a value under each key. */
export async function countSpecValues(tx: Tx): Promise<Map<string, Map<string, number>>> {
  const { rows } = await tx.execute<{ category_id: string; key: string; n: number }>(sql`
    select t.category_id, k.key, count(*)::int as n
    from ${tools} t, jsonb_object_keys(t.specs) as k(key)
    where t.deleted_at is null and t.category_id is not null
    group by t.category_id, k.key`);
  const counts = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const inCategory = counts.get(row.category_id) ?? new Map<string, number>();
    inCategory.set(row.key, row.n);
    counts.set(row.category_id, inCategory);
  }
  return counts;
}

export async function insertAttribute(
  tx: Tx,
  categoryId: string,
  body: CreateAttributeBody,
): Promise<AttributeRow> {
  const [row] = await tx
    .insert(categoryAttributes)
    .values({ ...body, categoryId })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateAttribute(
  tx: Tx,
  id: string,
  changes: UpdateAttributeBody,
): Promise<AttributeRow | undefined> {
  const [row] = await tx
    .update(categoryAttributes)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(categoryAttributes.id, id))
    .returning();
  return row;
}

export async function deleteAttribute(tx: Tx, id: string): Promise<void> {
  await tx.delete(categoryAttributes).where(eq(categoryAttributes.id, id));
}

/**
 * Takes the value under `key` from the tools of these categories (only the values in `values`
 * when given: choices taken off a list); answers how many listed tools lost one.
 */
export async function dropSpecValues(
  tx: Tx,
  categoryIds: readonly string[],
  key: string,
  values?: readonly string[],
): Promise<number> {
  const rows = await tx
    .update(tools)
    .set({ specs: sql`${tools.specs} - ${key}::text`, updatedAt: sql`now()` })
    .where(
      and(
        sql`${tools.categoryId} = any(${sql.param([...categoryIds])}::uuid[])`,
        sql`${tools.specs} ? ${key}::text`,
        values === undefined
          ? undefined
          : sql`${tools.specs} ->> ${key}::text = any(${sql.param([...values])}::text[])`,
      ),
    )
    .returning({ deletedAt: tools.deletedAt });
  return rows.filter((row) => row.deletedAt === null).length;
}

/** Keeps only the values under `keys` on the tools of a category (it moved in the tree). */
export async function keepSpecKeys(
  tx: Tx,
  categoryId: string,
  keys: readonly string[],
): Promise<void> {
  const allowed = sql`${sql.param([...keys])}::text[]`;
  await tx
    .update(tools)
    .set({
      specs: sql`(select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb)
                  from jsonb_each(${tools.specs}) e where e.key = any(${allowed}))`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(tools.categoryId, categoryId),
        sql`exists (select 1 from jsonb_object_keys(${tools.specs}) k where k <> all(${allowed}))`,
      ),
    );
}
