import { asc, eq, inArray } from 'drizzle-orm';
import type {
  CreateDeliveryMethodBody,
  DeliveryMethod,
  UpdateDeliveryMethodBody,
} from '../../../contract/delivery-methods.ts';
import { unitPriceFor } from '../../../contract/pricing.ts';
import type { Tx } from '../../db/client.ts';
import { carts, deliveryMethods, tools } from '../../db/schema.ts';
import type { CartMeasure } from './delivery-quote.ts';

type MethodRow = typeof deliveryMethods.$inferSelect;

function toDeliveryMethod(row: MethodRow): DeliveryMethod {
  return {
    _id: row.id,
    name: row.name,
    countries: row.countries,
    priceBasis: row.priceBasis,
    bands: row.bands,
    freeAbove: row.freeAbove,
    workingDays: row.workingDays,
    cutOffTime: row.cutOffTime,
    isActive: row.isActive,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listMethods(tx: Tx): Promise<DeliveryMethod[]> {
  const rows = await tx.select().from(deliveryMethods).orderBy(asc(deliveryMethods.name));
  return rows.map(toDeliveryMethod);
}

export async function insertMethod(
  tx: Tx,
  body: CreateDeliveryMethodBody,
): Promise<DeliveryMethod> {
  const [row] = await tx.insert(deliveryMethods).values(body).returning();
  if (!row) throw new Error('inserting a delivery method returned no row');
  return toDeliveryMethod(row);
}

export async function updateMethod(
  tx: Tx,
  id: string,
  changes: UpdateDeliveryMethodBody,
): Promise<DeliveryMethod | null> {
  const [row] = await tx
    .update(deliveryMethods)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(deliveryMethods.id, id))
    .returning();
  return row ? toDeliveryMethod(row) : null;
}

export async function deleteMethod(tx: Tx, id: string): Promise<DeliveryMethod | null> {
  const [row] = await tx.delete(deliveryMethods).where(eq(deliveryMethods.id, id)).returning();
  return row ? toDeliveryMethod(row) : null;
}

/**
 * What the caller's cart weighs and what its goods come to, priced as the cart prices them
 * (unitPriceFor); lines whose tool was removed count for nothing.
 */
export async function cartMeasureOf(tx: Tx, userId: string): Promise<CartMeasure> {
  const [cart] = await tx
    .select({ lines: carts.lines })
    .from(carts)
    .where(eq(carts.userId, userId));
  return (await linesMeasureOf(tx, cart?.lines ?? [])).measure;
}

/**
 * What lines weigh and what their goods come to: at the prices agreed for a tool (a quote's
 * offer) or else as an order prices them (unitPriceFor). Lines whose tool is not in the catalogue
 * count for nothing and are named in `missing`.
 */
export async function linesMeasureOf(
  tx: Tx,
  lines: readonly { toolId: string; quantity: number }[],
  agreedPrices?: ReadonlyMap<string, number>,
): Promise<{ measure: CartMeasure; missing: string[] }> {
  if (lines.length === 0) return { measure: { weightGrams: 0, value: 0 }, missing: [] };
  const rows = await tx
    .select()
    .from(tools)
    .where(
      inArray(
        tools.id,
        lines.map((line) => line.toolId),
      ),
    );
  const byId = new Map(rows.filter((row) => row.deletedAt === null).map((row) => [row.id, row]));
  let weightGrams = 0;
  let value = 0;
  const missing: string[] = [];
  for (const line of lines) {
    const tool = byId.get(line.toolId);
    if (!tool) {
      missing.push(line.toolId);
      continue;
    }
    weightGrams += tool.weightGrams * line.quantity;
    value += (agreedPrices?.get(tool.id) ?? unitPriceFor(tool, line.quantity)) * line.quantity;
  }
  return { measure: { weightGrams, value }, missing };
}
