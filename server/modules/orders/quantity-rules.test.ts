import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartSchema } from '../../../contract/cart.ts';
import { quantityRuleProblems } from '../../../contract/quantity-rules.ts';
import { ToolSchema } from '../../../contract/tools.ts';
import { seedTools } from '../../db/seed-data.ts';
import { client, expectFieldError, expectProblem } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';
import { delivery } from '../../testing/valid-requests.ts';

/**
 * Packs and the most per order (decision 042): every call that prices an order line applies them,
 * and each line that breaks one is named with the rule in a sentence.
 */

let t: TestContext;
let buyer: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await t.signUp({ name: 'Pat Packs' });
});
afterAll(async () => {
  await t.close();
});

/** Screws sold in packs of 10 (from 20, at most 500 an order), and a plain tool. */
async function packedTools() {
  const screws = await t.addTool({
    name: 'Pack Screws',
    quantity: 1_000,
    minimumOrder: 20,
    orderIncrement: 10,
    maxPerOrder: 500,
    price: 30,
  });
  const tape = await t.addTool({ name: 'Pack Tape', quantity: 100, minimumOrder: 1, price: 500 });
  return { screws, tape };
}

describe('an order', () => {
  it('refuses a line that is not whole packs or is above the most per order, naming each line', async () => {
    const { screws, tape } = await packedTools();
    const post = (lines: unknown[]) => client(t.app, buyer).post('/orders', { lines, ...delivery });
    const notPacks = expectFieldError(
      await post([
        { toolId: tape.id, quantity: 3 },
        { toolId: screws.id, quantity: 25 },
      ]),
      'lines.1.quantity',
    );
    expect(notPacks.detail).toBe(
      'Sold in packs of 10: order 20 or 30 units of Pack Screws, not 25.',
    );
    const both = expectFieldError(
      await post([
        { toolId: screws.id, quantity: 510 },
        { toolId: tape.id, quantity: 3 },
      ]),
      'lines.0.quantity',
    );
    expect(both.detail).toBe(
      'One order can have at most 500 units of Pack Screws; order 500 or fewer.',
    );
    const placed = await post([{ toolId: screws.id, quantity: 500 }]);
    expect(placed.statusCode, placed.body).toBe(201);
  });

  it('refuses the same in the spec’s one-tool order, in its own words', async () => {
    const { screws } = await packedTools();
    const response = await client(t.app, buyer).post(
      `/user?email=${encodeURIComponent(buyer.email)}`,
      { toolId: screws.id, orderedNum: 35, ...delivery },
    );
    const problem = expectFieldError(response, 'orderedNum');
    expect(problem.detail).toBe('Sold in packs of 10: order 30 or 40 units of this tool, not 35.');
  });
});

describe('the cart', () => {
  it('keeps a line that breaks a rule and says which, for the buyer and for a visitor alike', async () => {
    const { screws, tape } = await packedTools();
    const lines = [
      { toolId: screws.id, quantity: 25 },
      { toolId: tape.id, quantity: 600 },
    ];
    const put = await client(t.app, buyer).put('/cart', { lines });
    expect(put.statusCode, put.body).toBe(200);
    const quote = await client(t.app).post('/cart/quote', { lines });
    for (const cart of [CartSchema.parse(put.json()), CartSchema.parse(quote.json())]) {
      expect(cart.isReady).toBe(false);
      expect(cart.lines.map((line) => line.problem?.code)).toEqual(['not_multiple', 'over_stock']);
      expect(cart.lines[0]?.problem?.message).toBe(
        'Sold in packs of 10: order 20 or 30 units of Pack Screws, not 25.',
      );
      expect(cart.lines[0]?.tool).toMatchObject({ orderIncrement: 10, maxPerOrder: 500 });
    }
    const above = await client(t.app).post('/cart/quote', {
      lines: [{ toolId: screws.id, quantity: 800 }],
    });
    expect(CartSchema.parse(above.json()).lines[0]?.problem).toEqual({
      code: 'above_maximum',
      message: 'One order can have at most 500 units of Pack Screws; order 500 or fewer.',
    });
  });

  it('refuses to check out a line that breaks a rule, naming the cart line', async () => {
    const who = await t.signUp();
    const { screws, tape } = await packedTools();
    const put = await client(t.app, who).put('/cart', {
      lines: [
        { toolId: tape.id, quantity: 2 },
        { toolId: screws.id, quantity: 520 },
      ],
    });
    const cart = CartSchema.parse(put.json());
    const problem = expectFieldError(
      await client(t.app, who).post('/cart/checkout', { ...delivery, cartVersion: cart.version }),
      'lines.1.quantity',
    );
    expect(problem.detail).toContain('at most 500 units of Pack Screws');
  });

  it('joins a visitor’s cart in whole packs, up to the most per order', async () => {
    const who = await t.signUp();
    const { screws } = await packedTools();
    await client(t.app, who).put('/cart', { lines: [{ toolId: screws.id, quantity: 400 }] });
    const merged = await client(t.app, who).post('/cart/merge', {
      lines: [{ toolId: screws.id, quantity: 300 }],
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().merged[0]).toMatchObject({ after: 500, outcome: 'capped_at_limit' });
  });
});

describe('an admin', () => {
  it('sets the pack and the most per order, which must fit the minimum', async () => {
    const admin = await t.signUp({ role: 'Admin' });
    const { tape } = await packedTools();
    const as = client(t.app, admin);
    expectFieldError(await as.patch(`/tools/${tape.id}`, { orderIncrement: 0 }), 'orderIncrement');
    // The minimum (1) is not a whole number of packs of 10.
    expectFieldError(await as.patch(`/tools/${tape.id}`, { orderIncrement: 10 }), 'minimumOrder');
    expectFieldError(
      await as.patch(`/tools/${tape.id}`, { minimumOrder: 10, maxPerOrder: 5 }),
      'maxPerOrder',
    );
    const saved = await as.patch(`/tools/${tape.id}`, {
      minimumOrder: 10,
      orderIncrement: 10,
      maxPerOrder: 50,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ToolSchema.parse(saved.json())).toMatchObject({ orderIncrement: 10, maxPerOrder: 50 });
    const cleared = await as.patch(`/tools/${tape.id}`, { maxPerOrder: null });
    expect(cleared.json()).toMatchObject({ maxPerOrder: null });
  });

  it('adds a tool with rules, and a tool without them sells as before', async () => {
    const admin = await t.signUp({ role: 'Admin' });
    const base = {
      name: 'Pack Anchors',
      img: '/images/tools/test.svg',
      description: 'Wall anchors sold by the box for trade customers.',
      quantity: 100,
      minimumOrder: 25,
      price: 20,
    };
    expectFieldError(
      await client(t.app, admin).post('/tools', { ...base, orderIncrement: 10 }),
      'minimumOrder',
    );
    const added = await client(t.app, admin).post('/tools', {
      ...base,
      orderIncrement: 25,
      maxPerOrder: 75,
    });
    expect(added.statusCode, added.body).toBe(201);
    const plain = await client(t.app, admin).post('/tools', { ...base, name: 'Pack Plugs' });
    expect(plain.json()).toMatchObject({ orderIncrement: 1, maxPerOrder: null });
    expectProblem(
      await client(t.app).patch(`/tools/${plain.json()._id}`, { orderIncrement: 5 }),
      401,
      'unauthenticated',
    );
  });
});

describe('the demo catalogue', () => {
  it('has a tool sold in packs with a most per order, and every demo tool’s rules fit', () => {
    expect(seedTools.some((tool) => (tool.orderIncrement ?? 1) > 1 && tool.maxPerOrder)).toBe(true);
    for (const tool of seedTools) {
      const rules = {
        minimumOrder: tool.minimumOrder,
        orderIncrement: tool.orderIncrement ?? 1,
        maxPerOrder: tool.maxPerOrder ?? null,
      };
      expect(quantityRuleProblems(rules), tool.slug).toEqual([]);
    }
  });
});
