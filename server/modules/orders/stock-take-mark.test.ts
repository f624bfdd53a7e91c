import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { placeOneLineOrder } from '../../testing/shop-test-app.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';

/**
 * toolyard_place_order marks its own stock update, and only that statement, as an order's
 * (server/db/functions/place-order.sql): the catalogue's triggers let it pass unannounced and spare
 * it their whole-row comparison (migration 0056). Whatever else the same transaction changes in a
 * tool afterwards is announced as before.
 */

let t: TestContext;
let buyer: TestUser;
let listener: pg.Client;
const heard: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await t.signUp({ name: 'Mara Mark' });
});
afterAll(async () => {
  await listener?.end();
  await t.close();
});

describe("an order's stock update", () => {
  it('is marked for its own statement only: a tool changed later in its transaction is announced', async () => {
    const tool = await t.addTool({ name: 'Marked Chisel', quantity: 100, minimumOrder: 1 });
    const placed = await placeOneLineOrder(t, buyer, tool.id, 2);
    listener = new pg.Client({ connectionString: t.database.url });
    await listener.connect();
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    await listener.query('listen toolyard_catalogue');

    // A second order like the first, written by the function as a placement writes it, then the
    // tool renamed in the same transaction, with a unit taken (a rename alone, stock unchanged, is
    // announced by the trigger's first test whatever the mark says).
    const id = randomUUID();
    const connection = await t.database.pool.connect();
    try {
      await connection.query('begin');
      await connection.query(
        `select toolyard_place_order(
           (select (to_jsonb(o) || jsonb_build_object('id', $1::uuid, 'number', nextval('order_number_seq')))::json
              from orders o where o.id = $2),
           (select json_agg(to_jsonb(l) || jsonb_build_object('order_id', $1::uuid))
              from order_lines l where l.order_id = $2),
           'order_confirmation', $3, 'Your order', 'text', '<p>html</p>')`,
        [id, placed._id, buyer.email],
      );
      await connection.query(
        `update tools set name = 'Marked Chisel, renamed', quantity = quantity - 1 where id = $1`,
        [tool.id],
      );
      await connection.query('commit');
    } finally {
      connection.release();
    }

    await vi.waitFor(() => expect(heard).toContain(':all'), { timeout: 5_000 });
    const { rows } = await t.database.pool.query<{ quantity: number }>(
      'select quantity from tools where id = $1',
      [tool.id],
    );
    expect(rows[0]?.quantity).toBe(95);
  });
});
