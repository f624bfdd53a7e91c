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
async function migrateUpTo(tag: string): Promise<void> {
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
    await migrate(database.db, { migrationsFolder: folder });
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
    // Inserted in another order than they were placed.
    for (const placed of ['2026-03-01', '2026-01-01', '2026-02-01']) {
      await db.execute(sql`
        insert into orders (user_id, tool_id, product_name, unit_price, customer_name, email,
          ordered_num, phone, address, total_amount, currency, payment_due_at, created_at)
        values ('u1', ${tool?.id}, 'Claw Hammer', 1150, 'Ana', 'ana@example.com', 2,
          '+1 555 010 2030', '1 Main St', 2300, 'USD', now(), ${placed}::timestamptz)`);
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
  });
});
