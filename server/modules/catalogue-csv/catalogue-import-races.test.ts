import { PassThrough } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tools } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { catalogueFile, catalogueRow } from '../../testing/catalogue-files.ts';
import { client, json } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';

/**
 * Imports at the same time as other writes: a second import is refused at once rather than queued,
 * and a tool edited while a file is being read lands, then the file (applied after it) sets the
 * row; nothing waits in a circle.
 */

let t: TestContext;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ role: 'Admin' });
});
afterAll(() => t.close());

/** A file sent a piece at a time: the import reads its header and waits for the rest. */
function slowFile(rows: string[]) {
  const [header, ...rest] = catalogueFile(...rows)
    .payload.toString()
    .split('\n');
  const body = new PassThrough();
  body.write(`${header}\n`);
  return { body, finish: () => body.end(`${rest.join('\n')}\n`) };
}

describe('imports racing other writes', () => {
  it('refuses a second import while one is being applied (409), and applies the first', async () => {
    const service = t.app.services.catalogueCsv;
    const first = slowFile([catalogueRow({ sku: 'RACE-1' })]);
    const applying = service.apply(first.body, admin);
    // The first holds its place as soon as it has begun reading.
    await expect
      .poll(async () => {
        const second = slowFile([catalogueRow({ sku: 'RACE-2' })]);
        second.finish();
        return service.apply(second.body, admin).then(
          () => 'applied',
          (error: unknown) => (error instanceof AppError ? error.code : 'failed'),
        );
      })
      .toBe('import_running');
    first.finish();
    expect(await applying).toMatchObject({ isApplied: true, created: 1 });
    const skus = await t.db
      .select({ sku: tools.sku })
      .from(tools)
      .where(sql`${tools.sku} like 'RACE-%'`);
    expect(skus).toEqual([{ sku: 'RACE-1' }]);
  });

  it('lets a tool edit land while a file is read, then applies the file; no deadlock', async () => {
    const tool = await t.addTool({ sku: 'EDIT-1', name: 'Before both' });
    const file = slowFile([catalogueRow({ sku: 'EDIT-1', name: 'From the file' })]);
    const importing = t.app.services.catalogueCsv.apply(file.body, admin);
    const edited = await client(t.app, admin).patch(`/tools/${tool.id}`, { name: 'From the form' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json<{ name: string }>(edited).name).toBe('From the form');
    file.finish();
    expect(await importing).toMatchObject({ isApplied: true, updated: 1 });
    const [row] = await t.db.select().from(tools).where(eq(tools.id, tool.id));
    expect(row?.name).toBe('From the file');
  });
});
