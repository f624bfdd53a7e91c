import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderSchema } from '../../../contract/orders.ts';
import { ProblemSchema } from '../../../contract/problem.ts';
import { orders, tools } from '../../db/schema.ts';
import { client, expectFieldError, expectProblem, json } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';
import { delivery } from '../../testing/valid-requests.ts';

let t: TestContext;
let buyer: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await t.signUp({ name: 'Lina Lines' });
});
afterAll(async () => {
  await t.close();
});

async function stock(ids: string[]): Promise<Record<string, number>> {
  const rows = await t.db.select().from(tools).where(inArray(tools.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row.quantity]));
}

async function threeTools() {
  return [
    await t.addTool({ name: 'Lines Hammer', quantity: 500, minimumOrder: 10, price: 1150 }),
    await t.addTool({ name: 'Lines Saw', quantity: 200, minimumOrder: 5, price: 990 }),
    await t.addTool({ name: 'Lines Level', quantity: 50, minimumOrder: 1, price: 2490 }),
  ] as const;
}

describe('an order of several lines', () => {
  it('takes every line’s stock, prices each line on the server, and reads back whole', async () => {
    const [hammer, saw, level] = await threeTools();
    const response = await client(t.app, buyer).post('/orders', {
      lines: [
        { toolId: hammer.id, quantity: 40 },
        { toolId: saw.id, quantity: 5 },
        { toolId: level.id, quantity: 2 },
      ],
      ...delivery,
      poNumber: 'PO-2026-118',
      note: 'Deliver to the back gate.',
    });
    expect(response.statusCode, response.body).toBe(201);
    const order = OrderSchema.parse(response.json());
    expect(order.lines).toEqual([
      {
        toolId: hammer.id,
        productName: 'Lines Hammer',
        sku: hammer.sku,
        quantity: 40,
        unitPrice: 1150,
        lineTotal: 46_000,
      },
      {
        toolId: saw.id,
        productName: 'Lines Saw',
        sku: saw.sku,
        quantity: 5,
        unitPrice: 990,
        lineTotal: 4_950,
      },
      {
        toolId: level.id,
        productName: 'Lines Level',
        sku: level.sku,
        quantity: 2,
        unitPrice: 2490,
        lineTotal: 4_980,
      },
    ]);
    // The summary the spec's clients read.
    expect(order).toMatchObject({
      toolId: hammer.id,
      productName: 'Lines Hammer and 2 more',
      orderedNum: 47,
      totalAmount: 55_930,
      status: 'unpaid',
      poNumber: 'PO-2026-118',
      note: 'Deliver to the back gate.',
    });
    expect(await stock([hammer.id, saw.id, level.id])).toEqual({
      [hammer.id]: 460,
      [saw.id]: 195,
      [level.id]: 48,
    });

    const read = await client(t.app, buyer).get(`/orders/${order._id}`);
    expect(read.statusCode).toBe(200);
    expect(OrderSchema.parse(read.json())).toEqual(order);
    const mine = json<{ _id: string; lines: unknown[] }[]>(
      await client(t.app, buyer).get(`/user?email=${encodeURIComponent(buyer.email)}`),
    );
    expect(mine.find((o) => o._id === order._id)?.lines).toHaveLength(3);
  });

  it('keeps each line’s SKU as it was when the order was placed', async () => {
    const admin = await t.signUp({ role: 'Admin' });
    const tool = await t.addTool({ sku: 'KEEP-1', name: 'Lines Keeper', minimumOrder: 1 });
    const placed = json<{ _id: string }>(
      await client(t.app, buyer).post('/orders', {
        lines: [{ toolId: tool.id, quantity: 1 }],
        ...delivery,
      }),
    );
    const renamed = await client(t.app, admin).patch(`/tools/${tool.id}`, { sku: 'KEEP-2' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const order = OrderSchema.parse(
      (await client(t.app, buyer).get(`/orders/${placed._id}`)).json(),
    );
    expect(order.lines[0]?.sku).toBe('KEEP-1');
  });

  it('takes nothing when a line is short, and names each short line with what is left', async () => {
    const [hammer, saw, level] = await threeTools();
    const before = await stock([hammer.id, saw.id, level.id]);
    const response = await client(t.app, buyer).post('/orders', {
      lines: [
        { toolId: hammer.id, quantity: 20 },
        { toolId: saw.id, quantity: 201 },
        { toolId: level.id, quantity: 51 },
      ],
      ...delivery,
    });
    const problem = ProblemSchema.parse(expectProblem(response, 409, 'out_of_stock'));
    expect(problem.lines).toEqual([
      { line: 1, toolId: saw.id, productName: 'Lines Saw', available: 200 },
      { line: 2, toolId: level.id, productName: 'Lines Level', available: 50 },
    ]);
    expect(problem.errors?.map((error) => error.field)).toEqual([
      'lines.1.quantity',
      'lines.2.quantity',
    ]);
    expect(problem.detail).toContain('Nothing was ordered');
    expect(await stock([hammer.id, saw.id, level.id])).toEqual(before);
  });

  it('refuses lines below their minimum, the same tool twice, and tools no longer listed', async () => {
    const [hammer, saw] = await threeTools();
    const gone = await t.addTool({ name: 'Lines Gone' });
    await t.removeTool(gone.id);
    const before = await stock([hammer.id, saw.id]);
    const post = (lines: unknown[]) => client(t.app, buyer).post('/orders', { lines, ...delivery });

    const tooFew = expectProblem(
      await post([
        { toolId: hammer.id, quantity: 9 },
        { toolId: saw.id, quantity: 4 },
      ]),
      400,
      'validation_failed',
    );
    expect(tooFew.errors).toEqual([
      {
        field: 'lines.0.quantity',
        in: 'body',
        message: 'The minimum order for Lines Hammer is 10 units.',
      },
      {
        field: 'lines.1.quantity',
        in: 'body',
        message: 'The minimum order for Lines Saw is 5 units.',
      },
    ]);
    const twice = expectProblem(
      await post([
        { toolId: hammer.id, quantity: 10 },
        { toolId: hammer.id, quantity: 10 },
      ]),
      400,
      'validation_failed',
    );
    expect(twice.errors?.[0]?.field).toBe('lines.1.toolId');
    const removed = expectProblem(
      await post([
        { toolId: hammer.id, quantity: 10 },
        { toolId: gone.id, quantity: 1 },
      ]),
      400,
      'validation_failed',
    );
    expect(removed.errors?.[0]?.field).toBe('lines.1.toolId');
    expectProblem(await post([]), 400, 'validation_failed');
    // Half a surrogate pair is no character: refused, never stored as U+FFFD.
    const broken = await client(t.app, buyer).post('/orders', {
      lines: [{ toolId: hammer.id, quantity: 10 }],
      ...delivery,
      poNumber: 'PO\udc00y',
    });
    expect(expectProblem(broken, 400, 'validation_failed').errors?.[0]?.field).toBe('poNumber');
    expect(await stock([hammer.id, saw.id])).toEqual(before);
  });

  it('returns every line’s stock when cancelled, by the customer or by the payment window', async () => {
    const [hammer, saw, level] = await threeTools();
    const before = await stock([hammer.id, saw.id, level.id]);
    const place = async () => {
      const response = await client(t.app, buyer).post('/orders', {
        lines: [
          { toolId: hammer.id, quantity: 10 },
          { toolId: saw.id, quantity: 5 },
          { toolId: level.id, quantity: 1 },
        ],
        ...delivery,
      });
      expect(response.statusCode, response.body).toBe(201);
      return OrderSchema.parse(response.json());
    };

    const first = await place();
    expect((await client(t.app, buyer).delete(`/user/${first._id}`)).statusCode).toBe(200);
    expect(await stock([hammer.id, saw.id, level.id])).toEqual(before);

    const second = await place();
    await t.db
      .update(orders)
      .set({ paymentDueAt: new Date(Date.now() - 1_000) })
      .where(eq(orders.id, second._id));
    const cancelled = await t.app.services.orders.cancelOverdue();
    expect(cancelled.find((order) => order._id === second._id)?.lines).toHaveLength(3);
    expect(await stock([hammer.id, saw.id, level.id])).toEqual(before);
  });

  it('with an Idempotency-Key, asking again returns the same order and takes nothing more', async () => {
    const [hammer, saw] = await threeTools();
    const key = randomUUID();
    const body = {
      lines: [
        { toolId: hammer.id, quantity: 10 },
        { toolId: saw.id, quantity: 5 },
      ],
      ...delivery,
    };
    const ask = (payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { ...buyer.headers, 'idempotency-key': key },
        payload: payload as object,
      });
    const first = await ask(body);
    expect(first.statusCode, first.body).toBe(201);
    const after = await stock([hammer.id, saw.id]);
    const again = await ask(body);
    expect(again.statusCode).toBe(201);
    expect(again.json()._id).toBe(first.json()._id);
    expect(await stock([hammer.id, saw.id])).toEqual(after);
    const other = await ask({ ...body, lines: [{ toolId: hammer.id, quantity: 20 }] });
    expect(expectProblem(other, 422, 'idempotency_key_reused').title).toBe('Unprocessable Content');
  });

  it('is shown to its customer and to admins only', async () => {
    const [hammer] = await threeTools();
    const placed = await client(t.app, buyer).post('/orders', {
      lines: [{ toolId: hammer.id, quantity: 10 }],
      ...delivery,
    });
    const id = placed.json()._id as string;
    const stranger = await t.signUp();
    const admin = await t.signUp({ role: 'Admin' });
    expectProblem(await client(t.app, stranger).get(`/orders/${id}`), 403, 'forbidden');
    expect((await client(t.app, admin).get(`/orders/${id}`)).statusCode).toBe(200);
    expectProblem(await client(t.app, buyer).get(`/orders/${randomUUID()}`), 404, 'not_found');
  });
});

describe('what an order may say', () => {
  it('refuses direction overrides and more lines than an address or note can print', async () => {
    const [hammer] = await threeTools();
    const place = (extra: Record<string, unknown>) =>
      client(t.app, buyer).post('/orders', {
        lines: [{ toolId: hammer.id, quantity: 10 }],
        ...delivery,
        ...extra,
      });
    expectFieldError(
      await place({ address: 'Unit 4 \u202eSteel Park\u202c Sheffield' }),
      'address',
    );
    expectFieldError(await place({ note: 'Deliver to \u2066gate 7\u2069' }), 'note');
    expectFieldError(await place({ address: Array(11).fill('Line').join('\n') }), 'address');
    expectFieldError(await place({ note: Array(21).fill('n').join('\n') }), 'note');
    const fine = await place({
      address: Array(10).fill('Line').join('\n'),
      note: 'شكراً — deliver after 9',
    });
    expect(fine.statusCode, fine.body).toBe(201);
  });
});

describe('the total the buyer was shown', () => {
  it('places the order when it still comes to that, and refuses it, taking nothing, when a price changed', async () => {
    const [hammer, saw] = await threeTools();
    const lines = [
      { toolId: hammer.id, quantity: 10 },
      { toolId: saw.id, quantity: 5 },
    ];
    // 10 × $11.50 + 5 × $9.90 = $164.50
    const shown = 16_450;
    await t.db.update(tools).set({ price: 1250 }).where(eq(tools.id, hammer.id));
    const before = await stock([hammer.id, saw.id]);
    const refused = expectProblem(
      await client(t.app, buyer).post('/orders', { lines, ...delivery, expectedTotal: shown }),
      409,
      'price_changed',
    );
    expect(refused.detail).toBe(
      'Prices changed since you looked: this order now comes to $174.50, not $164.50. Nothing was ordered; check the prices and place it again.',
    );
    expect(await stock([hammer.id, saw.id])).toEqual(before);
    const placed = await client(t.app, buyer).post('/orders', {
      lines,
      ...delivery,
      expectedTotal: 17_450,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(json<{ totalAmount: number }>(placed).totalAmount).toBe(17_450);
  });
});
