import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartSchema } from '../../../contract/cart.ts';
import { MAX_ORDER_LINES, MAX_ORDER_UNITS } from '../../../contract/order-limits.ts';
import { client } from '../../testing/http.ts';
import { buildTestApp, type TestContext } from '../../testing/test-app.ts';
import { mergeCartLines } from './cart-merge.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const tool = (
  name: string,
  quantity: number,
  isListed = true,
  rules: { orderIncrement?: number; maxPerOrder?: number | null } = {},
) => ({
  name,
  quantity,
  isListed,
  minimumOrder: rules.orderIncrement ?? 1,
  orderIncrement: rules.orderIncrement ?? 1,
  maxPerOrder: rules.maxPerOrder ?? null,
});

describe("joining a visitor's lines to the account's cart (no database)", () => {
  it('adds the units of a tool already there, and says so', () => {
    const tools = new Map([[id(1), tool('Pliers', 500)]]);
    const { lines, merged } = mergeCartLines(
      [{ toolId: id(1), quantity: 50 }],
      [{ toolId: id(1), quantity: 50 }],
      tools,
    );
    expect(lines).toEqual([{ toolId: id(1), quantity: 100 }]);
    expect(merged).toEqual([
      { toolId: id(1), name: 'Pliers', before: 50, added: 50, after: 100, outcome: 'added' },
    ]);
  });

  it('cuts the sum to the stock, never below what either cart had, and to what a line may order', () => {
    const tools = new Map([
      [id(1), tool('Pliers', 80)],
      [id(2), tool('Saw', 30)],
      [id(3), tool('Nails', MAX_ORDER_UNITS * 2)],
    ]);
    const { merged } = mergeCartLines(
      [
        { toolId: id(1), quantity: 50 },
        { toolId: id(2), quantity: 40 },
        { toolId: id(3), quantity: MAX_ORDER_UNITS - 1 },
      ],
      [
        { toolId: id(1), quantity: 50 },
        { toolId: id(2), quantity: 45 },
        { toolId: id(3), quantity: 5 },
      ],
      tools,
    );
    expect(merged.map(({ after, outcome }) => [after, outcome])).toEqual([
      [80, 'capped_at_stock'],
      [45, 'capped_at_stock'],
      [MAX_ORDER_UNITS, 'capped_at_limit'],
    ]);
  });

  it('keeps whole packs and the most per order when it cuts a sum (decision 042)', () => {
    const tools = new Map([
      [id(1), tool('Screws', 15, true, { orderIncrement: 10 })],
      [id(2), tool('Anchors', 10_000, true, { orderIncrement: 10, maxPerOrder: 500 })],
      [id(3), tool('Washers', 10_000, true, { maxPerOrder: 100 })],
    ]);
    const { lines, merged } = mergeCartLines(
      [
        { toolId: id(1), quantity: 10 },
        { toolId: id(2), quantity: 400 },
      ],
      [
        { toolId: id(1), quantity: 10 },
        { toolId: id(2), quantity: 300 },
        { toolId: id(3), quantity: 150 },
      ],
      tools,
    );
    expect(merged.map(({ after, outcome }) => [after, outcome])).toEqual([
      [10, 'capped_at_stock'],
      [500, 'capped_at_limit'],
      [100, 'capped_at_limit'],
    ]);
    expect(lines.map((line) => line.quantity)).toEqual([10, 500, 100]);
  });

  it('appends other tools while there is room, and leaves out tools no longer sold', () => {
    const full = Array.from({ length: MAX_ORDER_LINES }, (_, n) => ({
      toolId: id(100 + n),
      quantity: 1,
    }));
    const tools = new Map([
      [id(1), tool('Pliers', 10)],
      [id(2), tool('Old Saw', 10, false)],
    ]);
    expect(mergeCartLines([], [{ toolId: id(1), quantity: 5 }], tools).merged[0]).toMatchObject({
      before: 0,
      after: 5,
      outcome: 'added',
    });
    const { lines, merged } = mergeCartLines(
      full,
      [
        { toolId: id(1), quantity: 5 },
        { toolId: id(2), quantity: 5 },
        { toolId: id(3), quantity: 5 },
      ],
      tools,
    );
    expect(lines).toEqual(full);
    expect(merged.map(({ name, after, outcome }) => [name, after, outcome])).toEqual([
      ['Pliers', 0, 'cart_full'],
      ['Old Saw', 0, 'unavailable'],
      [null, 0, 'unavailable'],
    ]);
  });
});

describe('POST /api/cart/merge', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('joins the lines to the stored cart in one step and answers what each line did', async () => {
    const buyer = await t.signUp();
    const pliers = await t.addTool({ name: 'Merge Pliers', minimumOrder: 10, quantity: 80 });
    const clamp = await t.addTool({ name: 'Merge Clamp', minimumOrder: 5, quantity: 100 });
    const gone = await t.addTool({ name: 'Merge Gone' });
    await t.removeTool(gone.id);
    const put = await client(t.app, buyer).put('/cart', {
      lines: [{ toolId: pliers.id, quantity: 50 }],
    });
    const version = CartSchema.parse(put.json()).version;

    const answer = await client(t.app, buyer).post('/cart/merge', {
      lines: [
        { toolId: pliers.id, quantity: 50 },
        { toolId: clamp.id, quantity: 5 },
        { toolId: gone.id, quantity: 3 },
        { toolId: randomUUID(), quantity: 1 },
      ],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { cart, merged } = answer.json();
    expect(merged.map((line: { name: string | null; outcome: string }) => line.outcome)).toEqual([
      'capped_at_stock',
      'added',
      'unavailable',
      'unavailable',
    ]);
    expect(merged[0]).toMatchObject({ name: 'Merge Pliers', before: 50, added: 50, after: 80 });
    expect(merged[2]).toMatchObject({ name: 'Merge Gone', after: 0 });
    expect(CartSchema.parse(cart).version).toBe(version + 1);
    expect(
      cart.lines.map((line: { toolId: string; quantity: number }) => [line.toolId, line.quantity]),
    ).toEqual([
      [pliers.id, 80],
      [clamp.id, 5],
    ]);
    // Stored as answered.
    const read = CartSchema.parse((await client(t.app, buyer).get('/cart')).json());
    expect(read.lines.map((line) => line.quantity)).toEqual([80, 5]);
  });

  it('makes the cart of a customer who had none, and is for signed-in customers only', async () => {
    const buyer = await t.signUp();
    const saw = await t.addTool({ name: 'Merge Saw', minimumOrder: 2, quantity: 10 });
    const answer = await client(t.app, buyer).post('/cart/merge', {
      lines: [{ toolId: saw.id, quantity: 2 }],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().merged).toEqual([
      { toolId: saw.id, name: 'Merge Saw', before: 0, added: 2, after: 2, outcome: 'added' },
    ]);
    const visitor = await client(t.app).post('/cart/merge', { lines: [] });
    expect(visitor.statusCode).toBe(401);
  });
});
