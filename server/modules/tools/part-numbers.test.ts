import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Tool, ToolDetailSchema } from '../../../contract/tools.ts';
import { expectFieldError, expectProblem, json } from '../../testing/http.ts';
import { buildShopTestApp, type ShopTestApp } from '../../testing/shop-test-app.ts';

/** Every tool has a SKU (unique whatever the letter case) and a brand; MPN and GTIN are optional. */

let shop: ShopTestApp;
beforeAll(async () => {
  shop = await buildShopTestApp();
});
afterAll(() => shop.close());

const spec = {
  name: 'Part Number Drill',
  img: '/images/tools/drill.svg',
  description: 'An 18 V cordless drill with two batteries and a charger.',
  quantity: 500,
  minimumOrder: 20,
  price: 4999,
};

async function add(body: Record<string, unknown>) {
  return shop.asAdmin.post('/tools', { ...spec, ...body });
}

describe('part numbers', () => {
  it('keeps the SKU, brand, MPN and GTIN an admin gives, the GTIN as digits', async () => {
    const response = await add({
      sku: 'PN-DRILL-18',
      brand: 'Makita',
      mpn: 'DDF485Z',
      gtin: '4006381 333931',
    });
    expect(response.statusCode, response.body).toBe(201);
    const tool = ToolDetailSchema.parse(response.json());
    expect(tool).toMatchObject({
      sku: 'PN-DRILL-18',
      brand: 'Makita',
      mpn: 'DDF485Z',
      gtin: '4006381333931',
    });
    expect(json<Tool>(await shop.visitor.get(`/purchase/${tool._id}`))).toEqual(tool);
  });

  it('numbers a tool added with the spec’s fields alone, of the store’s own brand', async () => {
    const first = json<Tool>(await add({}));
    const second = json<Tool>(await add({}));
    expect(first.sku).toMatch(/^TOOL-\d{5,}$/);
    expect(Number(second.sku.slice(5))).toBeGreaterThan(Number(first.sku.slice(5)));
    expect(first).toMatchObject({ brand: 'Toolyard', mpn: null, gtin: null });
  });

  it('keeps numbering past 99,999 without cutting a number short', async () => {
    await shop.t.db.execute(sql`select setval('tool_sku_seq', 99998)`);
    const skus = [];
    for (let i = 0; i < 3; i += 1) skus.push(json<Tool>(await add({})).sku);
    expect(skus).toEqual(['TOOL-99999', 'TOOL-100000', 'TOOL-100001']);
  });

  it('refuses a SKU another listed tool has, whatever the letter case (409 sku_taken)', async () => {
    const kept = json<Tool>(await add({ sku: 'Unique-7' }));
    const again = await add({ sku: 'UNIQUE-7' });
    const problem = expectProblem(again, 409, 'sku_taken');
    expect(problem.detail).toMatch(/Another tool already has the SKU UNIQUE-7/);
    expect(problem.errors?.[0]?.field).toBe('sku');

    const other = json<Tool>(await add({ sku: 'Unique-8' }));
    expectProblem(
      await shop.asAdmin.patch(`/tools/${other._id}`, { sku: 'unique-7' }),
      409,
      'sku_taken',
    );

    // A deleted tool frees its SKU for a tool added later.
    expect((await shop.asAdmin.delete(`/product/${kept._id}`)).statusCode).toBe(200);
    expect((await add({ sku: 'unique-7' })).statusCode).toBe(201);
  });

  it('changes and forgets the MPN and GTIN', async () => {
    const tool = json<Tool>(await add({ mpn: 'X-1', gtin: '96385074' }));
    const changed = await shop.asAdmin.patch(`/tools/${tool._id}`, {
      brand: 'Bosch',
      mpn: null,
      gtin: null,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(json<Tool>(changed)).toMatchObject({ brand: 'Bosch', mpn: null, gtin: null });
  });

  it.each([
    ['sku', 'has space'],
    ['sku', '-leading-dash'],
    ['sku', 'x'.repeat(41)],
    ['brand', ''],
    ['brand', 'Bad\u202ebrand'],
    ['mpn', 'Bad\u0000mpn'],
    ['gtin', '4006381333932'],
    ['gtin', '12345'],
  ])('refuses %s %j with a field error', async (field, value) => {
    expectFieldError(await add({ [field]: value }), field);
  });
});

describe('searching by part number', () => {
  it('puts the tool whose SKU, MPN or GTIN is the search first, then those starting with it', async () => {
    const made = async (name: string, body: Record<string, unknown>) =>
      json<Tool>(await add({ name, ...body }));
    await made('Part Search Later Prefix', { sku: 'QZ7-1000' });
    await made('Part Search Exact', { sku: 'QZ7-100' });
    await made('Part Search Maker Prefix', { sku: 'OTHER-QZ', mpn: 'qz7-100-b' });
    await made('Part Search Unrelated', { sku: 'ZZ-9' });
    const viaApi = json<Tool[]>(await shop.visitor.get('/tools?q=QZ7-100&sort=relevance&limit=24'));
    const expected = ['Part Search Exact', 'Part Search Maker Prefix', 'Part Search Later Prefix'];
    expect(viaApi.map((tool) => tool.name)).toEqual(expected);
  });
});
