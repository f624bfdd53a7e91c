import { escapeLiteral } from 'pg';
import type { Db } from '../../db/client.ts';
import type { OrderLineRow, OrderRow } from './orders.repo.ts';

/** A listed tool as an order line needs it, locked until the transaction ends. */
export interface LockedTool {
  id: string;
  name: string;
  price: number;
  priceTiers: { minQuantity: number; price: number }[];
  quantity: number;
  minimumOrder: number;
}

/**
 * Placing an order in three round trips to the database (docs/decisions/020): one opens the
 * transaction, locks the customer and the tools and reads all the order is judged on; the rules
 * run here; one statement takes the stock, writes the order, its lines and its confirmation email;
 * then COMMIT.
 * The statement-by-statement version took ten, and the time between them was most of an order's.
 */

/** What a placement is judged on, read under the customer's lock and the tools' locks. */
export interface PlacementContext {
  /** The database's clock when the transaction began: the order's `createdAt`. */
  now: Date;
  /** The number the order gets, if placed (`order_number_seq`). */
  number: number;
  company: Pick<OrderRow, 'companyName' | 'vatNumber' | 'billingAddress'>;
  /** The customer's order already placed with this Idempotency-Key, if any. */
  earlierOrderId: string | null;
  /** How many unpaid orders the customer holds, and how many units of each tool asked for. */
  held: { orders: number; unitsOf: Map<string, number> };
  /** The listed tools among those asked for, locked until the transaction ends. */
  tools: Map<string, LockedTool>;
}

/** What a decided placement writes. */
export interface PlacementWrite {
  order: OrderRow;
  lines: OrderLineRow[];
  mail: { kind: string; to: string; subject: string; text: string; html: string };
}

/**
 * The opening round trip: BEGIN and `toolyard_order_context` (migration 0018: it locks the
 * customer, then the tools, and reads the rest under those locks) in one simple query. That
 * protocol takes no parameters, so the values (ids and the key) are written in as escaped literals.
 */
export function contextStatement(
  userId: string,
  key: string | undefined,
  toolIds: string[],
): string {
  const tools = `array[${toolIds.map(escapeLiteral).join(', ')}]::uuid[]`;
  const keyLiteral = key === undefined ? 'null' : escapeLiteral(key);
  return `select toolyard_order_context(${escapeLiteral(userId)}, ${keyLiteral}, ${tools}) as context`;
}

/**
 * The writing round trip: every line's stock, the order, its lines and its email in one
 * statement (data-modifying CTEs all run, referenced or not; the counts prove each did its part).
 * Prepared once per connection.
 */
const WRITE = {
  name: 'toolyard_place_order',
  text: `with taken as (
      update tools set quantity = tools.quantity - t.units, updated_at = now()
      from unnest($1::uuid[], $2::int[]) as t(id, units)
      where tools.id = t.id
      returning 1
    ), placed as (
      insert into orders (id, number, user_id, tool_id, product_name, unit_price, customer_name,
        email, ordered_num, phone, address, po_number, note, total_amount, currency, status,
        payment_due_at, idempotency_key, company_name, vat_number, billing_address, created_at,
        updated_at)
      values ($3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, 'unpaid', $18,
        $19, $20, $21, $22, $23, $23)
      returning 1
    ), lines as (
      insert into order_lines (order_id, user_id, is_unpaid, position, tool_id, product_name,
        quantity, unit_price, line_total)
      select $3, $5, true, l.position, l.tool_id, l.product_name, l.quantity, l.unit_price,
        l.line_total
      from unnest($24::int[], $25::uuid[], $26::text[], $27::int[], $28::int[], $29::int[])
        as l(position, tool_id, product_name, quantity, unit_price, line_total)
      returning 1
    ), mail as (
      insert into mail_outbox (kind, "to", subject, text, html) values ($30, $31, $32, $33, $34)
      returning 1
    )
    select (select count(*)::int from taken) as taken, (select count(*)::int from placed) as placed,
      (select count(*)::int from lines) as lines, (select count(*)::int from mail) as mails`,
};

function writeValues({ order, lines, mail }: PlacementWrite): unknown[] {
  return [
    lines.map((line) => line.toolId),
    lines.map((line) => line.quantity),
    order.id,
    order.number,
    order.userId,
    order.toolId,
    order.productName,
    order.unitPrice,
    order.customerName,
    order.email,
    order.orderedNum,
    order.phone,
    order.address,
    order.poNumber,
    order.note,
    order.totalAmount,
    order.currency,
    order.paymentDueAt,
    order.idempotencyKey,
    order.companyName,
    order.vatNumber,
    order.billingAddress,
    order.createdAt,
    lines.map((line) => line.position),
    lines.map((line) => line.toolId),
    lines.map((line) => line.productName),
    lines.map((line) => line.quantity),
    lines.map((line) => line.unitPrice),
    lines.map((line) => line.lineTotal),
    mail.kind,
    mail.to,
    mail.subject,
    mail.text,
    mail.html,
  ];
}

/** What toolyard_order_context answers (JSON). */
interface ContextJson {
  now: string;
  number: number;
  company: PlacementContext['company'] | null;
  unpaidOrders: number;
  earlierId: string | null;
  held: Record<string, number>;
  tools: LockedTool[];
}

function contextOf(json: ContextJson): PlacementContext {
  return {
    now: new Date(json.now),
    number: json.number,
    company: json.company ?? { companyName: null, vatNumber: null, billingAddress: null },
    earlierOrderId: json.earlierId,
    held: { orders: json.unpaidOrders, unitsOf: new Map(Object.entries(json.held)) },
    tools: new Map(json.tools.map((tool) => [tool.id, tool])),
  };
}

/**
 * Runs one placement: reads its context, lets `decide` judge it (throwing refuses it, changing
 * nothing), and writes what `decide` returns; `{ earlier }` ends it writing nothing.
 */
export async function runPlacement<R>(
  db: Db,
  request: { userId: string; idempotencyKey: string | undefined; toolIds: string[] },
  decide: (context: PlacementContext) => { write: PlacementWrite; result: R } | { earlier: string },
): Promise<{ placed: R } | { earlier: string }> {
  const client = await db.$client.connect();
  let isReleased = false;
  /** With an error, the connection is unusable and leaves the pool. */
  const release = (error?: Error) => {
    if (isReleased) return;
    isReleased = true;
    client.release(error);
  };
  try {
    const results = (await client.query(
      `begin; ${contextStatement(request.userId, request.idempotencyKey, request.toolIds)}`,
    )) as unknown as { rows: { context: ContextJson }[] }[];
    const opened = results[1]?.rows[0]?.context;
    if (!opened) throw new Error('toolyard_order_context answered nothing');
    const decision = decide(contextOf(opened));
    if ('earlier' in decision) {
      await client.query('rollback');
      return decision;
    }
    const written = await client.query<{
      taken: number;
      placed: number;
      lines: number;
      mails: number;
    }>({ ...WRITE, values: writeValues(decision.write) });
    const counts = written.rows[0];
    const lineCount = decision.write.lines.length;
    if (
      counts?.taken !== lineCount ||
      counts.placed !== 1 ||
      counts.lines !== lineCount ||
      counts.mails !== 1
    ) {
      throw new Error(`placing an order wrote ${JSON.stringify(counts)} for ${lineCount} lines`);
    }
    await client.query('commit');
    return { placed: decision.result };
  } catch (error) {
    await client.query('rollback').catch((rollbackError: Error) => release(rollbackError));
    throw error;
  } finally {
    release();
  }
}
