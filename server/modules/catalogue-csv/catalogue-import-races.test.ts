import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tools } from '../../db/schema.ts';
import { catalogueFile, catalogueRow } from '../../testing/catalogue-files.ts';
import { expectProblem, json } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';

/**
 * Imports at the same time as other writes: a second import is refused at once rather than queued,
 * and an import meeting a tool being edited waits for the edit, then sets the row; nothing waits
 * in a circle.
 */

let t: TestContext;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ role: 'Admin' });
});
afterAll(() => t.close());

function apply(...rows: string[]) {
  const file = catalogueFile(...rows);
  return t.app.inject({
    method: 'POST',
    url: '/api/catalogue/import',
    headers: { ...admin.headers, ...file.headers },
    payload: file.payload,
  });
}

describe('imports racing other writes', () => {
  it('refuses an import while another is being applied (409 import_running), not queued', async () => {
    // Another import holds the place, as an import being applied does.
    const other = await t.database.pool.connect();
    try {
      await other.query('begin');
      await other.query(`select pg_advisory_xact_lock(hashtext('toolyard.catalogue_import'))`);
      const refused = expectProblem(
        await apply(catalogueRow({ sku: 'RACE-1' })),
        409,
        'import_running',
      );
      expect(refused.detail).toMatch(/Try again once it is done/);
      await other.query('commit');
    } finally {
      other.release();
    }
    expect(
      json<{ isApplied: boolean }>(await apply(catalogueRow({ sku: 'RACE-1' }))).isApplied,
    ).toBe(true);
  });

  it('waits for a tool edit in progress, then sets the row; the edit is not lost to a deadlock', async () => {
    const tool = await t.addTool({ sku: 'EDIT-1', name: 'Before both' });
    const edit = await t.database.pool.connect();
    let importing: ReturnType<typeof apply> | undefined;
    try {
      // An edit in progress: the categories' share lock, then its tool's row (decision 040's order).
      await edit.query('begin');
      await edit.query('lock table categories in share mode');
      await edit.query(`update tools set name = 'From the form' where id = $1`, [tool.id]);
      importing = apply(catalogueRow({ sku: 'EDIT-1', name: 'From the file' }));
      // The import reads its file and then waits for the row.
      await expect
        .poll(async () => {
          const waiting = await t.db.execute<{ n: number }>(
            sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
          );
          return waiting.rows[0]?.n ?? 0;
        })
        .toBeGreaterThan(0);
      await edit.query('commit');
    } finally {
      edit.release();
    }
    expect(json(await importing)).toMatchObject({ isApplied: true, updated: 1 });
    const [row] = await t.db.select().from(tools).where(sql`${tools.id} = ${tool.id}`);
    expect(row?.name).toBe('From the file');
  });
});
