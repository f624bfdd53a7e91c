import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../contract/orders.ts';
import { CATALOGUE_CHANNEL } from '../cache/catalogue-cache.ts';
import { toolRelations, tools } from '../db/schema.ts';
import { type Client, client, json } from '../testing/http.ts';
import { buildTestApp, type TestContext } from '../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';

/**
 * Each change to the catalogue is announced once: by the tools' triggers (no sender, "db") or by
 * the app ("app"), never by both. A raw listener hears every notification on the channel; after
 * each step the app announces a marker, which goes out with (or after) anything the app still
 * had to say, so everything the step caused has been heard when the marker arrives.
 */
let database: TestDatabase;
let t: TestContext;
let listener: pg.Client;
let admin: Client;
const heard: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  t = await buildTestApp({}, { database });
  admin = client(t.app, await t.signUp({ role: 'Admin' }));
  listener = new pg.Client({ connectionString: database.url });
  await listener.connect();
  listener.on('notification', ({ payload = '' }) => {
    const [sender = '', subjects = ''] = payload.split(':');
    heard.push(`${sender === '' ? 'db' : 'app'}:${subjects}`);
  });
  await listener.query(`listen ${CATALOGUE_CHANNEL}`);
  await vi.waitFor(() => expect(t.app.changes.isLive).toBe(true), { timeout: 5_000 });
});
afterAll(async () => {
  await listener.end();
  await t.close();
  await database.drop();
});

let markers = 0;
/** Everything heard because of `step`, once the marker announced after it arrives. */
async function announcedBy(step: () => Promise<void>): Promise<string[]> {
  await step();
  markers += 1;
  const marker = `marker${markers}`;
  t.app.changes.announce(CATALOGUE_CHANNEL, marker);
  // A burst that holds `all` goes out as `all` alone: that carries the marker too.
  const carriesMarker = (entry: string) => {
    const [sender, ...subjects] = entry.split(/[:,]/);
    return sender === 'app' && (subjects.includes(marker) || subjects.includes('all'));
  };
  await vi.waitFor(() => expect(heard.some(carriesMarker)).toBe(true), { timeout: 5_000 });
  const said = heard.splice(0).map((entry) => entry.replace(new RegExp(`,?${marker}$`), ''));
  return said.filter((entry) => entry !== 'app:');
}

describe('catalogue announcements', () => {
  it('a change to a tool’s related tools alone is announced by their own trigger', async () => {
    const tool = await t.addTool({ name: 'Related Drill' });
    const accessory = await t.addTool({ name: 'Related Bit' });
    await announcedBy(async () => {});
    const related = await announcedBy(async () => {
      const body = { related: [{ toolId: accessory.id, kind: 'accessory' }] };
      expect((await admin.patch(`/tools/${tool.id}`, body)).statusCode).toBe(200);
    });
    expect(related).toContain('db:all');
    const byHand = await announcedBy(async () => {
      await database.db.delete(toolRelations).where(eq(toolRelations.toolId, tool.id));
    });
    expect(byHand).toEqual(['db:all']);
  });

  it('an admin’s change to a tool is announced by the trigger alone', async () => {
    const tool = await t.addTool({ name: 'Announced Once Saw', quantity: 500 });
    expect(await announcedBy(async () => {})).toEqual(['db:all']);

    const edited = await announcedBy(async () => {
      expect((await admin.patch(`/tools/${tool.id}`, { price: 2750 })).statusCode).toBe(200);
    });
    expect(edited).toEqual(['db:all']);

    // Stock set lower by an admin: no order took it, so the trigger announces it.
    const lowered = await announcedBy(async () => {
      expect((await admin.put(`/purchase/${tool.id}`, { newQuantity: 120 })).statusCode).toBe(200);
    });
    expect(lowered).toEqual(['db:stock']);

    const lowerInSql = await announcedBy(async () => {
      await database.db.update(tools).set({ quantity: 100 }).where(eq(tools.id, tool.id));
    });
    expect(lowerInSql).toEqual(['db:stock']);
  });

  it('stock taken by an order is announced by the app alone, and its return by the trigger alone', async () => {
    const tool = await t.addTool({ name: 'Announced Once Clamp', quantity: 1_000 });
    await announcedBy(async () => {});
    const buyer = await t.signUp();
    let order: Order | undefined;
    const placed = await announcedBy(async () => {
      const response = await client(t.app, buyer).post(
        `/user?email=${encodeURIComponent(buyer.email)}`,
        { toolId: tool.id, orderedNum: 40, phone: '+1 555 010 2030', address: '12 Workshop Lane' },
      );
      expect(response.statusCode).toBe(201);
      order = json<Order>(response);
    });
    expect(placed).toEqual(['app:stock']);

    const cancelled = await announcedBy(async () => {
      expect((await client(t.app, buyer).delete(`/user/${order?._id}`)).statusCode).toBe(200);
    });
    expect(cancelled).toEqual(['db:stock']);
    const [row] = await database.db.select().from(tools).where(eq(tools.id, tool.id));
    expect(row?.quantity).toBe(1_000);
  });

  it('a review, which no trigger watches, is announced by the app', async () => {
    const author = await t.signUp();
    // Reviews come from buyers: the order's own announcements are heard first.
    await announcedBy(async () => {
      await t.givePaidOrder(author);
    });
    const posted = await announcedBy(async () => {
      const response = await client(t.app, author).post('/reviews', {
        review: 'Announced once, and the cache knew.',
        rating: 5,
      });
      expect(response.statusCode).toBe(201);
    });
    expect(posted).toEqual(['app:reviews']);
  });
});
