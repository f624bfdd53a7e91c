import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { readTogether, type Tx } from '../../db/client.ts';
import { orderLines, orders, savedListLines, savedLists, tools, user } from '../../db/schema.ts';

/** Who asks: their id, and the company they are in now (null: none). */
export interface Viewer {
  userId: string;
  companyId: string | null;
}

export type ListRow = typeof savedLists.$inferSelect & { makerName: string; lineCount: number };
export type LineInput = { toolId: string; quantity: number };

/** The lists a person sees: their own, and those shared with the company they are in now. */
function visibleTo(viewer: Viewer): SQL {
  const own = eq(savedLists.userId, viewer.userId);
  return viewer.companyId ? (or(own, eq(savedLists.companyId, viewer.companyId)) as SQL) : own;
}

const lineCount = sql<number>`(select count(*)::int from ${savedListLines} where ${savedListLines.listId} = ${savedLists.id})`;

function listQuery(tx: Tx) {
  return tx
    .select({ list: savedLists, makerName: user.name, lineCount })
    .from(savedLists)
    .innerJoin(user, eq(user.id, savedLists.userId));
}

const flat = (row: {
  list: typeof savedLists.$inferSelect;
  makerName: string;
  lineCount: number;
}) => ({ ...row.list, makerName: row.makerName, lineCount: row.lineCount }) as ListRow;

export async function listPage(
  tx: Tx,
  viewer: Viewer,
  page: { limit: number; offset: number },
): Promise<{ rows: ListRow[]; total: number }> {
  const [rows, [counted]] = await readTogether(tx, [
    () =>
      listQuery(tx)
        .where(visibleTo(viewer))
        .orderBy(desc(savedLists.updatedAt), desc(savedLists.id))
        .limit(page.limit)
        .offset(page.offset),
    () =>
      tx.select({ total: sql<number>`count(*)::int` }).from(savedLists).where(visibleTo(viewer)),
  ]);
  return { rows: rows.map(flat), total: counted?.total ?? 0 };
}

/** A list the viewer sees; undefined for one they do not (or none). `lock` holds its row. */
export async function findVisible(
  tx: Tx,
  viewer: Viewer,
  id: string,
  lock = false,
): Promise<ListRow | undefined> {
  const visible = async () => {
    const [row] = await listQuery(tx).where(and(eq(savedLists.id, id), visibleTo(viewer)));
    return row ? flat(row) : undefined;
  };
  // A list the viewer cannot see is never locked (nor waited for); one they can is read again
  // under its lock.
  const seen = await visible();
  if (!lock || !seen) return seen;
  await tx
    .select({ id: savedLists.id })
    .from(savedLists)
    .where(eq(savedLists.id, id))
    .for('update');
  return visible();
}

export async function linesOf(tx: Tx, listId: string) {
  return tx
    .select({
      toolId: savedListLines.toolId,
      quantity: savedListLines.quantity,
      tool: {
        sku: tools.sku,
        name: tools.name,
        img: tools.img,
        price: tools.price,
        stock: tools.quantity,
        isListed: sql<boolean>`${tools.deletedAt} is null`,
      },
    })
    .from(savedListLines)
    .innerJoin(tools, eq(tools.id, savedListLines.toolId))
    .where(eq(savedListLines.listId, listId))
    .orderBy(asc(savedListLines.position));
}

export async function countMadeBy(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(savedLists)
    .where(eq(savedLists.userId, userId));
  return row?.count ?? 0;
}

/** A person's list-making queues behind itself, so the cap holds under races. */
export async function lockMaker(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`toolyard.lists:${userId}`}))`);
}

export async function insertList(
  tx: Tx,
  values: { userId: string; companyId: string | null; name: string },
): Promise<string> {
  const [row] = await tx.insert(savedLists).values(values).returning({ id: savedLists.id });
  if (!row) throw new Error('inserting a list returned no row');
  return row.id;
}

export async function updateList(
  tx: Tx,
  id: string,
  values: { name?: string; companyId?: string | null },
): Promise<void> {
  await tx
    .update(savedLists)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(savedLists.id, id));
}

export async function deleteList(tx: Tx, id: string): Promise<void> {
  await tx.delete(savedLists).where(eq(savedLists.id, id));
}

/** The list's lines become these, in this order. */
export async function replaceLines(tx: Tx, listId: string, lines: readonly LineInput[]) {
  await tx.delete(savedListLines).where(eq(savedListLines.listId, listId));
  if (lines.length > 0)
    await tx
      .insert(savedListLines)
      .values(lines.map((line, index) => ({ listId, ...line, position: index + 1 })));
  await updateList(tx, listId, {});
}

/** Tools by id: their name and whether they are in the catalogue now. */
export async function toolFacts(tx: Tx, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, { name: string; isListed: boolean }>();
  const rows = await tx
    .select({ id: tools.id, name: tools.name, deletedAt: tools.deletedAt })
    .from(tools)
    .where(inArray(tools.id, [...ids]));
  return new Map(rows.map((row) => [row.id, { name: row.name, isListed: row.deletedAt === null }]));
}

/** The lines of one of the person's own orders; undefined when it is not theirs (or none). */
export async function orderLinesOf(
  tx: Tx,
  userId: string,
  orderId: string,
): Promise<LineInput[] | undefined> {
  const [order] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) return undefined;
  return tx
    .select({ toolId: orderLines.toolId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
}
