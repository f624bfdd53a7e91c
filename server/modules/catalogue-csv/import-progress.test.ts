import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportProgress } from '../../../contract/catalogue-csv.ts';
import { catalogueFile, catalogueRow } from '../../testing/catalogue-files.ts';
import { expectProblem, json } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';

/**
 * An import's progress, read by another request while it runs (docs/decisions/050): the rows
 * read move while the import is held, the writing is counted, and the end says done with the
 * import's own answer.
 */

let t: TestContext;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ role: 'Admin' });
});
afterAll(() => t.close());

function send(route: 'import' | 'import/dry-run', rows: string[], progressId?: string) {
  const file = catalogueFile(...rows);
  return t.app.inject({
    method: 'POST',
    url: `/api/catalogue/${route}${progressId ? `?progressId=${progressId}` : ''}`,
    headers: { ...admin.headers, ...file.headers },
    payload: file.payload,
  });
}

const readProgress = (id: string, headers = admin.headers) =>
  t.app.inject({ method: 'GET', url: `/api/catalogue/imports/${id}`, headers });

const rowsOf = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, i) => catalogueRow({ sku: `${prefix}-${i}` }));

describe('GET /api/catalogue/imports/{id}', () => {
  it('shows the rows read while an apply runs, then the tools written and its answer', async () => {
    const held = await t.addTool({ sku: 'HELD-0', name: 'Held by an edit' });
    const id = randomUUID();
    const edit = await t.database.pool.connect();
    let importing: ReturnType<typeof send> | undefined;
    try {
      // An edit holds one of the file's tools: the import reads every row, then waits for it.
      await edit.query('begin');
      await edit.query('select id from tools where id = $1 for update', [held.id]);
      importing = send('import', [catalogueRow({ sku: 'HELD-0' }), ...rowsOf(2_499, 'MOVE')], id);
      await expect
        .poll(
          async () => {
            const answer = await readProgress(id);
            return answer.statusCode === 200 ? json<ImportProgress>(answer) : undefined;
          },
          { timeout: 15_000, interval: 20 },
        )
        .toMatchObject({
          phase: 'checking',
          rowsRead: 2_500,
          rowsToWrite: null,
          rowsWritten: 0,
          isDryRun: false,
          report: null,
        });
      // Read by another request while the import's transaction is still open.
      const during = json<ImportProgress>(await readProgress(id));
      expect(during.bytesTotal).toBeGreaterThan(2_500 * 50);
      expect(during.bytesRead).toBe(during.bytesTotal);
      await edit.query('commit');
    } finally {
      edit.release();
    }
    const answer = json<{ isApplied: boolean; created: number; updated: number }>(await importing);
    expect(answer).toMatchObject({ isApplied: true, created: 2_499, updated: 1 });
    const done = json<ImportProgress>(await readProgress(id));
    expect(done).toMatchObject({
      phase: 'done',
      rowsRead: 2_500,
      rowsToWrite: 2_500,
      rowsWritten: 2_500,
      report: { isApplied: true, rowCount: 2_500, created: 2_499, updated: 1, problemCount: 0 },
    });
    expect(done.bytesRead).toBe(done.bytesTotal);
  });

  it('ends a dry run as done with its answer, nothing written', async () => {
    const id = randomUUID();
    const answer = await send('import/dry-run', [catalogueRow(), catalogueRow({ price: 'x' })], id);
    expect(json<{ problemCount: number }>(answer).problemCount).toBe(1);
    expect(json<ImportProgress>(await readProgress(id))).toMatchObject({
      isDryRun: true,
      phase: 'done',
      rowsRead: 2,
      rowsToWrite: null,
      rowsWritten: 0,
      report: { isApplied: false, rowCount: 2, problemCount: 1 },
    });
  });

  it('refuses an id used before (409), and finds no import that has not reached the store (404)', async () => {
    const id = randomUUID();
    expect((await send('import/dry-run', [catalogueRow()], id)).statusCode).toBe(200);
    const again = expectProblem(
      await send('import', [catalogueRow()], id),
      409,
      'progress_id_taken',
    );
    expect(again.detail).toMatch(/new one/);
    expectProblem(await readProgress(randomUUID()), 404, 'not_found');
  });

  it('is for admins only', async () => {
    const id = randomUUID();
    await send('import/dry-run', [catalogueRow()], id);
    const customer = await t.signUp();
    expectProblem(await readProgress(id, customer.headers), 403, 'forbidden');
    expectProblem(await readProgress(id, {}), 401, 'unauthenticated');
  });
});
