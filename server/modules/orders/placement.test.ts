import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg, { escapeLiteral } from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CartSchema } from '../../../contract/cart.ts';
import { OrderSchema } from '../../../contract/orders.ts';
import { mailOutbox, orderLines, orders, tools } from '../../db/schema.ts';
import { untilLive } from '../../testing/change-feed.ts';
import { client, json } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';
import { delivery } from '../../testing/valid-requests.ts';
import { literal } from './placement.repo.ts';

let t: TestContext;
let buyer: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await t.signUp({ name: 'Round Trip' });
  await t.db.execute(sql`
    create function refuse_line_4242() returns trigger language plpgsql as $$
    begin
      if new.quantity = 4242 then raise exception 'line refused for the test'; end if;
      return new;
    end $$`);
  await t.db.execute(sql`
    create trigger refuse_line_4242 before insert on order_lines
    for each row execute function refuse_line_4242()`);
  // What the order reads from memory (the session, the destinations) is kept only while the
  // instance hears the change feed: before that, each read is a statement of its own.
  await untilLive(t);
});
afterAll(async () => {
  await t.close();
});

/** Statements sent to the database meanwhile, leaving out the mail queue's own work. */
async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const original = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
    this: pg.Client,
    ...args: unknown[]
  ) {
    const query = args[0] as string | { text?: string };
    const text = typeof query === 'string' ? query : (query?.text ?? '');
    if (!text.includes('"mail_outbox"') && !text.includes('pg_notify')) seen.push(text);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as never);
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return seen;
}

describe('placing an order', () => {
  it('takes two round trips to the database, and answers what it stored', async () => {
    const drill = await t.addTool({ name: 'Trip Drill', quantity: 500, minimumOrder: 1 });
    const saw = await t.addTool({ name: 'Trip Saw', quantity: 500, minimumOrder: 2 });
    const asBuyer = client(t.app, buyer);
    // The session is checked (and kept) by a first request.
    expect((await asBuyer.get('/cart')).statusCode).toBe(200);
    let response: Awaited<ReturnType<typeof asBuyer.post>> | undefined;
    const statements = await statementsDuring(async () => {
      response = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
        payload: {
          ...delivery,
          lines: [
            { toolId: drill.id, quantity: 3 },
            { toolId: saw.id, quantity: 4 },
          ],
        },
      });
    });
    expect(response?.statusCode, response?.body).toBe(201);
    expect(statements).toHaveLength(2);
    const placed = OrderSchema.parse(response?.json());
    const stored = await asBuyer.get(`/orders/${placed._id}`);
    expect(json(stored)).toEqual(placed);
    const [drillRow] = await t.db.select().from(tools).where(eq(tools.id, drill.id));
    expect(drillRow?.quantity).toBe(497);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
    expect(mails.filter((mail) => mail.subject === `Order ${placed.number} received`)).toHaveLength(
      1,
    );
  });

  it('checks out a cart in the same two round trips, and a failed write leaves the cart as it was', async () => {
    const level = await t.addTool({ name: 'Trip Level', quantity: 10_000, minimumOrder: 1 });
    const asBuyer = client(t.app, buyer);
    const fill = async (quantity: number) => {
      const put = await asBuyer.put('/cart', { lines: [{ toolId: level.id, quantity }] });
      return CartSchema.parse(put.json());
    };
    const checkOut = (cartVersion: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/cart/checkout',
        headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
        payload: { ...delivery, cartVersion },
      });

    // The write fails in the database (the trigger above): nothing of it stays, the cart included.
    const refusedCart = await fill(4242);
    expect((await checkOut(refusedCart.version)).statusCode).toBe(500);
    expect(await t.db.$count(orders, eq(orders.toolId, level.id))).toBe(0);
    const kept = CartSchema.parse((await asBuyer.get('/cart')).json());
    expect([kept.version, kept.lines[0]?.quantity]).toEqual([refusedCart.version, 4242]);

    const cart = await fill(5);
    let response: Awaited<ReturnType<typeof checkOut>> | undefined;
    const statements = await statementsDuring(async () => {
      response = await checkOut(cart.version);
    });
    expect(response?.statusCode, response?.body).toBe(201);
    expect(statements).toHaveLength(2);
    const placed = OrderSchema.parse(response?.json());
    expect(json(await asBuyer.get(`/orders/${placed._id}`))).toEqual(placed);
    const [row] = await t.db.select().from(tools).where(eq(tools.id, level.id));
    expect(row?.quantity).toBe(9_995);
    expect(CartSchema.parse((await asBuyer.get('/cart')).json()).lines).toEqual([]);
  });

  it('takes any Idempotency-Key as a value, quotes and backslashes included', async () => {
    const tool = await t.addTool({ name: 'Quoted Level', quantity: 100, minimumOrder: 1 });
    const key = "it's\\';delete/**/from/**/orders;--\\x";
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { ...buyer.headers, 'idempotency-key': key },
        payload: { ...delivery, lines: [{ toolId: tool.id, quantity: 2 }] },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    const again = await send();
    expect(again.statusCode, again.body).toBe(201);
    expect(json(again)).toEqual(json(first));
    const [stored] = await t.db.select().from(orders).where(eq(orders.toolId, tool.id));
    expect(stored?.idempotencyKey).toBe(key);
    expect(await t.db.$count(orders)).toBeGreaterThan(1);
  });

  it("writes literals as pg's escapeLiteral does", () => {
    for (const text of [
      'plain',
      "it's",
      'back\\slash',
      "both ' and \\",
      '',
      'ünï ☃ 🙂',
      "''\\\\",
    ]) {
      expect(literal(text)).toBe(escapeLiteral(text));
    }
  });

  it('stores what the buyer wrote exactly, quotes, backslashes and any script included', async () => {
    const tool = await t.addTool({
      name: "O'Brien \\ Sons Wrench",
      quantity: 100,
      minimumOrder: 1,
    });
    const written = {
      ...delivery,
      address: "12 O'Hara Lane \\ Unit 4'); drop table orders;--",
      note: 'Leave at gate \\n not a newline; $$ dollar $q$ quotes $$ ünï ☃',
      poNumber: "PO-'7'\\",
    };
    const response = await client(t.app, buyer).post('/orders', {
      ...written,
      lines: [{ toolId: tool.id, quantity: 2 }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const [stored] = await t.db.select().from(orders).where(eq(orders.toolId, tool.id));
    expect([stored?.address, stored?.note, stored?.poNumber, stored?.productName]).toEqual([
      written.address,
      written.note,
      written.poNumber,
      tool.name,
    ]);
  });

  it('marks its lines unpaid while the order is, whatever changes its status', async () => {
    const tool = await t.addTool({ name: 'Marked Vise', quantity: 100, minimumOrder: 1 });
    const place = async () => {
      const response = await client(t.app, buyer).post('/orders', {
        ...delivery,
        lines: [{ toolId: tool.id, quantity: 2 }],
      });
      expect(response.statusCode, response.body).toBe(201);
      return OrderSchema.parse(response.json());
    };
    const marks = async (orderId: string) =>
      (await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId))).map((line) => [
        line.userId,
        line.isUnpaid,
      ]);
    const cancelled = await place();
    const paid = await place();
    const byHand = await place();
    expect(await marks(cancelled._id)).toEqual([[buyer.id, true]]);
    expect((await client(t.app, buyer).delete(`/user/${cancelled._id}`)).statusCode).toBe(200);
    await t.markPaid(paid._id, 'txn_marked_1');
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, byHand._id));
    for (const order of [cancelled, paid, byHand]) {
      expect(await marks(order._id)).toEqual([[buyer.id, false]]);
    }
  });

  it('leaves nothing behind when its write fails, and the connection serves the next order', async () => {
    const tool = await t.addTool({ name: 'Refused Clamp', quantity: 10_000, minimumOrder: 1 });
    const mailsBefore = await t.db.$count(mailOutbox, eq(mailOutbox.to, buyer.email));
    const refused = await client(t.app, buyer).post('/orders', {
      ...delivery,
      lines: [{ toolId: tool.id, quantity: 4242 }],
    });
    expect(refused.statusCode).toBe(500);
    const [row] = await t.db.select().from(tools).where(eq(tools.id, tool.id));
    expect(row?.quantity).toBe(10_000);
    expect(await t.db.$count(orders, eq(orders.toolId, tool.id))).toBe(0);
    expect(await t.db.$count(mailOutbox, eq(mailOutbox.to, buyer.email))).toBe(mailsBefore);
    // Every connection of the pool, in turn: none was left inside the failed transaction.
    for (let i = 0; i < 25; i += 1) {
      const placed = await client(t.app, buyer).post('/orders', {
        ...delivery,
        lines: [{ toolId: tool.id, quantity: 1 }],
      });
      expect(placed.statusCode, placed.body).toBe(201);
    }
  });
});
