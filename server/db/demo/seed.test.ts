import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.ts';
import { membershipOf } from '../../modules/companies/index.ts';
import { buildTestApp, type TestContext } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../demo-accounts.ts';
import { categories, categoryAttributes, orders, toolRelations, tools, user } from '../schema.ts';
import { seedDemo } from '../seed.ts';
import { seedTools } from '../seed-data.ts';
import { seedAttributes, seedCategories } from './categories.ts';
import { DEMO_COMPANY } from './company.ts';
import { seedDemoOrders } from './orders.ts';
import { seedRelations } from './relations.ts';

/**
 * A fresh store's demo: the catalogue in a few statements, once, and the demo customer's orders
 * placed, paid, shipped and cancelled through the store's own services (demo/orders.ts).
 */

const log = createLogger('silent');
let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const count = async (table: typeof tools | typeof categories | typeof categoryAttributes) =>
  Number((await t.db.select({ n: sql<number>`count(*)` }).from(table))[0]?.n);
const seedSku = (slug: string) => seedTools.find((tool) => tool.slug === slug)?.sku;
const stockOf = async (sku: string) =>
  (await t.db.select({ quantity: tools.quantity }).from(tools).where(eq(tools.sku, sku)))[0]
    ?.quantity;

describe('seeding the demo into a fresh store', () => {
  it('adds the whole catalogue once, each tool with its part numbers, place and values', async () => {
    expect(await seedDemo(t.db, log, { withAccounts: true })).toBe(true);
    expect(await count(tools)).toBe(seedTools.length);
    expect(await count(categories)).toBe(seedCategories.length);
    expect(await count(categoryAttributes)).toBe(Object.values(seedAttributes).flat().length);
    const [drill] = await t.db
      .select({
        sku: tools.sku,
        brand: tools.brand,
        gtin: tools.gtin,
        specs: tools.specs,
        img: tools.img,
        slug: categories.slug,
      })
      .from(tools)
      .innerJoin(categories, eq(categories.id, tools.categoryId))
      .where(eq(tools.sku, 'HD-18C-K2'));
    expect(drill).toEqual({
      sku: 'HD-18C-K2',
      brand: 'Voltaro',
      gtin: '2021001000286',
      specs: expect.objectContaining({ voltage: 18, 'chuck-size': 13, 'masonry-capacity': 13 }),
      img: '/images/tools/combi-drill.svg',
      slug: 'hammer-drills',
    });

    // The drill's page shows its accessories, then what it also needs, in the demo's order.
    const related = await t.db
      .select({ sku: tools.sku, kind: toolRelations.kind })
      .from(toolRelations)
      .innerJoin(tools, eq(tools.id, toolRelations.relatedId))
      .where(
        eq(
          toolRelations.toolId,
          sql`(select id from tools where sku = ${seedTools.find((tool) => tool.slug === 'combi-drill-18v-bare')?.sku})`,
        ),
      )
      .orderBy(toolRelations.position);
    expect(related).toEqual([
      { sku: seedSku('hss-drill-bit-set-19'), kind: 'accessory' },
      { sku: seedSku('battery-18v-5ah'), kind: 'also_needed' },
      { sku: seedSku('charger-18v-dual'), kind: 'also_needed' },
    ]);
    expect(
      Number((await t.db.select({ n: sql<number>`count(*)` }).from(toolRelations))[0]?.n),
    ).toBe(seedRelations.length);

    expect(await seedDemo(t.db, log, { withAccounts: true })).toBe(false);
    expect(await count(tools)).toBe(seedTools.length);
  });

  it('gives the demo customer shipped, paid, unpaid and cancelled orders, with stock, invoices and a review to match', async () => {
    await seedDemoOrders(t.db, t.app.services, log);
    const [customer] = await t.db
      .select()
      .from(user)
      .where(eq(user.email, DEMO_ACCOUNTS.customer.email));
    const { orders: placed } = await t.app.services.orders.listAll({});
    expect(placed.every((order) => order.email === customer?.email)).toBe(true);
    // The demo customer buys for the demo company, as its owner.
    expect(await membershipOf(t.db, customer?.id ?? '')).toMatchObject({
      companyName: DEMO_COMPANY.name,
      role: 'owner',
    });
    const byStatus = (status: string) => placed.filter((order) => order.status === status);
    expect(byStatus('shipped')).toHaveLength(2);
    expect(byStatus('paid')).toHaveLength(2);
    expect(byStatus('unpaid')).toHaveLength(2);
    expect(byStatus('cancelled')).toHaveLength(1);
    for (const order of [...byStatus('shipped'), ...byStatus('paid')]) {
      expect(order.invoice?.number, order.number).toMatch(/^INV-\d+$/);
    }
    expect(
      byStatus('shipped')
        .map((order) => order.carrier)
        .sort(),
    ).toEqual(['DHL Freight', 'UPS']);

    // Stock went with the orders and came back with the cancelled one; volume prices applied.
    expect(await stockOf('HD-13')).toBe(6400 - 40);
    expect(await stockOf('GL-NIT-100')).toBe(20000 - 300);
    expect(await stockOf('RC-7')).toBe(36);
    const tapes = placed.flatMap((order) => order.lines).find((line) => line.sku === 'TM-5');
    expect(tapes).toMatchObject({ quantity: 500, unitPrice: 399, lineTotal: 199_500 });

    const [kit] = await t.db.select().from(tools).where(eq(tools.sku, 'HD-13'));
    expect(kit?.ratingCount).toBe(1);

    // The note is taken: a second start places nothing more.
    await seedDemoOrders(t.db, t.app.services, log);
    expect(await t.db.$count(orders)).toBe(placed.length);
  });
});

describe('seeding a production store', () => {
  it('adds the catalogue without accounts, and so without orders', async () => {
    const own = await buildTestApp();
    try {
      expect(await seedDemo(own.db, log, { withAccounts: false })).toBe(true);
      await seedDemoOrders(own.db, own.app.services, log);
      expect(await own.db.$count(user)).toBe(9);
      expect(await own.db.$count(orders)).toBe(0);
    } finally {
      await own.close();
    }
  });
});
