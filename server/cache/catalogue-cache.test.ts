import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '../../contract/tools.ts';
import { orders, tools } from '../db/schema.ts';
import {
  catalogueChangesHeard,
  type InstancePair,
  instancePair,
  untilLive,
} from '../testing/change-feed.ts';
import { type Client, client, json } from '../testing/http.ts';
import type { TestContext } from '../testing/test-app.ts';
import type { TestDatabase } from '../testing/test-database.ts';
import { within } from '../testing/within.ts';

let database: TestDatabase;
let first: TestContext;
let second: TestContext;
let adminOnFirst: Client;
let visitorOnSecond: Client;

async function listed(via: Client, q: string): Promise<Tool[]> {
  const response = await via.get(`/tools?q=${encodeURIComponent(q)}&limit=24`);
  expect(response.statusCode).toBe(200);
  return json<Tool[]>(response);
}

/** Tools added straight to the database announce themselves (trigger): heard on the other instance. */
const settled = () => catalogueChangesHeard(second);

let instances: InstancePair;

beforeAll(async () => {
  instances = await instancePair();
  ({ database, first, second } = instances);
  adminOnFirst = client(first.app, await first.signUp({ role: 'Admin' }));
  visitorOnSecond = client(second.app);
});
afterAll(() => instances.close());

describe('catalogue cache across two instances', () => {
  it('serves repeated reads from memory', async () => {
    const tool = await first.addTool({ name: 'Memory Wrench', quantity: 500 });
    await settled();
    expect((await listed(visitorOnSecond, 'Memory Wrench'))[0]?.quantity).toBe(500);
    // Stock taken as an order takes it (which no trigger announces) and not yet announced is not
    // seen until the entry's maximum age: the answer comes from memory, not from the database.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('toolyard.order_takes_stock', 'on', true)`);
      await tx.update(tools).set({ quantity: 499 }).where(eq(tools.id, tool.id));
    });
    expect((await listed(visitorOnSecond, 'Memory Wrench'))[0]?.quantity).toBe(500);
  });

  it('shows a tool added, edited and deleted through one instance on the other within a second', async () => {
    expect(await listed(visitorOnSecond, 'Relay Saw')).toEqual([]);
    const created = await adminOnFirst.post('/tools', {
      name: 'Relay Saw',
      img: '/images/tools/saw.svg',
      description: 'A saw that proves catalogue changes travel between instances.',
      quantity: 300,
      minimumOrder: 5,
      price: 2500,
    });
    expect(created.statusCode).toBe(201);
    const id = json<Tool>(created)._id;
    const shown = await within(1_000, async () => {
      expect((await listed(visitorOnSecond, 'Relay Saw')).map((tool) => tool._id)).toEqual([id]);
    });
    expect(shown).toBeLessThan(1_000);

    expect(json<Tool>(await visitorOnSecond.get(`/purchase/${id}`)).price).toBe(2500);
    expect((await adminOnFirst.patch(`/tools/${id}`, { price: 2750 })).statusCode).toBe(200);
    await within(1_000, async () => {
      expect(json<Tool>(await visitorOnSecond.get(`/purchase/${id}`)).price).toBe(2750);
      expect((await listed(visitorOnSecond, 'Relay Saw'))[0]?.price).toBe(2750);
    });

    expect((await adminOnFirst.put(`/purchase/${id}`, { newQuantity: 120 })).statusCode).toBe(200);
    await within(1_000, async () => {
      expect((await listed(visitorOnSecond, 'Relay Saw'))[0]?.quantity).toBe(120);
    });

    expect((await adminOnFirst.delete(`/product/${id}`)).statusCode).toBe(200);
    await within(1_000, async () => {
      expect(await listed(visitorOnSecond, 'Relay Saw')).toEqual([]);
      expect((await visitorOnSecond.get(`/purchase/${id}`)).statusCode).toBe(404);
    });
  });

  it('shows stock taken by an order on one instance on the other within a second, and its return', async () => {
    const tool = await first.addTool({ name: 'Ordered Clamp', quantity: 1_000, minimumOrder: 10 });
    await settled();
    expect((await listed(visitorOnSecond, 'Ordered Clamp'))[0]?.quantity).toBe(1_000);
    const buyer = await first.signUp();
    const placed = await client(first.app, buyer).post(
      `/user?email=${encodeURIComponent(buyer.email)}`,
      { toolId: tool.id, orderedNum: 40, phone: '+1 555 010 2030', address: '12 Workshop Lane' },
    );
    expect(placed.statusCode).toBe(201);
    await within(1_000, async () => {
      expect((await listed(visitorOnSecond, 'Ordered Clamp'))[0]?.quantity).toBe(960);
    });

    // The payment window returns the stock too, and it is seen on the other instance.
    await first.db.update(orders).set({ paymentDueAt: sql`now() - interval '1 second'` });
    await first.app.services.orders.cancelOverdue();
    await within(1_000, async () => {
      expect((await listed(visitorOnSecond, 'Ordered Clamp'))[0]?.quantity).toBe(1_000);
    });
  });

  it('hears changes made outside the app (SQL by hand) through the tools trigger', async () => {
    const tool = await first.addTool({ name: 'Manual Fix Level', price: 1000 });
    await settled();
    expect((await listed(visitorOnSecond, 'Manual Fix Level'))[0]?.price).toBe(1000);
    await database.db.execute(sql`update tools set price = 1100 where id = ${tool.id}`);
    await within(1_000, async () => {
      expect((await listed(visitorOnSecond, 'Manual Fix Level'))[0]?.price).toBe(1100);
    });
  });

  it('stops caching while it cannot hear changes, and catches up when it hears again', async () => {
    const tool = await first.addTool({ name: 'Outage Hammer', quantity: 700 });
    await settled();
    expect((await listed(visitorOnSecond, 'Outage Hammer'))[0]?.quantity).toBe(700);
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name like '%-listener'`,
    );
    await within(2_000, async () => expect(second.app.changes.isLive).toBe(false));
    // Not listening: a change nobody announces is still seen, since nothing is cached.
    await database.db.update(tools).set({ quantity: 650 }).where(eq(tools.id, tool.id));
    expect((await listed(visitorOnSecond, 'Outage Hammer'))[0]?.quantity).toBe(650);

    await untilLive(first);
    await untilLive(second);
    expect((await adminOnFirst.put(`/purchase/${tool.id}`, { newQuantity: 600 })).statusCode).toBe(
      200,
    );
    await within(1_000, async () => {
      expect((await listed(visitorOnSecond, 'Outage Hammer'))[0]?.quantity).toBe(600);
    });
  });
});

describe('HTTP caching of catalogue reads', () => {
  it('answers 304 to a browser holding the current answer, and 200 after a change', async () => {
    const tool = await first.addTool({ name: 'Etag Pliers', price: 900 });
    await settled();
    const url = '/api/tools?q=Etag%20Pliers';
    const fresh = await second.app.inject({ method: 'GET', url });
    expect(fresh.statusCode).toBe(200);
    const etag = fresh.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(fresh.headers['cache-control']).toBe('no-cache');
    expect(fresh.headers['x-total-count']).toBe('1');

    const again = await second.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    await adminOnFirst.patch(`/tools/${tool.id}`, { price: 950 });
    await within(1_000, async () => {
      const changed = await second.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': etag },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(json<Tool[]>(changed)[0]?.price).toBe(950);
    });
  });

  it('sends brotli or gzip as the browser asks, the same JSON either way', async () => {
    for (let i = 0; i < 12; i += 1) await first.addTool({ name: `Encoded Drill ${i}` });
    await settled();
    const url = '/api/tools?q=Encoded%20Drill';
    const plain = await second.app.inject({ method: 'GET', url });
    const br = await second.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    const gzip = await second.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip;q=1, br;q=0' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(json<Tool[]>(plain)).toHaveLength(12);
  });
});
