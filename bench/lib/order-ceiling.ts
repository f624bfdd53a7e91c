import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
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

/** The latest order the store placed with `lines` lines, its first line and its email. */
async function sampleOrder(client: pg.Client, lines: number): Promise<Sample> {
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
      order by o.created_at desc limit 1`,
    [lines],
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

/**
 * Writes the pgbench script placing orders of `lines` lines (1 or 3) into `dir`; answers its path.
 * Needs an order of as many lines placed by the store (the warm-up's) to copy from.
 */
export async function writeCeilingScript(options: {
  databaseUrl: string;
  buyers: CeilingBuyer[];
  toolIds: string[];
  lines: 1 | 3;
  dir: string;
}): Promise<string> {
  const { buyers, toolIds, lines } = options;
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  let sample: Sample;
  let tools: { id: string; name: string; sku: string; price: number }[];
  try {
    sample = await sampleOrder(client, lines);
    ({ rows: tools } = await client.query(
      'select id, name, sku, price from tools where id = any($1::uuid[])',
      [toolIds],
    ));
  } finally {
    await client.end();
  }
  const count = tools.length;
  if (count < 4) throw new Error('the ceiling needs at least 4 tools');
  const half = Math.floor(count / 2);
  const rate = Number(sample.order.tax_rate_basis_points ?? 0);
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
  // The opening, as the store sends it: BEGIN and the context, in one simple query.
  const opening = `BEGIN \\; SELECT gen_random_uuid() AS oid, c ->> 'number' AS onumber, c ->> 'now' AS onow FROM (SELECT toolyard_order_context((${userIds})[:ob], NULL, ARRAY[${positions.map((n) => `(${toolArray})[:ot${n}]`).join(', ')}]) AS c) x \\gset`;
  const price = (n: number) => `a.prices[:ot${n}]`;
  const total = positions.map((n) => `${price(n)} * :oq${n}`).join(' + ');
  // Every column of the order: the store's order, with what differs from one order to the next.
  const order = `(${literal(JSON.stringify(sample.order))}::jsonb || jsonb_build_object(
    'id', ':oid', 'number', :onumber, 'user_id', a.user_ids[:ob], 'customer_name', a.user_names[:ob],
    'email', a.emails[:ob], 'tool_id', a.tool_ids[:ot1],
    'product_name', a.names[:ot1]${lines > 1 ? ` || ' and ${lines - 1} more'` : ''},
    'unit_price', ${price(1)}, 'ordered_num', ${positions.map((n) => `:oq${n}`).join(' + ')},
    'total_amount', ${total}, 'tax_amount', round((${total})::numeric * ${rate} / (10000 + ${rate})),
    'payment_due_at', ':onow'::timestamptz + interval '${Math.round(sample.windowMs)} milliseconds',
    'created_at', ':onow', 'updated_at', ':onow'))::json`;
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
      tools.map((t) => t.price),
      'int',
    )} AS prices`,
  ];
  const arrays = `SELECT ${lookups.join(', ')}`;
  const writing = `SELECT toolyard_place_order(${order}, json_build_array(${positions.map(lineJson).join(', ')}), ${literal(mail.kind)}, a.emails[:ob], ${literal(mail.subject)}, ${literal(mail.text)}, ${literal(mail.html)}) FROM (${arrays}) a \\; COMMIT;`;
  // The writing, as the store sends it: the function and COMMIT in one simple query. pgbench ends
  // an SQL command at a semicolon outside quotes, or at a backslash command (\gset).
  const script = [...variables, opening, writing].join('\n');
  const file = path.join(options.dir, `order-ceiling-${lines}.sql`);
  writeFileSync(file, `${script}\n`);
  return file;
}
