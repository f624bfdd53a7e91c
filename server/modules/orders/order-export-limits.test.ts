import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildExportTestApp, type ExportTestApp } from '../../testing/export-test-app.ts';
import { expectProblem } from '../../testing/http.ts';
import { createOrderExporter } from './order-export.ts';

/**
 * What exports hold while they run: a place of two per instance, a database connection, and
 * nothing more once the client has gone, stalled, or the reading failed.
 */

let exports: ExportTestApp;
beforeAll(async () => {
  exports = await buildExportTestApp();
});
afterAll(() => exports.close());

describe('exports at once', () => {
  it('holds two at once per instance: a third is refused with 429 and a sentence until one ends', async () => {
    const service = exports.t.app.services.orders;
    const first = await service.exportCsv({ sort: 'newest' });
    const second = await service.exportCsv({ sort: 'newest' });
    expect(service.exportsRunning()).toBe(2);
    const busy = expectProblem(await exports.exportOf(), 429, 'rate_limited');
    expect(busy.detail).toMatch(/Try again/);
    first.csv.destroy();
    second.csv.destroy();
    // Each gives its place back once its stream has closed.
    await vi.waitFor(() => expect(service.exportsRunning()).toBe(0));
    expect((await exports.exportOf()).statusCode).toBe(200);
    expect(service.exportsRunning()).toBe(0);
  });

  it('stops reading and frees its place when the client goes away mid-file', async () => {
    // Enough orders that the file cannot be written before the client hangs up.
    await exports.t.db.execute(sql`
      insert into orders (user_id, tool_id, product_name, unit_price, customer_name, email,
        ordered_num, phone, address, total_amount, currency, status, payment_due_at)
      select user_id, tool_id, product_name, unit_price, customer_name, email, ordered_num, phone,
        address, total_amount, currency, 'unpaid', payment_due_at
      from orders, generate_series(1, 6000) where id = ${exports.twoLines._id}`);
    const cutShort = exports.t.app.services.orders.exportsCutShort();
    const address = await exports.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = exports.t.app.server.address() as AddressInfo;
    expect(address).toContain(String(port));
    const received = await new Promise<number>((resolve, reject) => {
      const req = request(
        { port, host: '127.0.0.1', path: '/api/orderlist/export', headers: exports.admin.headers },
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
    const service = exports.t.app.services.orders;
    await vi.waitFor(() => expect(service.exportsRunning()).toBe(0), { timeout: 2_000 });
    // It stopped before its last row (a file this size cannot be written before the hang-up).
    expect(service.exportsCutShort()).toBe(cutShort + 1);
  });

  it('cuts off a client that stops reading, frees its place and its connection', async () => {
    const exporter = createOrderExporter(exports.t.db, {
      batchSize: 2,
      maxAtOnce: 1,
      stallMs: 300,
    });
    const { csv } = await exporter.open({ sort: 'newest' });
    // Reads the header and stops, as a client whose socket is full.
    await new Promise((resolve) => csv.once('readable', resolve));
    expect(csv.read()).not.toBeNull();
    expect(exporter.running()).toBe(1);
    await new Promise((resolve) => csv.once('close', resolve));
    expect(exporter.cutShort()).toBe(1);
    await vi.waitFor(() => expect(exporter.running()).toBe(0));
    // The cursor's connection went back: nothing is checked out.
    expect(exports.t.db.$client.totalCount - exports.t.db.$client.idleCount).toBe(0);
  });

  it('answers a failure to read as a problem, not as a file cut after its header', async () => {
    const exporter = createOrderExporter(exports.t.db, {
      batchSize: 2,
      maxAtOnce: 1,
      stallMs: 60_000,
    });
    await exports.t.db.execute(sql`alter table order_refunds rename to order_refunds_away`);
    try {
      await expect(exporter.open({ sort: 'newest' })).rejects.toThrow();
    } finally {
      await exports.t.db.execute(sql`alter table order_refunds_away rename to order_refunds`);
    }
    expect(exporter.running()).toBe(0);
    expect(exports.t.db.$client.totalCount - exports.t.db.$client.idleCount).toBe(0);
  });
});
