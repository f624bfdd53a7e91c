/**
 * Fills a fresh store database with a year of trading: 10,000 tools, 5,000 customers and 100,000
 * orders with their lines, statuses spread as a real store's are, and an invoice for every paid
 * one. Set-based SQL (generate_series, one statement per table), so it takes seconds, not hours.
 *
 *   node --import tsx bench/seed-scale.ts postgres://…   # or DATABASE_URL=… node --import tsx …
 *
 * The database must be migrated and hold no orders yet (a store started with SEED_DEMO=false).
 */
import pg from 'pg';
import { isMain } from './lib/main.ts';
import { toolName } from './lib/seed.ts';

export interface ScaleCounts {
  tools: number;
  customers: number;
  orders: number;
}

export const SCALE: ScaleCounts = { tools: 10_000, customers: 5_000, orders: 100_000 };

// biome-ignore format: a word list reads better packed
const FIRST_NAMES = [
  'Ada', 'Ben', 'Carla', 'Dev', 'Elena', 'Farid', 'Greta', 'Hugo', 'Ines', 'Jonas', 'Kemal', 'Lena',
  'Marta', 'Nils', 'Olga', 'Pavel', 'Quinn', 'Rosa', 'Sami', 'Tara', 'Uma', 'Viktor', 'Wen', 'Yusuf',
];
// biome-ignore format: a word list reads better packed
const LAST_NAMES = [
  'Smith', 'Okafor', 'Novak', 'Garcia', 'Jensen', 'Rossi', 'Kowalski', 'Tanaka', 'Moreau', 'Schmidt',
  'Haddad', 'Larsen', 'Costa', 'Nguyen', 'Petrov', 'Brennan', 'Silva', 'Weber', 'Ivanova', 'Khan',
];

export interface ScaleSeedResult {
  counts: ScaleCounts;
  lines: number;
  byStatus: Record<string, number>;
  seconds: number;
}

/**
 * The orders: placed at random moments of the last 365 days (a fixed seed, so every run builds
 * the same store), 1 to 3 lines of distinct tools each, popular tools more often. Of those placed
 * in the last two days about half are still unpaid (due in three days, so the payment window
 * cancels none during a benchmark); one in ten is cancelled; the rest were paid within six hours
 * of being placed and, after two weeks, mostly shipped. Invoice numbers run 1 to N in the order
 * payments arrived, as the store issues them. Rows are written in the order they were placed, as
 * a store writes them: a month's orders sit together on disk, as they would.
 */
function ordersSql({ tools, customers, orders }: ScaleCounts, currency: string): string {
  return `
create temp table seed_tools on commit drop as
select (row_number() over (order by created_at, id) - 1)::int as idx, id, name, sku, price
from tools where deleted_at is null;

create temp table seed_customers on commit drop as
select row_number() over (order by id)::int as idx, id, name, email
from "user" where email like 'customer%@scale.example.com';

create temp table seed_placed on commit drop as
select n, created_at, roll, random() as later,
       1 + floor(random() * ${customers})::int as customer,
       1 + (n % 3) as line_count,
       floor(${tools} * power(random(), 3))::int as first_tool,
       case
         when roll < 0.10 then 'cancelled'
         when created_at > now() - interval '2 days' and roll < 0.55 then 'unpaid'
         when created_at > now() - interval '14 days' and roll < 0.85 then 'paid'
         when roll < 0.13 then 'paid'
         else 'shipped'
       end as status
from (
  select n, now() - random() * interval '365 days' as created_at, random() as roll
  from generate_series(1, ${orders}) as n
) as placed;

create temp table seed_orders on commit drop as
select *, gen_random_uuid() as id,
       10000 + row_number() over (order by created_at, n) as number,
       case when paid_at is not null then row_number() over (order by paid_at nulls last, n) end
         as invoice_number
from (
  select *, case when status in ('paid', 'shipped')
                 then least(created_at + later * interval '6 hours', now()) end as paid_at
  from seed_placed
) as timed;

create temp table seed_lines on commit drop as
select o.id as order_id, p as position, (o.first_tool + (p - 1) * 3371) % ${tools} as tool_idx,
       1 + floor(random() * 200)::int as quantity
from seed_orders o cross join lateral generate_series(1, o.line_count) as p;

create temp table seed_priced on commit drop as
select l.order_id, l.position, t.id as tool_id, t.name as product_name, t.sku, l.quantity,
       t.price as unit_price, t.price * l.quantity as line_total
from seed_lines l join seed_tools t on t.idx = l.tool_idx;

create temp table seed_sums on commit drop as
select order_id, sum(quantity)::int as units, sum(line_total)::int as total
from seed_priced group by order_id;

insert into orders (
  id, number, user_id, tool_id, product_name, unit_price, customer_name, email, ordered_num, phone,
  address, total_amount, currency, status, transaction_id, cancel_reason, payment_due_at,
  paid_at, shipped_at, cancelled_at, carrier, tracking_number, invoice_number, invoiced_at,
  tax_rate_basis_points, tax_amount, created_at, updated_at
)
select o.id, o.number, c.id, first.tool_id,
       first.product_name
         || case when o.line_count > 1 then ' and ' || (o.line_count - 1) || ' more' else '' end,
       first.unit_price, c.name, c.email, sums.units,
       '+1 555 010 ' || lpad((o.n % 10000)::text, 4, '0'),
       o.n || ' Industrial Park Road, Springfield', sums.total, '${currency}', o.status,
       case when o.paid_at is not null then 'txn_scale_' || o.n end,
       case when o.status = 'cancelled'
            then (array['customer', 'admin', 'payment_window'])[1 + o.n % 3] end,
       case when o.status = 'unpaid' then now() + interval '3 days'
            else o.created_at + interval '1 day' end,
       o.paid_at,
       case when o.status = 'shipped'
            then least(o.paid_at + interval '1 day' + o.later * interval '3 days', now()) end,
       case when o.status = 'cancelled' then o.created_at + o.later * interval '1 day' end,
       case when o.status = 'shipped' then (array['DHL', 'UPS', 'FedEx', null])[1 + o.n % 4] end,
       case when o.status = 'shipped' and o.n % 4 <> 3 then '1Z' || lpad(o.n::text, 12, '0') end,
       o.invoice_number, o.paid_at,
       case when o.paid_at is not null then 0 end,
       case when o.paid_at is not null then 0 end,
       o.created_at, o.created_at
from seed_orders o
join seed_customers c on c.idx = o.customer
join seed_priced first on first.order_id = o.id and first.position = 1
join seed_sums sums on sums.order_id = o.id
order by o.created_at, o.n;

insert into order_lines (order_id, user_id, is_unpaid, position, tool_id, product_name, sku,
                         quantity, unit_price, line_total)
select l.order_id, c.id, o.status = 'unpaid', l.position, l.tool_id, l.product_name, l.sku,
       l.quantity, l.unit_price, l.line_total
from seed_priced l join seed_orders o on o.id = l.order_id join seed_customers c on c.idx = o.customer
order by o.created_at, o.n, l.position;

select setval('order_number_seq', (select max(number) from orders));
update invoice_numbers set last = (select coalesce(max(invoice_number), 0) from orders);
`;
}

export async function seedScale(
  databaseUrl: string,
  counts: ScaleCounts = SCALE,
): Promise<ScaleSeedResult> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const existing = await client.query<{ count: number }>('select count(*)::int from orders');
    if ((existing.rows[0]?.count ?? 0) > 0) throw new Error('the database already holds orders');
    await client.query('begin');
    await client.query('select setseed(0.42)');
    // Tools: most in ample stock, one in fifty running low (below 10 units or its minimum order).
    const names = Array.from({ length: counts.tools }, (_, i) => toolName(i));
    await client.query(
      `insert into tools (name, img, description, quantity, minimum_order, price, created_at)
       select name, '/images/tools/claw-hammer-450g.svg',
              name || ': a dependable tool for site crews and workshops, built for daily professional use.',
              case when i % 50 = 0 then i % 17 else 500 + (i * 37) % 5000 end,
              case when i % 7 = 0 then 10 else 1 end,
              500 + (i * 7919) % 20000,
              now() - interval '400 days' + i * interval '1 minute'
       from unnest($1::text[]) with ordinality as tool(name, i)`,
      [names],
    );
    const people = Array.from(
      { length: counts.customers },
      (_, i) =>
        `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]}`,
    );
    await client.query(
      `insert into "user" (id, name, email, email_verified, role, created_at, updated_at)
       select gen_random_uuid()::text, name, 'customer' || n || '@scale.example.com', true, 'User',
              now() - interval '400 days', now() - interval '400 days'
       from unnest($1::text[]) with ordinality as person(name, n)`,
      [people],
    );
    // One script of statements (numbers from this file only, no input): the simple protocol.
    await client.query(ordersSql(counts, 'USD'));
    await client.query('commit');
    // Fresh statistics and a visibility map, as autovacuum would leave them in a store that runs.
    await client.query('vacuum analyze');
    const statuses = await client.query<{ status: string; count: number }>(
      'select status, count(*)::int from orders group by status order by status',
    );
    const lines = await client.query<{ count: number }>('select count(*)::int from order_lines');
    return {
      counts,
      lines: lines.rows[0]?.count ?? 0,
      byStatus: Object.fromEntries(statuses.rows.map((row) => [row.status, row.count])),
      seconds: (performance.now() - started) / 1000,
    };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

if (isMain(import.meta.url)) {
  const url = process.argv[2] ?? process.env.DATABASE_URL;
  if (!url) {
    console.error('Usage: node --import tsx bench/seed-scale.ts <postgres URL> (or DATABASE_URL)');
    process.exit(2);
  }
  seedScale(url).then(
    (result) => {
      console.log(
        `Seeded ${result.counts.tools} tools, ${result.counts.customers} customers, ${result.counts.orders} orders (${result.lines} lines: ${JSON.stringify(result.byStatus)}) in ${result.seconds.toFixed(1)} s.`,
      );
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
