import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { canBeOrdered } from '../../../contract/quantity-rules.ts';
import type { RelatedTool, RelatedToolInput } from '../../../contract/tool-media.ts';
import type { Tx } from '../../db/client.ts';
import { toolRelations, tools } from '../../db/schema.ts';

/** A tool's related tools (docs/decisions/046): listed ones only, in the admin's order. */
export async function readRelated(tx: Tx, toolId: string): Promise<RelatedTool[]> {
  const rows = await tx
    .select({
      kind: toolRelations.kind,
      id: tools.id,
      name: tools.name,
      sku: tools.sku,
      img: tools.img,
      price: tools.price,
      quantity: tools.quantity,
      minimumOrder: tools.minimumOrder,
      orderIncrement: tools.orderIncrement,
      maxPerOrder: tools.maxPerOrder,
    })
    .from(toolRelations)
    .innerJoin(tools, eq(tools.id, toolRelations.relatedId))
    .where(and(eq(toolRelations.toolId, toolId), isNull(tools.deletedAt)))
    .orderBy(asc(toolRelations.position));
  return rows.map((row) => ({
    kind: row.kind as RelatedTool['kind'],
    _id: row.id,
    name: row.name,
    sku: row.sku,
    url: `/tools/${row.id}`,
    img: row.img,
    price: row.price,
    isInStock: canBeOrdered(row),
  }));
}

/**
 * Which of these ids are listed tools, each held (FOR KEY SHARE) until the transaction ends: a
 * tool being deleted at the same time waits, and then takes the new relation with it.
 */
export async function holdListedTools(tx: Tx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: tools.id })
    .from(tools)
    .where(and(sql`${tools.id} = any(${sql.param([...ids])}::uuid[])`, isNull(tools.deletedAt)))
    .for('key share');
  return new Set(rows.map((row) => row.id));
}

/** Replaces a tool's related tools with these, in this order. */
export async function replaceRelated(
  tx: Tx,
  toolId: string,
  related: readonly RelatedToolInput[],
): Promise<void> {
  await tx.delete(toolRelations).where(eq(toolRelations.toolId, toolId));
  if (related.length === 0) return;
  await tx.insert(toolRelations).values(
    related.map((entry, position) => ({
      toolId,
      relatedId: entry.toolId,
      kind: entry.kind,
      position,
    })),
  );
}

/** The related tools' ids, in order (the audit log's before and after). */
export async function relatedIds(tx: Tx, toolId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: toolRelations.relatedId, kind: toolRelations.kind })
    .from(toolRelations)
    .where(eq(toolRelations.toolId, toolId))
    .orderBy(asc(toolRelations.position));
  return rows.map((row) => `${row.kind}:${row.id}`);
}

/** A deleted tool's relations go with it: those it had, and those other tools had to it. */
export async function deleteRelationsOf(tx: Tx, toolId: string): Promise<void> {
  await tx
    .delete(toolRelations)
    .where(or(eq(toolRelations.toolId, toolId), eq(toolRelations.relatedId, toolId)));
}
