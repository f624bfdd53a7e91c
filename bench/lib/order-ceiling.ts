import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TaxDecision } from '../../contract/tax.ts';
import { priceFor } from '../../contract/tax-prices.ts';
import { literal } from '../../server/modules/orders/placement.repo.ts';

/**
 * The store's own order transaction as a pgbench script: the ceiling of orders on this database
 * (issue 30). The same two round trips a placement makes (server/modules/orders/placement.repo.ts),
 * with the same functions and the same kinds of arguments, and no HTTP and no Node:
 *
 * 1. `BEGIN; SELECT toolyard_order_context(buyer, NULL, tools)`, reading the order's number and
 *    the database's clock from what it answers (pgbench's \gset);
 * 2. `SELECT toolyard_place_order(order, lines, mail...); COMMIT`: the order's row as JSON with
 *    every column, its lines, and the confirmation email.
 *
 * And a cart's checkout as the web app makes it (writeCartCeilingScript): the cart filled as
 * `PUT /api/cart` fills it, then `POST /api/cart/checkout`'s reads and two round trips.
 *
 * Each pgbench client is one buyer placing orders one after another, as in the store's load (a
 * client per buyer: two clients of one buyer would queue on the buyer's lock, which the store's
 * load never does). Each order is 1-5 units of random tools, distinct on one order. What does not
 * vary from order to order (the payment and tax fields, the email) is copied from an order the
 * store placed for as many lines: the same columns, values and email sizes.
 */

export interface CeilingBuyer {
  id: string;
  name: string;
  email: string;
}

/** The seeded buyers' rows (an order carries the customer's id, name and email). */
export async function ceilingBuyers(databaseUrl: string, emails: string[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<CeilingBuyer>(
      `select id, name, email from "user" where email = any($1) order by email`,
      [emails],
    );
    return rows;
  } finally {
    await client.end();
  }
}

interface Sample {
  order: Record<string, unknown>;
  line: Record<string, unknown>;
  mail: { kind: string; subject: string; text: string; html: string };
  /** The payment window: payment_due_at - created_at, in milliseconds. */
  windowMs: number;
}

/**
 * The latest order the store placed with `lines` lines, its first line and its email: one with a
 * delivery method (a cart's checkout) or one without (the spec's one-line call).
 */
async function sampleOrder(client: pg.Client, lines: number, shipped: boolean): Promise<Sample> {
  const { rows } = await client.query<Sample>(
    `select row_to_json(o) as order, row_to_json(l) as line,
            json_build_object('kind', m.kind, 'subject', m.subject, 'text', m.text, 'html', m.html) as mail,
            extract(epoch from o.payment_due_at - o.created_at) * 1000 as "windowMs"
       from orders o
       join order_lines l on l.order_id = o.id and l.position = 1
       join lateral (
         select * from mail_outbox m where m."to" = o.email and m.kind = 'order_confirmation'
            -- In the order's transaction: its clock, which the order holds to the millisecond.
            and m.created_at >= o.created_at and m.created_at < o.created_at + interval '1 ms'
          limit 1) m on true
      where (select count(*) from order_lines c where c.order_id = o.id) = $1
        and (o.delivery_method_id is not null) = $2
      order by o.created_at desc limit 1`,
    [lines, shipped],
  );
  const sample = rows[0];
  if (!sample) throw new Error(`the store placed no order of ${lines} lines to copy`);
  return sample;
}

/**
 * An array as one SQL constant, e.g. `'{"a","b"}'::uuid[]`: read by one call of the type's input
 * function, where ARRAY['a', 'b'] would be an expression of as many constants to analyse and fold.
 */
function arrayOf(values: (string | number)[], type: string): string {
  const elements = values.map((value) =>
    typeof value === 'number' ? String(value) : `"${value.replace(/["\\]/g, '\\$&')}"`,
  );
  return `${literal(`{${elements.join(',')}}`)}::${type}[]`;
}

interface ScriptOptions {
  databaseUrl: string;
  buyers: CeilingBuyer[];
  toolIds: string[];
  dir: string;
}

type ToolRow = { id: string; name: string; sku: string; price: number };

/** What a script is written from: a sample order (shipped or not) and the tools. */
async function readSample(options: ScriptOptions, lines: number, shipped: boolean) {
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    const sample = await sampleOrder(client, lines, shipped);
    const { rows: tools } = await client.query<ToolRow>(
      'select id, name, sku, price from tools where id = any($1::uuid[])',
      [options.toolIds],
    );
    if (tools.length < 4) throw new Error('the ceiling needs at least 4 tools');
    return { sample, tools };
  } finally {
    await client.end();
  }
}

/**
 * The parts of a placement's script: the pgbench variables choosing the buyer and the lines, the
 * array constants every statement looks them up in, and the writing's call of
 * toolyard_place_order (the order's row as JSON, its lines, its email).
 */
function placementParts(
  options: ScriptOptions,
  { sample, tools }: { sample: Sample; tools: ToolRow[] },
  lines: number,
  /** Each tool's unit price as the buyer pays it (the destination's tax). */
  charged: (price: number) => number,
  /** More of the order's columns: SQL expressions by column. */
  more: Record<string, string> = {},
) {
  const { buyers } = options;
  const count = tools.length;
  const half = Math.floor(count / 2);
  const rate = Number(sample.order.tax_rate_basis_points ?? 0);
  const deliveryPrice = Number(sample.order.delivery_price ?? 0);
  // The buyer of this client (pgbench numbers its clients from 0), then each line's tool: t1 at
  // random, t2 1 to half-1 after it, t3 half to count-1 after it (all distinct), 1-5 units each.
  const positions = Array.from({ length: lines }, (_, i) => i + 1);
  const variables = [
    `\\set ob :client_id % ${buyers.length} + 1`,
    `\\set ot1 random(1, ${count})`,
    ...(lines === 1
      ? []
      : [
          `\\set os2 random(1, ${half - 1})`,
          `\\set ot2 (:ot1 - 1 + :os2) % ${count} + 1`,
          `\\set os3 random(${half}, ${count - 1})`,
          `\\set ot3 (:ot1 - 1 + :os3) % ${count} + 1`,
        ]),
    ...positions.map((n) => `\\set oq${n} random(1, 5)`),
  ];
  const userIds = arrayOf(
    buyers.map((b) => b.id),
    'text',
  );
  const toolArray = arrayOf(
    tools.map((tool) => tool.id),
    'uuid',
  );
  const price = (n: number) => `a.prices[:ot${n}]`;
  const goods = positions.map((n) => `${price(n)} * :oq${n}`).join(' + ');
  const total = deliveryPrice === 0 ? goods : `${goods} + ${deliveryPrice}`;
  const extra = Object.entries(more)
    .map(([column, value]) => `, '${column}', ${value}`)
    .join('');
  // Every column of the order: the store's order, with what differs from one order to the next.
  const order = `(${literal(JSON.stringify(sample.order))}::jsonb || jsonb_build_object(
    'id', ':oid', 'number', :onumber, 'user_id', a.user_ids[:ob], 'customer_name', a.user_names[:ob],
    'email', a.emails[:ob], 'tool_id', a.tool_ids[:ot1],
    'product_name', a.names[:ot1]${lines > 1 ? ` || ' and ${lines - 1} more'` : ''},
    'unit_price', ${price(1)}, 'ordered_num', ${positions.map((n) => `:oq${n}`).join(' + ')},
    'total_amount', ${total}, 'tax_amount', round((${total})::numeric * ${rate} / (10000 + ${rate})),
    'payment_due_at', ':onow'::timestamptz + interval '${Math.round(sample.windowMs)} milliseconds',
    'created_at', ':onow', 'updated_at', ':onow'${extra}))::json`;
  const lineJson = (n: number) =>
    `${literal(JSON.stringify(sample.line))}::jsonb || jsonb_build_object(
    'order_id', ':oid', 'user_id', a.user_ids[:ob], 'is_unpaid', true, 'position', ${n},
    'tool_id', a.tool_ids[:ot${n}], 'product_name', a.names[:ot${n}], 'sku', a.skus[:ot${n}],
    'quantity', :oq${n}, 'unit_price', ${price(n)}, 'line_total', ${price(n)} * :oq${n})`;
  const { mail } = sample;
  const lookups = [
    `${userIds} AS user_ids`,
    `${arrayOf(
      buyers.map((b) => b.name),
      'text',
    )} AS user_names`,
    `${arrayOf(
      buyers.map((b) => b.email),
      'text',
    )} AS emails`,
    `${toolArray} AS tool_ids`,
    `${arrayOf(
      tools.map((t) => t.name),
      'text',
    )} AS names`,
    `${arrayOf(
      tools.map((t) => t.sku),
      'text',
    )} AS skus`,
    `${arrayOf(
      tools.map((t) => charged(t.price)),
      'int',
    )} AS prices`,
  ];
  const arrays = `SELECT ${lookups.join(', ')}`;
  const placing = `SELECT toolyard_place_order(${order}, json_build_array(${positions.map(lineJson).join(', ')}), ${literal(mail.kind)}, a.emails[:ob], ${literal(mail.subject)}, ${literal(mail.text)}, ${literal(mail.html)}) FROM (${arrays}) a`;
  const chosenTools = positions.map((n) => `(${toolArray})[:ot${n}]`);
  return { variables, userIds, chosenTools, positions, placing };
}

/**
 * Writes the pgbench script placing one-line orders as the spec's call does into `dir`; answers
 * its path. Needs a one-line order placed by the store (the warm-up's) to copy from.
 */
export async function writeCeilingScript(options: ScriptOptions): Promise<string> {
  const read = await readSample(options, 1, false);
  const { variables, userIds, chosenTools, placing } = placementParts(
    options,
    read,
    1,
    (price) => price,
  );
  // The opening, as the store sends it: BEGIN and the context, in one simple query.
  const opening = `BEGIN \\; SELECT gen_random_uuid() AS oid, c ->> 'number' AS onumber, c ->> 'now' AS onow FROM (SELECT toolyard_order_context((${userIds})[:ob], NULL, ARRAY[${chosenTools.join(', ')}]) AS c) x \\gset`;
  // The writing, as the store sends it: the function and COMMIT in one simple query. pgbench ends
  // an SQL command at a semicolon outside quotes, or at a backslash command (\gset).
  const script = [...variables, opening, `${placing} \\; COMMIT;`].join('\n');
  const file = path.join(options.dir, 'order-ceiling-1.sql');
  writeFileSync(file, `${script}\n`);
  return file;
}

/** Every column of a table as Drizzle names them in a select of the whole row. */
const TOOL_COLUMNS =
  '"id", "sku", "brand", "mpn", "gtin", "category_id", "name", "img", "description", "quantity", "minimum_order", "order_increment", "max_per_order", "price", "weight_grams", "price_tiers", "specs", "gallery", "documents", "deleted_at", "rating_count", "rating_total", "created_at", "updated_at"';

/**
 * Writes the pgbench script of a cart's checkout of `lines` lines (server/modules/cart/cart.service.ts
 * `put`, then server/modules/orders/orders.service.ts `checkOutCart` and cart-checkout.ts) into
 * `dir`; answers its path. Each transaction of the script is one buyer's whole checkout:
 *
 * 1. the cart filled as `PUT /api/cart` fills it: the tools read (every column), then the cart's
 *    row upserted with its lines, its version raised and read back (`\gset`);
 * 2. `BEGIN; SELECT toolyard_cart_order_context(buyer, key, version)`, one simple query;
 * 3. `SELECT toolyard_place_order(...); SELECT toolyard_check_out_cart(buyer, version, order);
 *    COMMIT`, one simple query.
 *
 * The delivery methods and the country's tax rates, which the checkout is judged on, the store
 * keeps in memory (decision 075): it reads them once, not per checkout, and neither does this.
 * The statements are the store's, with its values written in (pgbench's simple protocol; the
 * store sends the first two with parameters through Drizzle). Needs a checkout of as many lines
 * placed by the store (the warm-up's) to copy from: its delivery (method, price, promised day),
 * tax rate and treatment; the lines' prices are the tools' with the destination's tax, as the
 * store charges them, and the Idempotency-Key (the web app sends one) is made of the cart version.
 */
export async function writeCartCeilingScript(
  options: ScriptOptions & { lines: number; tax: TaxDecision },
): Promise<string> {
  const { lines, tax } = options;
  const read = await readSample(options, lines, true);
  const key = `lpad(':c_version', 32, 'c')`;
  const { variables, userIds, chosenTools, positions, placing } = placementParts(
    options,
    read,
    lines,
    (price) => priceFor(price, tax),
    { idempotency_key: key },
  );
  const cartLines = `jsonb_build_array(${positions.map((n, i) => `jsonb_build_object('toolId', ${chosenTools[i]}, 'quantity', :oq${n})`).join(', ')})`;
  const fill = [
    `SELECT ${TOOL_COLUMNS} FROM "tools" WHERE "tools"."id" IN (${chosenTools.join(', ')});`,
    `INSERT INTO "carts" ("user_id", "lines", "version", "updated_at") VALUES ((${userIds})[:ob], ${cartLines}, default, default) ON CONFLICT ("user_id") DO UPDATE SET "lines" = ${cartLines}, "version" = "carts"."version" + 1, "updated_at" = now() RETURNING "user_id", "lines", "version", "updated_at" \\gset c_`,
  ];
  const opening = `BEGIN \\; SELECT gen_random_uuid() AS oid, c ->> 'number' AS onumber, c ->> 'now' AS onow FROM (SELECT toolyard_cart_order_context(':c_user_id', ${key}, :c_version) AS c) x \\gset`;
  const writing = `${placing} \\; SELECT toolyard_check_out_cart(':c_user_id', :c_version, ':oid') \\; COMMIT;`;
  const script = [...variables, ...fill, opening, writing].join('\n');
  const file = path.join(options.dir, `cart-ceiling-${lines}.sql`);
  writeFileSync(file, `${script}\n`);
  return file;
}
