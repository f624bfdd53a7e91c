import { getTableColumns, type Table } from 'drizzle-orm';
import type { CompanyRole } from '../../../contract/companies.ts';
import type { Db } from '../../db/client.ts';
import { orderLines, orders } from '../../db/schema.ts';
import type { OrderLineRow, OrderRow } from './orders.repo.ts';

/** A listed tool as an order line needs it, locked until the transaction ends. */
interface LockedTool {
  id: string;
  sku: string;
  name: string;
  price: number;
  priceTiers: { minQuantity: number; price: number }[];
  quantity: number;
  minimumOrder: number;
  orderIncrement: number;
  maxPerOrder: number | null;
  /** One unit's shipping weight: what a delivery method priced by weight adds up. */
  weightGrams: number;
}

/**
 * Placing an order in two round trips to the database (docs/decisions/020): one opens the
 * transaction, locks the customer and the tools and reads all the order is judged on; the rules
 * run here; the other takes the stock, writes the order, its lines and its confirmation email,
 * and commits. The statement-by-statement version took ten, and the time between them was most
 * of an order's.
 */

/**
 * A member of a company placing an order: their role and limits, the company's budget, what the
 * month (UTC) has spent so far (orders not cancelled or rejected), read under the company's lock,
 * and who may approve (the owners and approvers other than the buyer).
 */
export interface PlacementMembership {
  companyId: string;
  role: CompanyRole;
  orderLimit: number | null;
  monthlyLimit: number | null;
  companyBudget: number | null;
  /** The month's orders by currency (minor units): the limits count the store's currency only. */
  spentByBuyer: Record<string, number>;
  spentByCompany: Record<string, number>;
  approvers: { name: string; email: string }[];
}

/** What a placement is judged on, read under the customer's and the tools' locks. */
export interface PlacementContext {
  /** The database's clock when the transaction began: the order's `createdAt`. */
  now: Date;
  /** The number the order gets, if placed (`order_number_seq`). */
  number: number;
  company: Pick<OrderRow, 'companyName' | 'vatNumber' | 'billingAddress'>;
  /** The customer's company and limits; null for a customer without one. */
  membership: PlacementMembership | null;
  /** The customer's order already placed with this Idempotency-Key, if any. */
  earlierOrderId: string | null;
  /**
   * The payment terms the buyer orders on (their company's, or their own without one), with what
   * they owe on account now; null without terms (decision 056).
   */
  terms: { netDays: number; creditLimit: number; owed: number } | null;
  /** Whether the buyer (their company, or they without one) is marked tax-exempt (decision 064). */
  taxExempt: boolean;
  /** The VAT number an admin verified for the buyer's company; null without one (decision 064). */
  verifiedVatNumber: string | null;
  /** How many unpaid orders the customer holds, and how many units of each tool asked for. */
  held: { orders: number; unitsOf: Map<string, number> };
  /** The listed tools among those asked for, locked until the transaction ends. */
  tools: Map<string, LockedTool>;
}

/** An email as the outbox queues it. */
interface QueuedMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** What a decided placement writes. */
export interface PlacementWrite {
  order: OrderRow;
  lines: OrderLineRow[];
  mail: QueuedMail;
  /** Further emails queued with the order (to a company's approvers). */
  moreMail?: QueuedMail[];
  /** The customer's cart the order is made of: emptied, its version recorded as this order's. */
  cart?: { userId: string; version: number };
}

/**
 * The opening round trip: BEGIN and `toolyard_order_context` (server/db/functions/order-context.sql: it locks the
 * customer, then the tools, and reads the rest under those locks) in one simple query. That
 * protocol takes no parameters, so the values (ids and the key) are written in as escaped literals.
 */
export function contextStatement(
  userId: string,
  key: string | undefined,
  toolIds: string[],
): string {
  const tools = `array[${toolIds.map(literal).join(', ')}]::uuid[]`;
  const keyLiteral = key === undefined ? 'null' : literal(key);
  return `select toolyard_order_context(${literal(userId)}, ${keyLiteral}, ${tools}) as context`;
}

/** A row as the database names its columns (every column: the table's own row type reads it). */
function columnsOf<T extends Table>(table: T, row: T['$inferSelect']): Record<string, unknown> {
  const values = row as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => [column.name, values[key]]),
  );
}

/**
 * The writing round trip: `toolyard_place_order` (server/db/functions/place-order.sql) takes every line's stock and
 * writes the order, its lines and its email; for a cart's checkout `toolyard_check_out_cart`
 * (check-out-cart.sql) empties the cart and records which order its version became; the COMMIT
 * follows in the same simple query. Either function raises on any shortfall, and then nothing
 * after it is read.
 */
function writeStatement(write: PlacementWrite): string {
  const { order, cart } = write;
  const checkOut = cart
    ? ` select toolyard_check_out_cart(${literal(cart.userId)}, ${cart.version}, ${literal(order.id)});`
    : '';
  return `${placeStatements(write).join('; ')};${checkOut} commit`;
}

/**
 * The call to `toolyard_place_order` and the insert of the placement's further mail (the
 * approvers'), each a statement of its own: the writing round trip sends them together, a
 * placement inside a caller's transaction (agreed-order.ts) one after the other.
 */
export function placeStatements({ order, lines, mail, moreMail = [] }: PlacementWrite): string[] {
  const values = [
    JSON.stringify(columnsOf(orders, order)),
    JSON.stringify(lines.map((line) => columnsOf(orderLines, line))),
    mail.kind,
    mail.to,
    mail.subject,
    mail.text,
    mail.html,
  ];
  const more =
    moreMail.length === 0
      ? []
      : [
          `insert into mail_outbox (kind, "to", subject, text, html) select kind, "to", subject, text, html from json_populate_recordset(null::mail_outbox, ${literal(JSON.stringify(moreMail))})`,
        ];
  return [`select toolyard_place_order(${values.map(literal).join(', ')})`, ...more];
}

/**
 * A string as an SQL literal, as `pg`'s escapeLiteral writes it (quotes doubled; with backslashes,
 * an E'' literal with them doubled), in a few native calls instead of a loop over its characters:
 * an order's text is about 12 KB.
 */
export function literal(text: string): string {
  const quoted = text.replaceAll("'", "''");
  return text.includes('\\') ? ` E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`;
}

/**
 * The opening round trip of a cart's checkout: BEGIN and `toolyard_cart_order_context`
 * (server/db/functions/cart-order-context.sql), which locks the customer and their cart, finds an order already placed with
 * the key, refuses a cart that is not at `version` or is empty, and otherwise answers what
 * toolyard_order_context does for the cart's own tools, with the cart's lines.
 */
export function cartContextStatement(
  userId: string,
  key: string | undefined,
  version: number,
): string {
  const keyLiteral = key === undefined ? 'null' : literal(key);
  return `select toolyard_cart_order_context(${literal(userId)}, ${keyLiteral}, ${version}) as context`;
}

/** What toolyard_order_context answers (JSON). */
interface ContextJson {
  now: string;
  number: number;
  company: PlacementContext['company'] | null;
  membership: PlacementMembership | null;
  terms: PlacementContext['terms'];
  taxExempt: boolean;
  verifiedVatNumber: string | null;
  unpaidOrders: number;
  earlierId: string | null;
  held: Record<string, number>;
  tools: LockedTool[];
}

/** What opening a cart's checkout found (toolyard_cart_order_context, JSON). */
export type CartOpening =
  /** The order the Idempotency-Key placed, and the cart version it was made of (null: none). */
  | { earlier: { id: string; cartVersion: number | null } }
  /** The cart is not at the version asked for, or is empty. */
  | { refused: { version: number; checkedOutBy: { id: string; number: number } | null } }
  | { context: PlacementContext; lines: { toolId: string; quantity: number }[] };

export function cartOpeningOf(json: unknown): CartOpening {
  const opened = json as
    | { earlierId: string; earlierCartVersion: number | null }
    | { refused: { version: number; checkedOutBy: { id: string; number: number } | null } }
    | (ContextJson & { cartLines: { toolId: string; quantity: number }[] });
  if ('refused' in opened) return { refused: opened.refused };
  if ('cartLines' in opened) return { context: contextOf(opened), lines: opened.cartLines };
  return { earlier: { id: opened.earlierId, cartVersion: opened.earlierCartVersion } };
}

/** What toolyard_order_context answered (its JSON), as the rules read it. */
export function contextOf(opened: unknown): PlacementContext {
  const json = opened as ContextJson;
  return {
    now: new Date(json.now),
    number: json.number,
    company: json.company ?? { companyName: null, vatNumber: null, billingAddress: null },
    membership: json.membership,
    earlierOrderId: json.earlierId,
    terms: json.terms ?? null,
    taxExempt: json.taxExempt,
    verifiedVatNumber: json.verifiedVatNumber ?? null,
    held: { orders: json.unpaidOrders, unitsOf: new Map(Object.entries(json.held)) },
    tools: new Map(json.tools.map((tool) => [tool.id, tool])),
  };
}

/**
 * Runs one placement: opens it with `opening` (a select whose one column, `context`, is JSON),
 * lets `decide` judge what it read (throwing refuses it, changing nothing), and writes what
 * `decide` returns; `{ end }` ends it writing nothing, answering that.
 */
export async function runPlacement<R, E>(
  db: Db,
  opening: string,
  decide: (opened: unknown) => { write: PlacementWrite; result: R } | { end: E },
): Promise<{ placed: R } | { ended: E }> {
  const client = await db.$client.connect();
  let isReleased = false;
  /** With an error, the connection is unusable and leaves the pool. */
  const release = (error?: Error) => {
    if (isReleased) return;
    isReleased = true;
    client.release(error);
  };
  try {
    const results = (await client.query(`begin; ${opening}`)) as unknown as {
      rows: { context: unknown }[];
    }[];
    const opened = results[1]?.rows[0]?.context;
    if (!opened) throw new Error('opening the placement answered nothing');
    const decision = decide(opened);
    if ('end' in decision) {
      await client.query('rollback');
      return { ended: decision.end };
    }
    await client.query(writeStatement(decision.write));
    return { placed: decision.result };
  } catch (error) {
    await client.query('rollback').catch((rollbackError: Error) => release(rollbackError));
    throw error;
  } finally {
    release();
  }
}
