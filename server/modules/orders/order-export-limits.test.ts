import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/orders.ts';
import { client, expectProblem, json } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';
import { createOrderExporter } from './order-export.ts';

/**
 * The CSV export under load and when things go wrong: how many run at once, a client that goes
 * away or stops reading, a failure to read (order-export.test.ts proves what a file holds).
 */

let t: TestContext;
let admin: TestUser;
let placed: Order;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ role: 'Admin' });
  const buyer = await t.signUp({ name: 'Bea Buyer' });
  const tool = await t.addTool({ name: 'Claw Hammer', price: 2500, quantity: 1000 });
  placed = json<Order>(
    await client(t.app, buyer).post('/orders', {
      lines: [{ toolId: tool.id, quantity: 10 }],
      phone: '+1 555 010 2030',
      address: '5 Export Avenue, Springfield',
    }),
  );
});
afterAll(async () => {
  await t.close();
});

const exportOf = () => client(t.app, admin).get('/orderlist/export');

describe('exports at once', () => {
  it('holds two at once per instance: a third is refused with 429 and a sentence until one ends', async () => {
    const service = t.app.services.orders;
    const first = await service.exportCsv({ sort: 'newest' });
    const second = await service.exportCsv({ sort: 'newest' });
    expect(service.exportsRunning()).toBe(2);
    const busy = expectProblem(await exportOf(), 429, 'rate_limited');
    expect(busy.detail).toMatch(/Try again/);
    first.csv.destroy();
    second.csv.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(service.exportsRunning()).toBe(0);
    expect((await exportOf()).statusCode).toBe(200);
    expect(service.exportsRunning()).toBe(0);
  });

  it('stops reading and frees its place when the client goes away mid-file', async () => {
    // Enough orders that the file cannot be written before the client hangs up.
    await t.db.execute(sql`
      insert into orders (user_id, tool_id, product_name, unit_price, customer_name, email,
        ordered_num, phone, address, total_amount, currency, status, payment_due_at)
      select user_id, tool_id, product_name, unit_price, customer_name, email, ordered_num, phone,
        address, total_amount, currency, 'unpaid', payment_due_at
      from orders, generate_series(1, 6000) where id = ${placed._id}`);
    const cutShort = t.app.services.orders.exportsCutShort();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    expect(address).toContain(String(port));
    const received = await new Promise<number>((resolve, reject) => {
      const req = request(
        { port, host: '127.0.0.1', path: '/api/orderlist/export', headers: admin.headers },
        (response) => {
          expect(response.statusCode).toBe(200);
          response.once('data', (chunk: Buffer) => {
            req.destroy();
            resolve(chunk.length);
          });
        },
      );
      req.on('error', (error) => {
        if (!req.destroyed) reject(error);
      });
      req.end();
    });
    expect(received).toBeGreaterThan(0);
    const service = t.app.services.orders;
    for (let i = 0; i < 100 && service.exportsRunning() > 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(service.exportsRunning()).toBe(0);
    // It stopped before its last row (a file this size cannot be written before the hang-up).
    expect(service.exportsCutShort()).toBe(cutShort + 1);
  });

  it('cuts off a client that stops reading, frees its place and its connection', async () => {
    const exporter = createOrderExporter(t.db, { batchSize: 2, maxAtOnce: 1, stallMs: 300 });
    const { csv } = await exporter.open({ sort: 'newest' });
    // Reads the header and stops, as a client whose socket is full.
    await new Promise((resolve) => csv.once('readable', resolve));
    expect(csv.read()).not.toBeNull();
    expect(exporter.running()).toBe(1);
    await new Promise((resolve) => csv.once('close', resolve));
    expect(exporter.cutShort()).toBe(1);
    for (let i = 0; i < 50 && exporter.running() > 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(exporter.running()).toBe(0);
    // The cursor's connection went back: nothing is checked out.
    expect(t.db.$client.totalCount - t.db.$client.idleCount).toBe(0);
  });

  it('answers a failure to read as a problem, not as a file cut after its header', async () => {
    const exporter = createOrderExporter(t.db, { batchSize: 2, maxAtOnce: 1, stallMs: 60_000 });
    await t.db.execute(sql`alter table order_refunds rename to order_refunds_away`);
    try {
      await expect(exporter.open({ sort: 'newest' })).rejects.toThrow();
    } finally {
      await t.db.execute(sql`alter table order_refunds_away rename to order_refunds`);
    }
    expect(exporter.running()).toBe(0);
    expect(t.db.$client.totalCount - t.db.$client.idleCount).toBe(0);
  });
});
