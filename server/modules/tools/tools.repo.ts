import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { ToolDocument } from '../../../contract/tool-media.ts';
import { type CreateToolBody, MAX_STOCK, type Tool } from '../../../contract/tools.ts';
import type { Tx } from '../../db/client.ts';
import { tools } from '../../db/schema.ts';

/** A tool's whole row. */
export type ToolRecord = typeof tools.$inferSelect;
/**
 * A tool's row as lists read it: the catalogue's fields, without the gallery and documents that
 * only its own answer carries (tool-media.ts).
 */
export type ToolRow = Omit<ToolRecord, 'gallery' | 'documents'>;

export function toTool(row: ToolRow): Tool {
  return {
    _id: row.id,
    sku: row.sku,
    brand: row.brand,
    mpn: row.mpn,
    gtin: row.gtin,
    categoryId: row.categoryId,
    specs: row.specs,
    name: row.name,
    img: row.img,
    description: row.description,
    quantity: row.quantity,
    minimumOrder: row.minimumOrder,
    orderIncrement: row.orderIncrement,
    maxPerOrder: row.maxPerOrder,
    price: row.price,
    weightGrams: row.weightGrams,
    priceTiers: row.priceTiers,
    rating: {
      // One decimal is what stars show, and what structured data needs.
      average:
        row.ratingCount === 0 ? null : Math.round((row.ratingTotal / row.ratingCount) * 10) / 10,
      count: row.ratingCount,
    },
    createdAt: row.createdAt.toISOString(),
  };
}

const active = isNull(tools.deletedAt);

export async function findTool(tx: Tx, id: string): Promise<ToolRecord | undefined> {
  const [row] = await tx
    .select()
    .from(tools)
    .where(and(eq(tools.id, id), active));
  return row;
}

/** A listed tool, locked until the transaction ends. */
export async function lockTool(tx: Tx, id: string): Promise<ToolRecord | undefined> {
  const [row] = await tx
    .select()
    .from(tools)
    .where(and(eq(tools.id, id), active))
    .for('update');
  return row;
}

export async function insertTool(
  tx: Tx,
  body: Omit<CreateToolBody, 'confirm' | 'related' | 'documents'> & {
    brand: string;
    documents: ToolDocument[];
  },
): Promise<ToolRecord> {
  const [row] = await tx.insert(tools).values(body).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * Applies the changes to a listed tool and adds `restock` units, both in one statement. A restock
 * that would take the stock above MAX_STOCK matches no row (it would also overflow the column).
 */
export async function updateTool(
  tx: Tx,
  id: string,
  changes: Partial<
    Pick<
      ToolRecord,
      | 'sku'
      | 'brand'
      | 'mpn'
      | 'gtin'
      | 'categoryId'
      | 'specs'
      | 'name'
      | 'img'
      | 'description'
      | 'minimumOrder'
      | 'orderIncrement'
      | 'maxPerOrder'
      | 'price'
      | 'weightGrams'
      | 'priceTiers'
      | 'quantity'
      | 'gallery'
      | 'documents'
    >
  >,
  restock = 0,
): Promise<ToolRecord | undefined> {
  const [row] = await tx
    .update(tools)
    .set({
      ...changes,
      ...(restock > 0 ? { quantity: sql`${tools.quantity} + ${restock}` } : {}),
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(tools.id, id),
        active,
        restock > 0 ? lte(tools.quantity, MAX_STOCK - restock) : undefined,
      ),
    )
    .returning();
  return row;
}

export async function softDeleteTool(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx
    .update(tools)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(tools.id, id), active))
    .returning({ id: tools.id });
  return rows.length > 0;
}

/** Listed tools by id, in no particular order. */
export async function findTools(tx: Tx, ids: string[]): Promise<ToolRow[]> {
  if (ids.length === 0) return [];
  // By primary key alone: with `deleted_at is null` in the query the planner may pick the partial
  // (created_at, id) index and scan all of it (measured: 4.5 ms against 0.1 ms for 10,000 tools).
  const rows = await tx
    .select()
    .from(tools)
    .where(sql`${tools.id} = any(${sql.param(ids)}::uuid[])`);
  return rows.filter((row) => row.deletedAt === null);
}

/**
 * The most tools the sitemap lists: the protocol's 50,000 addresses per file, less room for the
 * store's own pages.
 */
const SITEMAP_LIMIT = 49_900;

/** Every listed tool's id and when it last changed, for the sitemap. */
export async function listSitemapRows(tx: Tx): Promise<{ id: string; updatedAt: Date }[]> {
  return tx
    .select({ id: tools.id, updatedAt: tools.updatedAt })
    .from(tools)
    .where(active)
    .orderBy(asc(tools.createdAt), asc(tools.id))
    .limit(SITEMAP_LIMIT);
}
