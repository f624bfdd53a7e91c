import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { functionFiles, migrationsFolder, runMigrations } from './migrate.ts';

/**
 * The store's SQL functions have one home, server/db/functions/: a file per function, and the
 * database runs what the file says, whatever a migration once created.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

/** The function a file defines, and its body (the text between the `$$` quotes). */
function definition(text: string): { name: string; body: string } {
  const names = [...text.matchAll(/CREATE OR REPLACE FUNCTION (\w+)\(/g)].map((match) => match[1]);
  expect(names).toHaveLength(1);
  const body = /AS \$\$(.*)\$\$;/s.exec(text)?.[1];
  expect(body).toBeDefined();
  return { name: names[0] ?? '', body: body ?? '' };
}

async function liveBodies(): Promise<Map<string, string>> {
  const { rows } = await database.pool.query<{ name: string; body: string }>(
    `select proname as name, prosrc as body from pg_proc
     where pronamespace = 'public'::regnamespace and proname like 'toolyard\\_%'`,
  );
  return new Map(rows.map((row) => [row.name, row.body]));
}

describe('the SQL functions', () => {
  it('each live function has one file, named for it, and runs that file’s text', async () => {
    const files = functionFiles().map(({ file, text }) => ({ file, ...definition(text) }));
    const live = await liveBodies();
    expect([...live.keys()].sort()).toEqual(files.map(({ name }) => name).sort());
    for (const { file, name, body } of files) {
      expect(file).toBe(`${name.replace(/^toolyard_/, '').replaceAll('_', '-')}.sql`);
      expect(live.get(name), file).toBe(body);
    }
  });

  it('a start puts back what the file says, over whatever the database held', async () => {
    await database.pool.query(`
      create or replace function toolyard_check_out_cart(p_user text, p_version integer, p_order uuid)
      returns void language plpgsql volatile as $$ begin raise exception 'old text'; end $$`);
    await runMigrations(database);
    const file = functionFiles().find(({ file }) => file === 'check-out-cart.sql');
    expect((await liveBodies()).get('toolyard_check_out_cart')).toBe(
      definition(file?.text ?? '').body,
    );
  });

  it('no migration since they moved replaces a function: a change to one is a change to its file', () => {
    // A migration may create a new function a trigger needs (in its file's text), never change one.
    const created = new Set<string>();
    const migrations = readdirSync(migrationsFolder)
      .filter((file) => file.endsWith('.sql'))
      .sort();
    for (const file of migrations) {
      const text = readFileSync(path.join(migrationsFolder, file), 'utf8');
      const names = [...text.matchAll(/CREATE (?:OR REPLACE )?FUNCTION (\w+)\(/gi)].map(
        (match) => match[1] ?? '',
      );
      if (file >= '0027') {
        expect(
          names.filter((name) => created.has(name)),
          file,
        ).toEqual([]);
      }
      for (const name of names) created.add(name);
    }
  });
});
