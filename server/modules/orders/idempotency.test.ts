import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Order, OrderSchema } from '../../../contract/orders.ts';
import { mailOutbox, orders, tools } from '../../db/schema.ts';
import { expectFieldError, expectProblem, type Response } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';
import { delivery } from '../../testing/valid-requests.ts';

let t: TestContext;
let ana: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  ana = await t.signUp({ name: 'Ana Customer' });
  bob = await t.signUp({ name: 'Bob Customer' });
});
afterAll(async () => {
  await t.close();
});

/** POST /api/user?email= as `user`, naming the attempt with `key`. */
function place(user: TestUser, key: string | undefined, body: object): Promise<Response> {
  return t.app.inject({
    method: 'POST',
    url: `/api/user?email=${encodeURIComponent(user.email)}`,
    headers: { ...user.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: { ...delivery, ...body },
  });
}

async function stockOf(toolId: string): Promise<number | undefined> {
  const [row] = await t.db
    .select({ quantity: tools.quantity })
    .from(tools)
    .where(eq(tools.id, toolId));
  return row?.quantity;
}

const ordersOfTool = (toolId: string) =>
  t.db.select().from(orders).where(eq(orders.toolId, toolId));

async function confirmationsTo(email: string): Promise<number> {
  const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  return rows.filter((row) => row.kind === 'order_confirmation').length;
}

describe('POST /api/user?email= with an Idempotency-Key', () => {
  it('asked again with the same key, answers the first order and places no second one', async () => {
    const tool = await t.addTool({ quantity: 100, minimumOrder: 5, price: 700 });
    const key = randomUUID();
    const mailsBefore = await confirmationsTo(ana.email);

    const first = await place(ana, key, { toolId: tool.id, orderedNum: 10 });
    expect(first.statusCode, first.body).toBe(201);
    const again = await place(ana, key, { toolId: tool.id, orderedNum: 10 });
    expect(again.statusCode, again.body).toBe(201);

    const placed = OrderSchema.parse(first.json());
    expect(OrderSchema.parse(again.json())).toEqual(placed);
    expect(await ordersOfTool(tool.id)).toHaveLength(1);
    expect(await stockOf(tool.id)).toBe(90);
    expect(await confirmationsTo(ana.email)).toBe(mailsBefore + 1);
  });

  it('places one order when the same attempt arrives twice at once', async () => {
    const tool = await t.addTool({ quantity: 100, minimumOrder: 5 });
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => place(ana, key, { toolId: tool.id, orderedNum: 7 })),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const ids = new Set(answers.map((answer) => (answer.json() as Order)._id));
    expect(ids.size).toBe(1);
    expect(await ordersOfTool(tool.id)).toHaveLength(1);
    expect(await stockOf(tool.id)).toBe(93);
  });

  it('refuses the key with other details (422) and changes nothing', async () => {
    const tool = await t.addTool({ quantity: 100, minimumOrder: 5 });
    const key = randomUUID();
    expect((await place(ana, key, { toolId: tool.id, orderedNum: 10 })).statusCode).toBe(201);

    for (const change of [{ orderedNum: 11 }, { address: '7 Other Lane, Springfield' }]) {
      const problem = expectProblem(
        await place(ana, key, { toolId: tool.id, orderedNum: 10, ...change }),
        422,
        'idempotency_key_reused',
      );
      expect(problem.detail).toBe(
        'This Idempotency-Key already placed an order with other details: use a new key for a new order.',
      );
    }
    expect(await ordersOfTool(tool.id)).toHaveLength(1);
    expect(await stockOf(tool.id)).toBe(90);
  });

  it("keeps each customer's keys apart", async () => {
    const tool = await t.addTool({ quantity: 100, minimumOrder: 5 });
    const key = randomUUID();
    const fromAna = await place(ana, key, { toolId: tool.id, orderedNum: 10 });
    const fromBob = await place(bob, key, { toolId: tool.id, orderedNum: 10 });
    expect(fromAna.statusCode).toBe(201);
    expect(fromBob.statusCode).toBe(201);
    expect((fromBob.json() as Order)._id).not.toBe((fromAna.json() as Order)._id);
    expect((fromBob.json() as Order).email).toBe(bob.email);
    expect(await stockOf(tool.id)).toBe(80);
  });

  it('without a key, every request is a new order (as the spec has it)', async () => {
    const tool = await t.addTool({ quantity: 100, minimumOrder: 5 });
    await place(ana, undefined, { toolId: tool.id, orderedNum: 10 });
    await place(ana, undefined, { toolId: tool.id, orderedNum: 10 });
    expect(await ordersOfTool(tool.id)).toHaveLength(2);
  });

  it('refuses a malformed key before anything happens', async () => {
    const tool = await t.addTool({ quantity: 100, minimumOrder: 5 });
    for (const key of ['short', 'x'.repeat(256), 'has space in it', 'naïve-key-1234']) {
      expectFieldError(
        await place(ana, key, { toolId: tool.id, orderedNum: 10 }),
        'idempotency-key',
        'headers',
      );
    }
    expect(await ordersOfTool(tool.id)).toHaveLength(0);
    expect(await stockOf(tool.id)).toBe(100);
  });

  it('a refused attempt leaves its key free for the corrected order', async () => {
    const tool = await t.addTool({ quantity: 100, minimumOrder: 5 });
    const key = randomUUID();
    expectProblem(await place(ana, key, { toolId: tool.id, orderedNum: 500 }), 409, 'out_of_stock');
    const fixed = await place(ana, key, { toolId: tool.id, orderedNum: 50 });
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(await stockOf(tool.id)).toBe(50);
  });
});
