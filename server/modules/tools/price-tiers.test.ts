import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderSchema } from '../../../contract/orders.ts';
import { PriceTiersSchema, priceTierProblems } from '../../../contract/price-tiers.ts';
import { unitPriceFor } from '../../../contract/pricing.ts';
import { ToolSchema } from '../../../contract/tools.ts';
import { seedTools } from '../../db/seed-data.ts';
import { client, expectProblem } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';

let t: TestContext;
let admin: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ role: 'Admin' });
  buyer = await t.signUp();
});
afterAll(async () => {
  await t.close();
});

const tiers = [
  { minQuantity: 100, price: 349 },
  { minQuantity: 500, price: 299 },
];
const newTool = {
  name: 'Tiered Utility Knife',
  img: '/images/tools/retractable-utility-knife.svg',
  description: 'A utility knife that gets cheaper by the box.',
  quantity: 5_000,
  minimumOrder: 10,
  price: 399,
};
const delivery = { phone: '+1 555 010 2030', address: '42 Workshop Road, Springfield' };

describe('volume prices', () => {
  it('price a quantity at the largest break it reaches', () => {
    const tool = { price: 399, priceTiers: tiers };
    expect([1, 99, 100, 499, 500, 10_000].map((n) => unitPriceFor(tool, n))).toEqual([
      399, 399, 349, 349, 299, 299,
    ]);
    expect(unitPriceFor({ price: 399, priceTiers: [] }, 1_000)).toBe(399);
  });

  it('of the demo catalogue are ones an admin could set', () => {
    const tiered = seedTools.filter((tool) => (tool.priceTiers ?? []).length > 0);
    expect(tiered.length).toBeGreaterThanOrEqual(3);
    for (const tool of tiered) {
      const priceTiers = (tool.priceTiers ?? []).map((tier) => ({
        minQuantity: tier.minQuantity,
        price: tier.priceCents,
      }));
      expect(PriceTiersSchema.safeParse(priceTiers).success, tool.slug).toBe(true);
      expect(
        priceTierProblems({ price: tool.priceCents, minimumOrder: tool.minimumOrder, priceTiers }),
        tool.slug,
      ).toEqual([]);
    }
  });

  it('are set by admins with the tool, and shown with it', async () => {
    const created = await client(t.app, admin).post('/tools', { ...newTool, priceTiers: tiers });
    expect(created.statusCode, created.body).toBe(201);
    const tool = ToolSchema.parse(created.json());
    expect(tool.priceTiers).toEqual(tiers);
    const read = await client(t.app).get(`/purchase/${tool._id}`);
    expect(ToolSchema.parse(read.json()).priceTiers).toEqual(tiers);

    // Without breaks, a tool has none.
    const plain = await client(t.app, admin).post('/tools', { ...newTool, name: 'Plain Knife' });
    expect(ToolSchema.parse(plain.json()).priceTiers).toEqual([]);

    const changed = await client(t.app, admin).patch(`/tools/${tool._id}`, {
      priceTiers: [{ minQuantity: 50, price: 379 }],
    });
    expect(ToolSchema.parse(changed.json()).priceTiers).toEqual([{ minQuantity: 50, price: 379 }]);
    const removed = await client(t.app, admin).patch(`/tools/${tool._id}`, { priceTiers: [] });
    expect(ToolSchema.parse(removed.json()).priceTiers).toEqual([]);
  });

  it('must rise in quantity, fall in price, start above the minimum order and below the price', async () => {
    const post = (priceTiers: unknown) =>
      client(t.app, admin).post('/tools', { ...newTool, priceTiers });
    const fields = async (priceTiers: unknown) =>
      expectProblem(await post(priceTiers), 400, 'validation_failed').errors?.map((e) => e.field);

    expect(
      await fields([
        { minQuantity: 100, price: 349 },
        { minQuantity: 100, price: 299 },
      ]),
    ).toEqual(['priceTiers.1.minQuantity']);
    expect(
      await fields([
        { minQuantity: 100, price: 349 },
        { minQuantity: 200, price: 349 },
      ]),
    ).toEqual(['priceTiers.1.price']);
    expect(await fields([{ minQuantity: 10, price: 349 }])).toEqual(['priceTiers.0.minQuantity']);
    expect(await fields([{ minQuantity: 100, price: 399 }])).toEqual(['priceTiers.0.price']);
    expect(
      await fields(
        Array.from({ length: 6 }, (_, i) => ({ minQuantity: 100 * (i + 1), price: 390 - i })),
      ),
    ).toEqual(['priceTiers']);
    expect(await fields([{ minQuantity: 100, price: -1 }])).toEqual(['priceTiers.0.price']);
    // A break is a lower price, never a free one, and one a line can reach.
    expect(await fields([{ minQuantity: 100, price: 0 }])).toEqual(['priceTiers.0.price']);
    expect(await fields([{ minQuantity: 1_000_001, price: 100 }])).toEqual([
      'priceTiers.0.minQuantity',
    ]);

    // A change to the price or minimum that the breaks no longer fit names that field.
    const tool = await t.addTool({ price: 399, minimumOrder: 10, priceTiers: tiers });
    const cheaper = await client(t.app, admin).patch(`/tools/${tool.id}`, { price: 349 });
    expect(expectProblem(cheaper, 400, 'validation_failed').errors?.[0]?.field).toBe('price');
    const larger = await client(t.app, admin).patch(`/tools/${tool.id}`, { minimumOrder: 100 });
    expect(expectProblem(larger, 400, 'validation_failed').errors?.[0]?.field).toBe('minimumOrder');
  });

  it('price each order line on the server, in both ways of ordering', async () => {
    const tool = await t.addTool({
      price: 399,
      minimumOrder: 10,
      quantity: 5_000,
      priceTiers: tiers,
    });
    const other = await t.addTool({ price: 1000, minimumOrder: 1, quantity: 100 });
    const lines = await client(t.app, buyer).post('/orders', {
      lines: [
        { toolId: tool.id, quantity: 120 },
        { toolId: other.id, quantity: 2 },
      ],
      ...delivery,
    });
    expect(lines.statusCode, lines.body).toBe(201);
    const order = OrderSchema.parse(lines.json());
    expect(order.lines.map((line) => [line.unitPrice, line.lineTotal])).toEqual([
      [349, 41_880],
      [1000, 2_000],
    ]);
    expect(order.totalAmount).toBe(43_880);

    const spec = await client(t.app, buyer).post(`/user?email=${encodeURIComponent(buyer.email)}`, {
      toolId: tool.id,
      orderedNum: 500,
      ...delivery,
    });
    expect(spec.statusCode, spec.body).toBe(201);
    expect(OrderSchema.parse(spec.json())).toMatchObject({
      unitPrice: 299,
      orderedNum: 500,
      totalAmount: 149_500,
    });
  });
});
