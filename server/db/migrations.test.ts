import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../testing/global-setup.ts';
import { createDatabase, type Database } from './client.ts';
import { migrationsFolder, runMigrations } from './migrate.ts';

/**
 * Migrations change data that already exists: each test here builds a database as it was before a
 * migration, fills it the old way, then migrates to the present and checks that nothing was lost.
 */

const name = `toolyard_migrations_${process.pid}`;
let database: Database;
let admin: pg.Client;

/** Applies the migrations up to and including `tag` (e.g. `0009_full-text-search`) alone. */
async function migrateUpTo(tag: string, target: Database = database): Promise<void> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'toolyard-migrations-'));
  try {
    cpSync(migrationsFolder, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
      entries: { tag: string }[];
    };
    const last = journal.entries.findIndex((entry) => entry.tag === tag);
    if (last === -1) throw new Error(`no migration ${tag}`);
    journal.entries = journal.entries.slice(0, last + 1);
    writeFileSync(journalFile, JSON.stringify(journal));
    await migrate(target.db, { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  admin = new pg.Client({ connectionString: withDatabase(inject('pgServerUrl'), 'postgres') });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  database = createDatabase({ url: withDatabase(inject('pgServerUrl'), name), max: 2 });
});
afterAll(async () => {
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe('migrating orders placed before', () => {
  it('numbers them in the order they were placed (0010) and makes each a one-line order (0011)', async () => {
    await migrateUpTo('0009_full-text-search');
    const { db } = database;
    await db.execute(sql`
      insert into "user" (id, name, email, email_verified) values ('u1', 'Ana', 'ana@example.com', true)`);
    const [tool] = (
      await db.execute<{ id: string }>(sql`
        insert into tools (name, img, description, quantity, minimum_order, price)
        values ('Claw Hammer', '/images/tools/claw-hammer-450g.svg', 'A hammer.', 100, 1, 1150)
        returning id`)
    ).rows;
    // Inserted in another order than they were placed; two were paid, in another order again.
    const placedOrders = [
      { placed: '2026-03-01', paid: '2026-03-02' },
      { placed: '2026-01-01', paid: '2026-03-05' },
      { placed: '2026-02-01', paid: null },
    ];
    for (const { placed, paid } of placedOrders) {
      await db.execute(sql`
        insert into orders (user_id, tool_id, product_name, unit_price, customer_name, email,
          ordered_num, phone, address, total_amount, currency, payment_due_at, created_at,
          status, paid_at, transaction_id)
        values ('u1', ${tool?.id}, 'Claw Hammer', 1150, 'Ana', 'ana@example.com', 2,
          '+1 555 010 2030', '1 Main St', 2300, 'USD', now(), ${placed}::timestamptz,
          ${paid ? 'paid' : 'unpaid'}, ${paid}::timestamptz, ${paid ? `tx-${placed}` : null})`);
    }

    await runMigrations(database);

    const numbered = await db.execute<{ number: string; created_at: string }>(
      sql`select number, created_at from orders order by number`,
    );
    expect(
      numbered.rows.map((row) => [Number(row.number), new Date(row.created_at).toISOString()]),
    ).toEqual([
      [10001, '2026-01-01T00:00:00.000Z'],
      [10002, '2026-02-01T00:00:00.000Z'],
      [10003, '2026-03-01T00:00:00.000Z'],
    ]);
    const [next] = (
      await db.execute<{ number: string }>(sql`
        insert into orders (user_id, tool_id, product_name, unit_price, customer_name, email,
          ordered_num, phone, address, total_amount, currency, payment_due_at)
        values ('u1', ${tool?.id}, 'Claw Hammer', 1150, 'Ana', 'ana@example.com', 1,
          '+1 555 010 2030', '1 Main St', 1150, 'USD', now())
        returning number`)
    ).rows;
    expect(Number(next?.number)).toBe(10004);

    // 0011: each order placed before is a one-line order with its tool, units, price and total.
    const lines = await db.execute<Record<string, unknown>>(sql`
      select o.number, l.position, l.tool_id, l.product_name, l.quantity, l.unit_price, l.line_total
      from order_lines l join orders o on o.id = l.order_id
      where o.number <= 10003 order by o.number`);
    expect(lines.rows).toEqual(
      [10001, 10002, 10003].map((number) => ({
        number: String(number),
        position: 1,
        tool_id: tool?.id,
        product_name: 'Claw Hammer',
        quantity: 2,
        unit_price: 1150,
        line_total: 2300,
      })),
    );

    // 0015: each order paid before has an invoice, numbered in the order of payment, without tax.
    const invoiced = await db.execute<Record<string, unknown>>(sql`
      select number, invoice_number, invoiced_at, tax_rate_basis_points, tax_amount, seller
      from orders where number <= 10003 order by number`);
    expect(
      invoiced.rows.map((row) => ({
        ...row,
        invoiced_at: row.invoiced_at && new Date(row.invoiced_at as string).toISOString(),
      })),
    ).toEqual([
      {
        number: '10001',
        invoice_number: '2',
        invoiced_at: '2026-03-05T00:00:00.000Z',
        tax_rate_basis_points: 0,
        tax_amount: 0,
        seller: null,
      },
      {
        number: '10002',
        invoice_number: null,
        invoiced_at: null,
        tax_rate_basis_points: null,
        tax_amount: null,
        seller: null,
      },
      {
        number: '10003',
        invoice_number: '1',
        invoiced_at: '2026-03-02T00:00:00.000Z',
        tax_rate_basis_points: 0,
        tax_amount: 0,
        seller: null,
      },
    ]);
    const counter = await db.execute<{ last: string }>(sql`select last from invoice_numbers`);
    expect(counter.rows).toEqual([{ last: '2' }]);
  });
});

describe('migrating reviews and photos stored before (0026)', () => {
  const second = `${name}_reviews`;
  let before: Database;
  beforeAll(async () => {
    await admin.query(`drop database if exists ${second}`);
    await admin.query(`create database ${second}`);
    before = createDatabase({ url: withDatabase(inject('pgServerUrl'), second), max: 2 });
  });
  afterAll(async () => {
    await before.close();
    await admin.query(`drop database if exists ${second} with (force)`);
  });

  it('keeps one review per customer, audits the others, and clears photos the store never shows', async () => {
    await migrateUpTo('0024_cart-checkouts', before);
    const { db } = before;
    const upload = `/uploads/${'0a'.repeat(16)}-640.webp`;
    const google = 'https://lh3.googleusercontent.com/a/gina=s96-c';
    await db.execute(sql`
      insert into "user" (id, name, email, email_verified, image) values
        ('flood', 'Fay Flood', 'fay@example.com', true, '/api/orderlist/export'),
        ('hidden', 'Hal Hidden', 'hal@example.com', true, ${upload}),
        ('gina', 'Gina Google', 'gina@example.com', true, ${google}),
        ('faker', 'Fred Faker', 'fred@example.com', true, ${google})`);
    await db.execute(sql`
      insert into account (id, account_id, provider_id, user_id) values ('a1', 'sub-gina', 'google', 'gina')`);
    // Fay posted three (the newest hidden by an admin), Hal two (both hidden), Gina one.
    await db.execute(sql`
      insert into reviews (id, user_id, user_name, rating, review, created_at, hidden_at) values
        ('00000000-0000-4000-8000-000000000001', 'flood', 'Fay Flood', 1, 'First  flood.', '2026-05-01', null),
        ('00000000-0000-4000-8000-000000000002', 'flood', 'Fay Flood', 1, 'Second flood.', '2026-05-02', null),
        ('00000000-0000-4000-8000-000000000003', 'flood', 'Fay Flood', 1, 'Third flood.', '2026-05-03', now()),
        ('00000000-0000-4000-8000-000000000004', 'hidden', 'Hal Hidden', 2, 'Old.', '2026-05-01', now()),
        ('00000000-0000-4000-8000-000000000005', 'hidden', 'Hal Hidden', 2, 'New.', '2026-05-02', now()),
        ('00000000-0000-4000-8000-000000000006', 'gina', 'Gina Google', 5, 'Great.', '2026-05-01', null)`);

    await runMigrations(before);

    const kept = await db.execute<{ review: string }>(
      sql`select review from reviews order by review`,
    );
    expect(kept.rows.map((row) => row.review)).toEqual(['Great.', 'New.', 'Second flood.']);
    const audited = await db.execute<{
      target_id: string;
      actor_id: string | null;
      details: unknown;
    }>(
      sql`select target_id, actor_id, details from audit_log where action = 'review.deleted' order by target_id`,
    );
    expect(audited.rows.map((row) => row.target_id)).toEqual([
      '00000000-0000-4000-8000-000000000001',
      '00000000-0000-4000-8000-000000000003',
      '00000000-0000-4000-8000-000000000004',
    ]);
    expect(audited.rows[0]).toMatchObject({
      actor_id: null,
      details: {
        author: 'Fay Flood',
        authorEmail: 'fay@example.com',
        rating: 1,
        excerpt: 'First flood.',
      },
    });
    await expect(
      db.execute(sql`
        insert into reviews (user_id, user_name, rating, review) values ('gina', 'Gina', 4, 'Again.')`),
    ).rejects.toThrow();

    const photos = await db.execute<{ id: string; image: string | null }>(
      sql`select id, image from "user" order by id`,
    );
    expect(photos.rows).toEqual([
      { id: 'faker', image: null },
      { id: 'flood', image: null },
      { id: 'gina', image: google },
      { id: 'hidden', image: upload },
    ]);
  });
});

describe('migrating tools stored before (0027, 0028, 0030)', () => {
  const third = `${name}_tools`;
  let before: Database;
  beforeAll(async () => {
    await admin.query(`drop database if exists ${third}`);
    await admin.query(`create database ${third}`);
    before = createDatabase({ url: withDatabase(inject('pgServerUrl'), third), max: 2 });
  });
  afterAll(async () => {
    await before.close();
    await admin.query(`drop database if exists ${third} with (force)`);
  });

  it('numbers every tool oldest first, gives it the store’s brand, and each order line its SKU', async () => {
    await migrateUpTo('0026_review-per-customer', before);
    const { db } = before;
    await db.execute(sql`
      insert into "user" (id, name, email, email_verified) values ('u1', 'Ana', 'ana@example.com', true)`);
    // Inserted in another order than they were added.
    const added = await db.execute<{ id: string; name: string }>(sql`
      insert into tools (name, img, description, quantity, minimum_order, price, created_at) values
        ('13 mm Hammer Drill Kit, 120 pieces', '/images/tools/h.svg', 'A hammer.', 100, 1, 1150, '2026-02-01'),
        ('8 m Tape Measure', '/images/tools/t.svg', 'A tape.', 100, 1, 500, '2026-01-01')
      returning id, name`);
    const hammer = added.rows.find((row) => row.name.startsWith('13 mm'))?.id;
    const [order] = (
      await db.execute<{ id: string }>(sql`
        insert into orders (user_id, tool_id, product_name, unit_price, customer_name, email,
          ordered_num, phone, address, total_amount, currency, payment_due_at)
        values ('u1', ${hammer}, 'Claw Hammer', 1150, 'Ana', 'ana@example.com', 2,
          '+1 555 010 2030', '1 Main St', 2300, 'USD', now())
        returning id`)
    ).rows;
    await db.execute(sql`
      insert into order_lines (order_id, position, tool_id, product_name, quantity, unit_price,
        line_total, user_id, is_unpaid)
      values (${order?.id}, 1, ${hammer}, 'Claw Hammer', 2, 1150, 2300, 'u1', true)`);

    await runMigrations(before);

    const numbered = await db.execute<{ name: string; sku: string; brand: string }>(
      sql`select name, sku, brand from tools order by sku`,
    );
    expect(numbered.rows).toEqual([
      { name: '8 m Tape Measure', sku: 'TOOL-00001', brand: 'Toolyard' },
      { name: '13 mm Hammer Drill Kit, 120 pieces', sku: 'TOOL-00002', brand: 'Toolyard' },
    ]);
    // 0028: a store with the demo tools gets the demo tree, each demo tool in its place.
    const placed = await db.execute<{ sku: string; path: string }>(sql`
      select t.sku, concat_ws(' > ', g.name, p.name, c.name) as path
      from tools t join categories c on c.id = t.category_id
      left join categories p on p.id = c.parent_id left join categories g on g.id = p.parent_id
      order by t.sku`);
    expect(placed.rows).toEqual([
      { sku: 'TOOL-00001', path: 'Measuring and layout' },
      { sku: 'TOOL-00002', path: 'Power tools > Drills > Hammer drills' },
    ]);
    // 0030: the demo categories get the demo specifications, each demo tool its values.
    const specs = await db.execute<{ sku: string; specs: unknown }>(
      sql`select sku, specs from tools order by sku`,
    );
    expect(specs.rows).toEqual([
      { sku: 'TOOL-00001', specs: { length: 8 } },
      {
        sku: 'TOOL-00002',
        specs: { voltage: 230, 'power-source': 'Corded', 'chuck-size': 13, brushless: false },
      },
    ]);
    const defined = await db.execute<{ key: string; unit: string | null }>(sql`
      select a.key, a.unit from category_attributes a join categories c on c.id = a.category_id
      where c.slug = 'drills' order by a.position`);
    expect(defined.rows).toEqual([
      { key: 'chuck-size', unit: 'mm' },
      { key: 'brushless', unit: null },
    ]);
    const lines = await db.execute<{ sku: string }>(sql`select sku from order_lines`);
    expect(lines.rows).toEqual([{ sku: 'TOOL-00002' }]);
    // A tool added later takes the next number; a SKU is one whatever its letter case.
    const [next] = (
      await db.execute<{ sku: string }>(sql`
        insert into tools (name, img, description, quantity, minimum_order, price)
        values ('Level', '/images/tools/l.svg', 'A level.', 100, 1, 900) returning sku`)
    ).rows;
    expect(next?.sku).toBe('TOOL-00003');
    await expect(
      db.execute(sql`
        insert into tools (sku, name, img, description, quantity, minimum_order, price)
        values ('tool-00001', 'Copy', '/images/tools/c.svg', 'A copy.', 1, 1, 1)`),
    ).rejects.toThrow();
  });
});
