import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cart, CartSchema } from '../../../contract/cart.ts';
import { OrderSchema } from '../../../contract/orders.ts';
import { mailOutbox, orders, tools } from '../../db/schema.ts';
import { client, expectFieldError, expectProblem, type Response } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';
import { delivery } from '../../testing/valid-requests.ts';

/**
 * Checking out the signed-in customer's cart (POST /api/cart/checkout): the order is made from the
 * cart as stored, in the transaction that empties it, and only from the version of the cart the
 * page read. A second tab, a second press or a second device finds it checked out (409).
 */

let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const readCart = async (who: TestUser): Promise<Cart> =>
  CartSchema.parse((await client(t.app, who).get('/cart')).json());

function checkOut(who: TestUser, body: object, key: string = randomUUID()): Promise<Response> {
  return t.app.inject({
    method: 'POST',
    url: '/api/cart/checkout',
    headers: { ...who.headers, 'idempotency-key': key },
    payload: { ...delivery, ...body },
  });
}

async function stockOf(toolId: string): Promise<number | undefined> {
  const [row] = await t.db.select().from(tools).where(eq(tools.id, toolId));
  return row?.quantity;
}

const ordersOf = (who: TestUser) => t.db.select().from(orders).where(eq(orders.userId, who.id));

async function confirmationsTo(who: TestUser): Promise<number> {
  const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, who.email));
  return rows.filter((row) => row.kind === 'order_confirmation').length;
}

/** A customer whose cart holds 12 of one tool and 3 of another. */
async function customerWithCart() {
  const who = await t.signUp();
  const drill = await t.addTool({ name: 'Tab Drill', quantity: 100, minimumOrder: 2, price: 500 });
  const saw = await t.addTool({ name: 'Tab Saw', quantity: 50, minimumOrder: 1, price: 1200 });
  const put = await client(t.app, who).put('/cart', {
    lines: [
      { toolId: drill.id, quantity: 12 },
      { toolId: saw.id, quantity: 3 },
    ],
  });
  expect(put.statusCode, put.body).toBe(200);
  return { who, drill, saw };
}

describe('checking out the cart', () => {
  it('orders what the cart holds and empties it in the same transaction', async () => {
    const { who, drill, saw } = await customerWithCart();
    const cart = await readCart(who);
    expect(cart.version).toBeGreaterThan(0);

    const placed = await checkOut(who, {
      cartVersion: cart.version,
      poNumber: 'PO-77',
      expectedTotal: cart.total,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = OrderSchema.parse(placed.json());
    expect(order.lines.map((line) => [line.toolId, line.quantity])).toEqual([
      [drill.id, 12],
      [saw.id, 3],
    ]);
    expect(order).toMatchObject({ totalAmount: 9_600, poNumber: 'PO-77', status: 'unpaid' });
    const after = await readCart(who);
    expect(after.lines).toEqual([]);
    expect(after.version).toBeGreaterThan(cart.version);
    expect(await stockOf(drill.id)).toBe(88);
    expect(await stockOf(saw.id)).toBe(47);
  });

  it('two tabs: the stale one is told the cart was checked out, and by which order; one order, stock taken once, one email', async () => {
    const { who, drill, saw } = await customerWithCart();
    const firstTab = await readCart(who);
    const secondTab = await readCart(who);

    const placed = await checkOut(who, { cartVersion: firstTab.version });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = OrderSchema.parse(placed.json());

    const stale = expectProblem(
      await checkOut(who, { cartVersion: secondTab.version }),
      409,
      'cart_checked_out',
    );
    expect(stale.order).toEqual({ id: order._id, number: order.number });
    expect(stale.detail).toContain(order.number);

    expect(await ordersOf(who)).toHaveLength(1);
    expect(await stockOf(drill.id)).toBe(88);
    expect(await stockOf(saw.id)).toBe(47);
    expect(await confirmationsTo(who)).toBe(1);
    // Still so after the customer fills the cart again: that version was checked out.
    await client(t.app, who).put('/cart', { lines: [{ toolId: saw.id, quantity: 1 }] });
    const later = expectProblem(
      await checkOut(who, { cartVersion: secondTab.version }),
      409,
      'cart_checked_out',
    );
    expect(later.order?.number).toBe(order.number);
    expect((await readCart(who)).lines).toHaveLength(1);
  });

  it('refuses a cart changed since the page read it (409 cart_changed), ordering nothing, then orders it as it is now', async () => {
    const { who, drill, saw } = await customerWithCart();
    const stale = await readCart(who);
    // Another tab lowers a quantity.
    await client(t.app, who).put('/cart', {
      lines: [
        { toolId: drill.id, quantity: 4 },
        { toolId: saw.id, quantity: 3 },
      ],
    });
    const refused = expectProblem(
      await checkOut(who, { cartVersion: stale.version }),
      409,
      'cart_changed',
    );
    expect(refused.order).toBeUndefined();
    expect(await ordersOf(who)).toHaveLength(0);
    expect(await stockOf(drill.id)).toBe(100);
    const current = await readCart(who);
    expect(current.lines.map((line) => line.quantity)).toEqual([4, 3]);

    const placed = await checkOut(who, { cartVersion: current.version });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(OrderSchema.parse(placed.json()).lines.map((line) => line.quantity)).toEqual([4, 3]);
  });

  it('several checkouts of one cart at once place exactly one order', async () => {
    const { who, drill, saw } = await customerWithCart();
    const { version } = await readCart(who);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => checkOut(who, { cartVersion: version })),
    );
    const placed = answers.filter((answer) => answer.statusCode === 201);
    expect(placed).toHaveLength(1);
    const order = OrderSchema.parse(placed[0]?.json());
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(expectProblem(answer, 409, 'cart_checked_out').order?.id).toBe(order._id);
    }
    expect(await ordersOf(who)).toHaveLength(1);
    expect(await stockOf(drill.id)).toBe(88);
    expect(await stockOf(saw.id)).toBe(47);
    expect(await confirmationsTo(who)).toBe(1);
  });

  it('asked again with its Idempotency-Key, answers the first order; the key with other details is refused', async () => {
    const { who, drill } = await customerWithCart();
    const { version } = await readCart(who);
    const key = randomUUID();
    const first = await checkOut(who, { cartVersion: version }, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await checkOut(who, { cartVersion: version }, key);
    expect(again.statusCode, again.body).toBe(201);
    expect(OrderSchema.parse(again.json())).toEqual(OrderSchema.parse(first.json()));

    for (const other of [
      { cartVersion: version, address: '7 Other Lane, Springfield' },
      { cartVersion: version + 1 },
    ]) {
      expectProblem(await checkOut(who, other, key), 422, 'idempotency_key_reused');
    }
    // A key that placed an order through POST /api/orders names that order, not a cart.
    const keyOfLines = randomUUID();
    const lines = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...who.headers, 'idempotency-key': keyOfLines },
      payload: { ...delivery, lines: [{ toolId: drill.id, quantity: 2 }] },
    });
    expect(lines.statusCode, lines.body).toBe(201);
    await client(t.app, who).put('/cart', { lines: [{ toolId: drill.id, quantity: 2 }] });
    const { version: refilled } = await readCart(who);
    expectProblem(
      await checkOut(who, { cartVersion: refilled }, keyOfLines),
      422,
      'idempotency_key_reused',
    );
    expect(await ordersOf(who)).toHaveLength(2);
  });

  it('a refused checkout leaves the cart as it was, and an empty cart has nothing to order', async () => {
    const { who, drill } = await customerWithCart();
    const cart = await readCart(who);
    await t.app.inject({
      method: 'PUT',
      url: `/api/purchase/${drill.id}`,
      headers: (await t.signUp({ role: 'Admin' })).headers,
      payload: { newQuantity: 5 },
    });
    const short = expectProblem(
      await checkOut(who, { cartVersion: cart.version }),
      409,
      'out_of_stock',
    );
    expect(short.lines?.map((line) => [line.line, line.available])).toEqual([[0, 5]]);
    const kept = await readCart(who);
    expect(kept.version).toBe(cart.version);
    expect(kept.lines.map((line) => [line.toolId, line.quantity])).toEqual([
      [drill.id, 12],
      [cart.lines[1]?.toolId, 3],
    ]);

    const empty = await t.signUp();
    const { version } = await readCart(empty);
    expectProblem(await checkOut(empty, { cartVersion: version }), 409, 'cart_empty');
    expect(await ordersOf(empty)).toHaveLength(0);
  });

  it('takes the lines from the stored cart, never from the request', async () => {
    const { who, drill } = await customerWithCart();
    const { version } = await readCart(who);
    expectFieldError(
      await checkOut(who, { cartVersion: version, lines: [{ toolId: drill.id, quantity: 2 }] }),
      'lines',
    );
    expectFieldError(await checkOut(who, {}), 'cartVersion');
    expectFieldError(await checkOut(who, { cartVersion: -1 }), 'cartVersion');
    expect(await ordersOf(who)).toHaveLength(0);
    const unverified = await t.signUp({ verified: false });
    expectProblem(
      await checkOut(unverified, { cartVersion: (await readCart(unverified)).version }),
      403,
      'email_not_verified',
    );
    expectProblem(
      await client(t.app).post('/cart/checkout', { ...delivery, cartVersion: 1 }),
      401,
      'unauthenticated',
    );
  });
});
