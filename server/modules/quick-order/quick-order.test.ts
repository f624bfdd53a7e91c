import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartSchema } from '../../../contract/cart.ts';
import { QuickOrderCheckSchema } from '../../../contract/quick-order.ts';
import { client, expectFieldError, expectProblem } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';

/** Ordering by part number: POST /api/quick-order/check and /api/quick-order/cart. */

let t: TestContext;
let buyer: TestUser;
let suffix = 0;

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await t.signUp({ name: 'Quinn Quick' });
});
afterAll(async () => {
  await t.close();
});

/** Three tools with SKUs of their own: plain, sold in packs, and nearly out of stock. */
async function catalogue() {
  suffix += 1;
  const hammer = await t.addTool({
    sku: `QO-HAM-${suffix}`,
    name: 'Quick Hammer',
    minimumOrder: 5,
    quantity: 100,
    price: 1000,
    priceTiers: [{ minQuantity: 50, price: 900 }],
  });
  const screws = await t.addTool({
    sku: `QO-SCR-${suffix}`,
    name: 'Quick Screws',
    minimumOrder: 20,
    orderIncrement: 10,
    maxPerOrder: 200,
    quantity: 1_000,
    price: 30,
  });
  const level = await t.addTool({
    sku: `QO-LVL-${suffix}`,
    name: 'Quick Level',
    minimumOrder: 1,
    quantity: 3,
    price: 2500,
  });
  return { hammer, screws, level };
}

const check = (text: string, who?: TestUser) =>
  client(t.app, who).post('/quick-order/check', { text });

describe('checking a quick order', () => {
  it('matches each SKU whatever its case, sums repeated lines and explains every row', async () => {
    const { hammer, screws, level } = await catalogue();
    const text = [
      'sku,quantity',
      `${hammer.sku.toLowerCase()},30`,
      `${screws.sku} 25`,
      `${level.sku};5`,
      'NOPE-1 4',
      `${hammer.sku} 20`,
      'just words here',
    ].join('\n');
    const response = await check(text);
    expect(response.statusCode, response.body).toBe(200);
    const checked = QuickOrderCheckSchema.parse(response.json());
    expect(checked.rows.map((row) => [row.lines, row.problem, row.message])).toEqual([
      [[2, 6], null, 'Ready: 50 × Quick Hammer (lines 2 and 6, summed).'],
      [[3], 'not_multiple', 'Sold in packs of 10: order 20 or 30 units of Quick Screws, not 25.'],
      [[4], 'over_stock', 'Only 3 units of Quick Level are in stock; order at most 3.'],
      [
        [5],
        'not_found',
        'No tool in the catalogue has the part number NOPE-1: check it, or search the catalogue.',
      ],
      [[7], 'unreadable', 'Write one part number and one quantity on each line, nothing else.'],
    ]);
    // The volume price the summed quantity reaches.
    expect(checked.rows[0]).toMatchObject({ quantity: 50, unitPrice: 900, lineTotal: 45_000 });
    expect(checked.ready).toEqual([{ toolId: hammer.id, quantity: 50 }]);
    expect(checked.total).toBe(45_000);
    // Six lines read (the header is none), two of them summed: the summary counts both.
    expect(checked.summary).toBe(
      `Read 6 lines; lines 2 and 6 both name ${hammer.sku}, so they are summed into one. 1 line is ready to add to the cart; 4 lines need changes.`,
    );
  });

  it('says a summed quantity above the most per order, and a removed tool is not found', async () => {
    const { screws, level } = await catalogue();
    await t.removeTool(level.id);
    const checked = QuickOrderCheckSchema.parse(
      (await check(`${screws.sku} 150\n${screws.sku} 100\n${level.sku} 1`)).json(),
    );
    expect(checked.rows.map((row) => [row.problem, row.message])).toEqual([
      [
        'above_maximum',
        'One order can have at most 200 units of Quick Screws; order 200 or fewer. 250 units in all (lines 1 and 2, summed).',
      ],
      ['not_found', expect.stringContaining(level.sku)],
    ]);
    expect(checked.ready).toEqual([]);
  });

  it('answers an empty list with nothing to add, and refuses more lines than it takes', async () => {
    const empty = QuickOrderCheckSchema.parse((await check('\n  \n')).json());
    expect(empty).toMatchObject({ rows: [], ready: [], total: 0 });
    const many = Array.from({ length: 501 }, (_, i) => `P-${i} 1`).join('\n');
    const refused = expectFieldError(await check(many), 'text');
    expect(refused.detail).toBe(
      'This list has 501 lines; a quick order takes at most 500 at once: split it.',
    );
    expectFieldError(await check('x'.repeat(30_001)), 'text');
  });

  it('sums up one ready line in the singular, and several in the plural', async () => {
    const { hammer, level } = await catalogue();
    const one = QuickOrderCheckSchema.parse((await check(`${hammer.sku} 10`)).json());
    expect(one.summary).toBe('The line is ready to add to the cart.');
    const summedOnce = QuickOrderCheckSchema.parse(
      (await check(`${hammer.sku} 10\n${hammer.sku} 10`)).json(),
    );
    expect(summedOnce.summary).toBe(
      `Read 2 lines; lines 1 and 2 both name ${hammer.sku}, so they are summed into one. The line is ready to add to the cart.`,
    );
    const two = QuickOrderCheckSchema.parse(
      (await check(`${hammer.sku} 10\n${level.sku} 1`)).json(),
    );
    expect(two.summary).toBe('All 2 lines are ready to add to the cart.');
  });

  it('counts every line the buyer typed, and says which were summed', async () => {
    const { hammer, screws, level } = await catalogue();
    const three = QuickOrderCheckSchema.parse(
      (await check(`${hammer.sku} 10\n${level.sku} 1\n${hammer.sku.toLowerCase()} 5`)).json(),
    );
    expect(three.summary).toBe(
      `Read 3 lines; lines 1 and 3 both name ${hammer.sku}, so they are summed into one. All 2 lines are ready to add to the cart.`,
    );
    const thrice = QuickOrderCheckSchema.parse(
      (await check(`${hammer.sku} 5\n${hammer.sku} 5\n${hammer.sku} 5\nNOPE-9 1`)).json(),
    );
    expect(thrice.summary).toBe(
      `Read 4 lines; lines 1, 2 and 3 all name ${hammer.sku}, so they are summed into one. 1 line is ready to add to the cart; 1 line needs changes.`,
    );
    const twoSummed = QuickOrderCheckSchema.parse(
      (
        await check(
          `${hammer.sku} 2\n${screws.sku} 20\n${hammer.sku} 2\n${screws.sku} 15\n${level.sku} 9`,
        )
      ).json(),
    );
    expect(twoSummed.summary).toBe(
      "Read 5 lines; 2 part numbers are each on several lines, and each one's lines are summed into one. No line is ready yet: 3 lines need changes.",
    );
  });
});

describe('adding a quick order to the cart', () => {
  it('puts the ready rows into the signed-in customer’s cart, joined to what it holds', async () => {
    const who = await t.signUp();
    const { hammer, screws } = await catalogue();
    await client(t.app, who).put('/cart', { lines: [{ toolId: screws.id, quantity: 100 }] });
    const response = await client(t.app, who).post('/quick-order/cart', {
      text: `${hammer.sku} 10\n${screws.sku} 150\nNOPE-2 3`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.check.ready).toEqual([
      { toolId: hammer.id, quantity: 10 },
      { toolId: screws.id, quantity: 150 },
    ]);
    // Joined as a visitor's cart is: the screws capped at the most per order.
    expect(body.merged.map((line: { outcome: string }) => line.outcome)).toEqual([
      'added',
      'capped_at_limit',
    ]);
    const cart = CartSchema.parse((await client(t.app, who).get('/cart')).json());
    expect(cart.lines.map((line) => [line.toolId, line.quantity])).toEqual([
      [screws.id, 200],
      [hammer.id, 10],
    ]);
  });

  it('needs a signed-in customer; checking does not', async () => {
    const { hammer } = await catalogue();
    expectProblem(
      await client(t.app).post('/quick-order/cart', { text: `${hammer.sku} 10` }),
      401,
      'unauthenticated',
    );
    expect((await check(`${hammer.sku} 10`)).statusCode).toBe(200);
    expect((await check(`${hammer.sku} 10`, buyer)).statusCode).toBe(200);
  });
});
