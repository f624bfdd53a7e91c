import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '../../../contract/categories.ts';
import type { Attribute } from '../../../contract/specifications.ts';
import type { Tool } from '../../../contract/tools.ts';
import { expectFieldError, expectProblem, json } from '../../testing/http.ts';
import { buildShopTestApp, type ShopTestApp } from '../../testing/shop-test-app.ts';

/**
 * Specifications: a category defines attributes its tools (and those below it) have; each tool's
 * values are checked against them; removing an attribute or moving a tool drops what no longer fits.
 */

let shop: ShopTestApp;
const ids: Record<string, string> = {};
const attributes: Record<string, Attribute> = {};

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
  const response = await shop.asAdmin.post(`/categories/${ids[category]}/attributes`, body);
  expect(response.statusCode, response.body).toBe(201);
  const attribute = json<Attribute>(response);
  attributes[attribute.key] = attribute;
  return attribute;
}

const toolBody = {
  img: '/images/tools/drill.svg',
  description: 'A tool with specifications for the tests.',
  quantity: 100,
  minimumOrder: 1,
  price: 1000,
};

async function addTool(name: string, category: string | null, specs?: Record<string, unknown>) {
  return shop.asAdmin.post('/tools', {
    ...toolBody,
    name,
    categoryId: category ? ids[category] : null,
    ...(specs ? { specs } : {}),
  });
}

async function treeEntry(slug: string): Promise<Category> {
  const tree = json<Category[]>(await shop.visitor.get('/categories'));
  const found = tree.find((category) => category.slug === slug);
  if (!found) throw new Error(`no ${slug}`);
  return found;
}

beforeAll(async () => {
  shop = await buildShopTestApp();
  await addCategory('spec-power');
  await addCategory('spec-drills', 'spec-power');
  await addCategory('spec-saws', 'spec-power');
  await addCategory('spec-hand');
  await addAttribute('spec-power', { key: 'voltage', name: 'Voltage', kind: 'number', unit: 'V' });
  await addAttribute('spec-drills', {
    key: 'chuck-size',
    name: 'Chuck size',
    kind: 'number',
    unit: 'mm',
    filterable: true,
  });
  await addAttribute('spec-drills', {
    key: 'chuck-type',
    name: 'Chuck type',
    kind: 'choice',
    options: ['Keyless', 'Keyed', 'SDS-plus'],
  });
  await addAttribute('spec-drills', { key: 'brushless', name: 'Brushless', kind: 'boolean' });
  await addAttribute('spec-drills', { key: 'notes', name: 'Notes', kind: 'text' });
});
afterAll(() => shop.close());

describe('attribute definitions', () => {
  it('are read with the category tree, each category with its own, in order', async () => {
    const drills = await treeEntry('spec-drills');
    expect(drills.attributes.map((a) => [a.key, a.kind, a.unit, a.filterable])).toEqual([
      ['brushless', 'boolean', null, false],
      ['chuck-size', 'number', 'mm', true],
      ['chuck-type', 'choice', null, false],
      ['notes', 'text', null, false],
    ]);
    expect((await treeEntry('spec-power')).attributes.map((a) => a.key)).toEqual(['voltage']);
  });

  it('refuses a key a category above or below has, and fields the kind does not take', async () => {
    const below = await shop.asAdmin.post(`/categories/${ids['spec-drills']}/attributes`, {
      key: 'voltage',
      name: 'Voltage again',
      kind: 'number',
    });
    expect(expectProblem(below, 409, 'attribute_key_taken').errors?.[0]?.field).toBe('key');
    const above = await shop.asAdmin.post(`/categories/${ids['spec-power']}/attributes`, {
      key: 'chuck-size',
      name: 'Chuck',
      kind: 'number',
    });
    expectProblem(above, 409, 'attribute_key_taken');
    const url = `/categories/${ids['spec-hand']}/attributes`;
    expectFieldError(
      await shop.asAdmin.post(url, { key: 'grip', name: 'Grip', kind: 'choice' }),
      'options',
    );
    expectFieldError(
      await shop.asAdmin.post(url, { key: 'grip', name: 'Grip', kind: 'text', unit: 'mm' }),
      'unit',
    );
    expectFieldError(
      await shop.asAdmin.patch(
        `/categories/${ids['spec-drills']}/attributes/${attributes.notes?._id}`,
        {
          unit: 'mm',
        },
      ),
      'unit',
    );
  });
});

describe('a tool’s values', () => {
  it('are kept when they fit its category’s attributes and those above it', async () => {
    const response = await addTool('Spec Drill', 'spec-drills', {
      voltage: 18,
      'chuck-size': 13,
      'chuck-type': 'Keyless',
      brushless: true,
      notes: 'Two batteries.',
    });
    expect(response.statusCode, response.body).toBe(201);
    const tool = json<Tool>(response);
    expect(tool.specs).toEqual({
      voltage: 18,
      'chuck-size': 13,
      'chuck-type': 'Keyless',
      brushless: true,
      notes: 'Two batteries.',
    });
    expect(json<Tool>(await shop.visitor.get(`/purchase/${tool._id}`)).specs).toEqual(tool.specs);
    expect((await treeEntry('spec-power')).attributes[0]?.valueCount).toBe(1);
  });

  it('are refused under specs.<key> when unknown, of the wrong kind or not in the list', async () => {
    const unknown = await addTool('Spec Bad 1', 'spec-saws', { 'chuck-size': 13 });
    expect(expectFieldError(unknown, 'specs.chuck-size').detail).toBe(
      'The tool’s category has no specification with the key chuck-size.',
    );
    const wrongKind = await addTool('Spec Bad 2', 'spec-drills', { voltage: 'eighteen' });
    expect(expectFieldError(wrongKind, 'specs.voltage').detail).toBe(
      'Voltage must be a number (in V) between -1,000,000,000 and 1,000,000,000, with at most 3 decimal places.',
    );
    const notListed = await addTool('Spec Bad 3', 'spec-drills', { 'chuck-type': 'Magic' });
    expect(expectFieldError(notListed, 'specs.chuck-type').detail).toBe(
      'Chuck type must be one of: Keyless, Keyed, SDS-plus.',
    );
    expectFieldError(
      await addTool('Spec Bad 4', 'spec-drills', { brushless: 'yes' }),
      'specs.brushless',
    );
    expectFieldError(await addTool('Spec Bad 5', null, { voltage: 18 }), 'specs.voltage');
    // A key that breaks the rule of keys, and a value of no kind at all, are told in sentences
    // (never a validator's "Invalid key in record" or "Invalid input").
    const badKey = await addTool('Spec Bad 6', 'spec-drills', { 'Bad Key': 1 });
    expect(expectFieldError(badKey, 'specs.Bad Key').errors).toEqual([
      {
        field: 'specs.Bad Key',
        in: 'body',
        message: 'Use lower-case letters and digits, words joined by single dashes (chuck-size).',
      },
    ]);
    for (const value of [null, [13], { mm: 13 }]) {
      const noKind = await addTool('Spec Bad 7', 'spec-drills', { 'chuck-size': value });
      expect(expectFieldError(noKind, 'specs.chuck-size').errors).toEqual([
        {
          field: 'specs.chuck-size',
          in: 'body',
          message: 'Must be a number, text, or true or false.',
        },
      ]);
    }
  });

  it('hold a number within a billion either way, to 3 decimal places, when a tool is added or changed', async () => {
    const rule =
      'Chuck size must be a number (in mm) between -1,000,000,000 and 1,000,000,000, with at most 3 decimal places.';
    for (const value of [1e300, -1e300, 1_000_000_000.001, 0.0001]) {
      const refused = await addTool('Spec Huge', 'spec-drills', { 'chuck-size': value });
      expect(expectFieldError(refused, 'specs.chuck-size').detail).toBe(rule);
    }
    const tools = json<Tool[]>(await shop.visitor.get('/tools?category=spec-drills'));
    expect(tools.some((tool) => tool.name === 'Spec Huge')).toBe(false);
    const inside = await addTool('Spec Edge', 'spec-drills', { 'chuck-size': 999_999_999.999 });
    expect(inside.statusCode, inside.body).toBe(201);
    const edge = json<Tool>(inside);
    expect(json<Tool>(await shop.visitor.get(`/purchase/${edge._id}`)).specs).toEqual({
      'chuck-size': 999_999_999.999,
    });
    const normal = await shop.asAdmin.patch(`/tools/${edge._id}`, { specs: { 'chuck-size': 13 } });
    expect(json<Tool>(normal).specs).toEqual({ 'chuck-size': 13 });
    for (const value of [1e300, -1e300]) {
      const refused = await shop.asAdmin.patch(`/tools/${edge._id}`, {
        name: 'Spec Edge renamed',
        specs: { 'chuck-size': value },
      });
      expect(expectFieldError(refused, 'specs.chuck-size').detail).toBe(rule);
    }
    // Nothing of a refused change is written: not its value, not the name sent with it.
    expect(json<Tool>(await shop.visitor.get(`/purchase/${edge._id}`))).toMatchObject({
      name: 'Spec Edge',
      specs: { 'chuck-size': 13 },
    });
    const lowest = await shop.asAdmin.patch(`/tools/${edge._id}`, {
      specs: { 'chuck-size': -999_999_999.999 },
    });
    expect(json<Tool>(lowest).specs).toEqual({ 'chuck-size': -999_999_999.999 });
  });

  it('move with the tool: values the new category does not have are dropped', async () => {
    const tool = json<Tool>(
      await addTool('Spec Mover', 'spec-drills', { voltage: 18, 'chuck-size': 10 }),
    );
    const moved = await shop.asAdmin.patch(`/tools/${tool._id}`, { categoryId: ids['spec-saws'] });
    expect(json<Tool>(moved).specs).toEqual({ voltage: 18 });
    const refused = await shop.asAdmin.patch(`/tools/${tool._id}`, {
      categoryId: ids['spec-hand'],
      specs: { voltage: 18 },
    });
    expectFieldError(refused, 'specs.voltage');
    const replaced = await shop.asAdmin.patch(`/tools/${tool._id}`, { specs: { voltage: 12 } });
    expect(json<Tool>(replaced).specs).toEqual({ voltage: 12 });
  });
});

describe('changing the attributes', () => {
  it('takes a choice off the list from the tools that had it', async () => {
    const keyed = json<Tool>(await addTool('Spec Keyed', 'spec-drills', { 'chuck-type': 'Keyed' }));
    const url = `/categories/${ids['spec-drills']}/attributes/${attributes['chuck-type']?._id}`;
    const changed = await shop.asAdmin.patch(url, { options: ['Keyless', 'SDS-plus'] });
    expect(json<Attribute>(changed).options).toEqual(['Keyless', 'SDS-plus']);
    expect(json<Tool>(await shop.visitor.get(`/purchase/${keyed._id}`)).specs).toEqual({});
  });

  it('deletes an attribute with every value of it, saying how many tools lost one', async () => {
    const url = `/categories/${ids['spec-drills']}/attributes/${attributes.notes?._id}`;
    const response = await shop.asAdmin.delete(url);
    expect(json(response)).toEqual({ deletedCount: 1, valuesDropped: 1 });
    const drills = await treeEntry('spec-drills');
    expect(drills.attributes.map((a) => a.key)).not.toContain('notes');
    const tools = json<Tool[]>(await shop.visitor.get(`/tools?category=spec-drills`));
    expect(tools.some((tool) => 'notes' in tool.specs)).toBe(false);
    expectProblem(await shop.asAdmin.delete(url), 404, 'not_found');
  });

  it('a category moved elsewhere loses the values of the attributes it no longer inherits', async () => {
    const tool = json<Tool>(
      await addTool('Spec Inherit', 'spec-drills', { voltage: 18, 'chuck-size': 13 }),
    );
    const moved = await shop.asAdmin.patch(`/categories/${ids['spec-drills']}`, {
      parentId: ids['spec-hand'],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(json<Tool>(await shop.visitor.get(`/purchase/${tool._id}`)).specs).toEqual({
      'chuck-size': 13,
    });
    // A key above the new place that the category or one below it has too: refused.
    await addAttribute('spec-saws', { key: 'brushless', name: 'Brushless', kind: 'boolean' });
    const clash = await shop.asAdmin.patch(`/categories/${ids['spec-drills']}`, {
      parentId: ids['spec-saws'],
    });
    expect(expectProblem(clash, 409, 'attribute_key_taken').errors?.[0]?.field).toBe('parentId');
  });
});

describe('searching by specification', () => {
  beforeAll(async () => {
    await addCategory('spec-spanners');
    await addAttribute('spec-spanners', { key: 'jaw', name: 'Jaw', kind: 'number', unit: 'mm' });
    for (const [name, jaw] of [
      ['Search Wrench Nineteen', 19],
      ['Search Wrench Seventeen', 17],
      ['Search Spanner Nineteen', 19],
    ] as const) {
      const response = await addTool(name, 'spec-spanners', { jaw });
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  const found = async (q: string) =>
    json<Tool[]>(await shop.visitor.get(`/tools?q=${encodeURIComponent(q)}&sort=name_asc&limit=24`))
      .map((tool) => tool.name)
      .filter((name) => name.startsWith('Search '));

  it('finds a number with the unit of an attribute among the values, the other words as words', async () => {
    expect(await found('wrench 19mm')).toEqual(['Search Wrench Nineteen']);
    expect(await found('wrench 19 MM')).toEqual(['Search Wrench Nineteen']);
    expect(await found('19mm')).toEqual(['Search Spanner Nineteen', 'Search Wrench Nineteen']);
    expect(await found('wrench')).toEqual(['Search Wrench Nineteen', 'Search Wrench Seventeen']);
  });

  it('searches the words as typed when no tool holds the value (the number is in a name)', async () => {
    const response = await addTool('Search 19 mm Hex Key', null);
    expect(response.statusCode, response.body).toBe(201);
    expect(await found('19 mm hex')).toEqual(['Search 19 mm Hex Key']);
  });
});
