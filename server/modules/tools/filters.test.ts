import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Facets } from '../../../contract/catalogue-filters.ts';
import type { Category } from '../../../contract/categories.ts';
import type { Tool } from '../../../contract/tools.ts';
import { expectFieldError, json } from '../../testing/http.ts';
import { buildShopTestApp, type ShopTestApp } from '../../testing/shop-test-app.ts';

/**
 * Filters (brand, in stock, price, specification values) on the catalogue's list, and the
 * disjunctive facet counts of the same query: a group's own choices never narrow its own counts.
 */

let shop: ShopTestApp;
const ids: Record<string, string> = {};

async function addCategory(slug: string, parent?: string) {
  const response = await shop.asAdmin.post('/categories', {
    slug,
    name: slug.replace(/-/g, ' '),
    ...(parent ? { parentId: ids[parent] } : {}),
  });
  expect(response.statusCode, response.body).toBe(201);
  ids[slug] = json<Category>(response)._id;
}

async function addAttribute(category: string, body: Record<string, unknown>) {
  const response = await shop.asAdmin.post(`/categories/${ids[category]}/attributes`, {
    filterable: true,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function addTool(
  name: string,
  category: string,
  fields: { brand: string; price: number; quantity?: number; specs?: Record<string, unknown> },
) {
  const response = await shop.asAdmin.post('/tools', {
    img: '/images/tools/drill.svg',
    description: 'A tool for the filter tests.',
    minimumOrder: 2,
    quantity: 50,
    categoryId: ids[category],
    name,
    ...fields,
    // Drill D's stock is below its minimum on purpose.
    ...(fields.quantity !== undefined && fields.quantity < 2
      ? { confirm: ['minimum_above_stock'] }
      : {}),
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<Tool>(response);
}

const names = async (query: string) => {
  const response = await shop.visitor.get(`/tools?${query}&sort=name_asc&limit=50`);
  expect(response.statusCode, response.body).toBe(200);
  return {
    names: json<Tool[]>(response).map((tool) => tool.name),
    total: Number(response.headers['x-total-count']),
  };
};

const facets = async (query: string) => {
  const response = await shop.visitor.get(`/tools/facets?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return json<Facets>(response);
};

const counts = (values: { value: string; count: number }[]) =>
  Object.fromEntries(values.map(({ value, count }) => [value, count]));

beforeAll(async () => {
  shop = await buildShopTestApp();
  await addCategory('flt-power');
  await addCategory('flt-drills', 'flt-power');
  await addCategory('flt-saws', 'flt-power');
  await addAttribute('flt-power', {
    key: 'flt-voltage',
    name: 'Voltage',
    kind: 'number',
    unit: 'V',
  });
  await addAttribute('flt-drills', {
    key: 'flt-chuck',
    name: 'Chuck type',
    kind: 'choice',
    options: ['Keyless', 'Keyed', 'SDS-plus'],
  });
  await addAttribute('flt-drills', { key: 'flt-brushless', name: 'Brushless', kind: 'boolean' });
  await addAttribute('flt-drills', {
    key: 'flt-hidden',
    name: 'Hidden',
    kind: 'number',
    filterable: false,
  });
  const drill = (chuck: string, brushless: boolean, voltage: number) => ({
    'flt-chuck': chuck,
    'flt-brushless': brushless,
    'flt-voltage': voltage,
  });
  await addTool('Flt Drill A', 'flt-drills', {
    brand: 'Boschel',
    price: 10_000,
    specs: drill('Keyless', true, 18),
  });
  await addTool('Flt Drill B', 'flt-drills', {
    brand: 'Makito',
    price: 20_000,
    specs: drill('Keyless', false, 18),
  });
  await addTool('Flt Drill C', 'flt-drills', {
    brand: 'Makito',
    price: 30_000,
    specs: drill('SDS-plus', true, 36),
  });
  await addTool('Flt Drill D', 'flt-drills', {
    brand: 'boschel',
    price: 40_000,
    quantity: 1,
    specs: drill('Keyed', false, 12),
  });
  await addTool('Flt Saw A', 'flt-saws', {
    brand: 'Makito',
    price: 15_000,
    specs: { 'flt-voltage': 18 },
  });
});
afterAll(async () => {
  await shop.close();
});

describe('filtering the catalogue', () => {
  it('narrows by brand (any of several, whatever the letter case), stock and price', async () => {
    expect((await names('category=flt-power&brand=BOSCHEL')).names).toEqual([
      'Flt Drill A',
      'Flt Drill D',
    ]);
    expect((await names('category=flt-power&brand=boschel&brand=Makito')).total).toBe(5);
    // Drill D has 1 unit for a minimum order of 2: nobody can buy it now.
    expect((await names('category=flt-power&brand=Boschel&inStock=true')).names).toEqual([
      'Flt Drill A',
    ]);
    expect((await names('category=flt-power&minPrice=15000&maxPrice=30000')).names).toEqual([
      'Flt Drill B',
      'Flt Drill C',
      'Flt Saw A',
    ]);
  });

  it('narrows by specification values: several of one, a range of a number, yes/no', async () => {
    expect(
      (await names('category=flt-drills&spec.flt-chuck=Keyless&spec.flt-chuck=Keyed')).names,
    ).toEqual(['Flt Drill A', 'Flt Drill B', 'Flt Drill D']);
    // Inherited from the power tools: the saws hold it too.
    expect((await names('category=flt-power&spec.flt-voltage=18')).names).toEqual([
      'Flt Drill A',
      'Flt Drill B',
      'Flt Saw A',
    ]);
    expect((await names('category=flt-power&spec.flt-voltage=13..36')).total).toBe(4);
    expect((await names('category=flt-power&spec.flt-voltage=..12')).names).toEqual([
      'Flt Drill D',
    ]);
    expect((await names('category=flt-drills&spec.flt-brushless=true&brand=Makito')).names).toEqual(
      ['Flt Drill C'],
    );
    // Combined with words: only the drills named so.
    expect((await names('category=flt-power&q=saw&spec.flt-voltage=18')).names).toEqual([
      'Flt Saw A',
    ]);
  });

  it('refuses what is no filter, naming the parameter', async () => {
    for (const [query, field] of [
      ['category=flt-drills&spec.flt-hidden=3', 'spec.flt-hidden'],
      ['category=flt-saws&spec.flt-chuck=Keyless', 'spec.flt-chuck'],
      ['category=flt-drills&spec.flt-voltage=lots', 'spec.flt-voltage'],
      ['category=flt-drills&spec.flt-voltage=30..10', 'spec.flt-voltage'],
      ['category=flt-drills&spec.flt-brushless=maybe', 'spec.flt-brushless'],
      ['spec.Not-A-Key=1', 'spec.Not-A-Key'],
      ['colour=red', 'colour'],
      ['minPrice=500&maxPrice=100', 'maxPrice'],
      ['minPrice=-1', 'minPrice'],
      ['inStock=yes', 'inStock'],
    ] as const) {
      expectFieldError(await shop.visitor.get(`/tools?${query}`), field, 'query');
      expectFieldError(await shop.visitor.get(`/tools/facets?${query}`), field, 'query');
    }
  });
});

describe('facet counts', () => {
  it('count each value with the other filters applied, never its own', async () => {
    const answer = await facets('category=flt-drills&brand=Makito&spec.flt-chuck=Keyless');
    expect(answer.total).toBe(1);
    // Brands: with the chuck filter (Keyless) but not the brand's own.
    expect(counts(answer.brands)).toEqual({ Boschel: 1, Makito: 1 });
    expect(answer.brands.find((brand) => brand.value === 'Makito')?.isSelected).toBe(true);
    // Chuck types: with the brand filter (Makito) but not the chuck's own.
    const chuck = answer.specs.find((spec) => spec.key === 'flt-chuck');
    expect(counts(chuck?.values ?? [])).toEqual({ Keyless: 1, 'SDS-plus': 1 });
    // In the options' order, chosen ones marked.
    expect(chuck?.values.map((value) => [value.value, value.isSelected])).toEqual([
      ['Keyless', true],
      ['SDS-plus', false],
    ]);
    // Every other group with every filter applied.
    const brushless = answer.specs.find((spec) => spec.key === 'flt-brushless');
    expect(brushless?.values.map(({ label, count }) => [label, count])).toEqual([['No', 1]]);
    expect(answer.specs.some((spec) => spec.key === 'flt-hidden')).toBe(false);
  });

  it('give the price and number ranges, stock, sub-categories and labels with units', async () => {
    const answer = await facets('category=flt-power');
    expect(answer.total).toBe(5);
    expect(answer.categories).toEqual([
      { slug: 'flt-drills', name: 'flt drills', count: 4 },
      { slug: 'flt-saws', name: 'flt saws', count: 1 },
    ]);
    expect(answer.price).toEqual({ min: 10_000, max: 40_000 });
    expect(answer.inStock).toEqual({ count: 4, isSelected: false });
    const voltage = answer.specs.find((spec) => spec.key === 'flt-voltage');
    expect(voltage?.range).toEqual({ min: 12, max: 36 });
    expect(voltage?.values.map(({ label, count }) => [label, count])).toEqual([
      ['12 V', 1],
      ['18 V', 3],
      ['36 V', 1],
    ]);
    // A price filter does not narrow its own range.
    const priced = await facets('category=flt-power&maxPrice=15000');
    expect(priced.total).toBe(2);
    expect(priced.price).toEqual({ min: 10_000, max: 40_000 });
  });

  it('keep a chosen value nothing holds, and follow stock as orders move it', async () => {
    const answer = await facets('category=flt-drills&brand=Nobody&spec.flt-chuck=Keyed');
    expect(answer.total).toBe(0);
    expect(answer.brands.find((brand) => brand.isSelected)).toMatchObject({ count: 0 });
    // As it was typed, not lower-cased: its chip reads as the buyer chose it.
    expect(answer.brands.find((brand) => brand.isSelected)?.label).toBe('Nobody');
    const before = (await facets('category=flt-drills')).inStock.count;
    const tool = json<Tool[]>(
      await shop.visitor.get('/tools?category=flt-drills&sort=name_asc&limit=1'),
    )[0];
    const response = await shop.asAdmin.put(`/purchase/${tool?._id}`, { newQuantity: 0 });
    expect(response.statusCode, response.body).toBe(200);
    expect((await facets('category=flt-drills')).inStock.count).toBe(before - 1);
    expect((await names('category=flt-drills&inStock=true')).names).not.toContain(tool?.name);
  });
});

describe('a search that finds nothing', () => {
  it('suggests the catalogue’s spelling and the category where it finds tools', async () => {
    const answer = await facets('category=flt-saws&q=drilx');
    expect(answer.total).toBe(0);
    expect(answer.suggestion).toEqual({
      spelling: 'drill',
      category: { slug: 'flt-drills', name: 'flt drills', count: 4 },
    });
    // Something found: nothing to suggest.
    expect((await facets('category=flt-drills&q=drill')).suggestion).toBeNull();
    // Nothing like it anywhere: no spelling, no category.
    expect((await facets('q=qqqwwwzzz')).suggestion).toEqual({ spelling: null, category: null });
  });
});
