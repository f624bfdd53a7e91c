import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deferred } from '../testing/deferred.ts';
import { pngImage } from '../testing/images.ts';
import { buildTestApp, type TestContext, type TestUser } from '../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { backupStore, tableDigest, tablesInOrder } from './backup.ts';
import { restoreStore } from './restore.ts';

let t: TestContext;
let elsewhere: TestDatabase;
let scratch: string;

beforeAll(async () => {
  t = await buildTestApp();
  elsewhere = await createTestDatabase();
  scratch = await mkdtemp(path.join(os.tmpdir(), 'toolyard-backup-'));
});
afterAll(async () => {
  await t.close();
  await elsewhere.drop();
  await rm(scratch, { recursive: true, force: true });
});

const STOCK = 10_000;

/**
 * Buyers placing one-line orders as fast as they can until `until` resolves; answers how many.
 * `onPlaced` hears each order placed.
 */
async function buyUntil(
  buyers: TestUser[],
  toolIds: string[],
  until: Promise<unknown>,
  onPlaced: () => void,
) {
  let isDone = false;
  void until.finally(() => {
    isDone = true;
  });
  let placed = 0;
  await Promise.all(
    buyers.map(async (buyer, index) => {
      while (!isDone) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: {
            ...buyer.headers,
            'content-type': 'application/json',
            'idempotency-key': randomUUID(),
          },
          payload: {
            lines: [{ toolId: toolIds[index % toolIds.length], quantity: 10 }],
            phone: '+1 555 010 2030',
            address: '42 Workshop Road, Springfield',
          },
        });
        expect(response.statusCode, response.body).toBe(201);
        placed += 1;
        onPlaced();
      }
    }),
  );
  return placed;
}

describe('a backup of a running store', () => {
  it('restores elsewhere to the same rows in every table and the same uploaded files, though taken under load', async () => {
    // A store with customers, orders (one paid), a review's worth of data and uploaded images.
    const buyers = await Promise.all([1, 2, 3, 4].map(() => t.signUp()));
    const tools = await Promise.all([1, 2].map(() => t.addTool({ quantity: STOCK })));
    await t.givePaidOrder(buyers[0] as TestUser);
    const image = await t.app.services.uploads.save(pngImage(800, 600));
    await t.db.execute(sql`update tools set img = ${image.url} where id = ${tools[0]?.id}`);
    const uploadsDir = t.app.services.uploads.store.where;

    const folder = path.join(scratch, 'backup');
    // The backup starts once the buyers have placed an order, so its snapshot falls within the
    // load whatever the machine's speed, and the buyers stop when it is done.
    const backedUp = deferred();
    const underLoad = deferred();
    const buying = buyUntil(
      buyers,
      tools.map((tool) => tool.id),
      backedUp.promise,
      () => underLoad.resolve(),
    );
    await underLoad.promise;
    const backup = backupStore({ pool: t.database.pool, folder, uploadsDir });
    const stopBuying = () => backedUp.resolve();
    void backup.then(stopBuying, stopBuying);
    const manifest = await backup;
    const placedMeanwhile = await buying;
    expect(placedMeanwhile).toBeGreaterThan(0);

    const uploadsElsewhere = path.join(scratch, 'uploads-elsewhere');
    await restoreStore({ pool: elsewhere.pool, folder, uploadsDir: uploadsElsewhere });

    // Every table as the backup's snapshot had it, row for row (checked here, not only by restore).
    const restored = await elsewhere.pool.connect();
    try {
      await restored.query(`set timezone = 'UTC'`);
      const tables = await tablesInOrder(restored);
      expect(manifest.tables.map((table) => table.name).sort()).toEqual([...tables].sort());
      for (const table of manifest.tables) {
        expect(await tableDigest(restored, table.name), table.name).toBe(table.digest);
      }
      const orders = manifest.tables.find((table) => table.name === 'orders');
      expect(orders?.rows).toBeGreaterThan(1);
      // One snapshot: the stock taken is the stock on the order lines, to the unit.
      const { rows } = await restored.query<{ id: string; quantity: number; ordered: string }>(
        `select t.id, t.quantity, coalesce(sum(l.quantity), 0)::text as ordered
           from tools t left join order_lines l on l.tool_id = t.id
          where t.id = any($1::uuid[]) group by t.id, t.quantity`,
        [tools.map((tool) => tool.id)],
      );
      for (const row of rows) expect(row.quantity + Number(row.ordered)).toBe(STOCK);
    } finally {
      restored.release();
    }

    // Every uploaded file, byte for byte, the tool's image among them.
    expect(manifest.uploads?.map((file) => file.name)).toContain(path.basename(image.url));
    const names = (await readdir(uploadsDir)).sort();
    expect((await readdir(uploadsElsewhere)).sort()).toEqual(names);
    for (const name of names) {
      expect(await readFile(path.join(uploadsElsewhere, name))).toEqual(
        await readFile(path.join(uploadsDir, name)),
      );
    }

    // A second restore into a store that now holds data is refused.
    await expect(
      restoreStore({ pool: elsewhere.pool, folder, uploadsDir: uploadsElsewhere }),
    ).rejects.toThrow(/already holds data/);
  });
});
