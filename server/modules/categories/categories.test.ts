import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '../../../contract/categories.ts';
import type { Tool } from '../../../contract/tools.ts';
import { expectFieldError, expectProblem, json } from '../../testing/http.ts';
import { buildShopTestApp, type ShopTestApp } from '../../testing/shop-test-app.ts';

/** The category tree: three levels at most, counts, the tools of a category and those below it. */

let shop: ShopTestApp;
const ids: Record<string, string> = {};

async function addCategory(slug: string, parent?: string) {
  const response = await shop.asAdmin.post('/categories', {
    slug,
    name: slug.replace(/-/g, ' '),
    ...(parent ? { parentId: ids[parent] } : {}),
  });
  expect(response.statusCode, response.body).toBe(201);
  const category = json<Category>(response);
  ids[slug] = category._id;
  return category;
}

async function names(query: string) {
  const response = await shop.visitor.get(`/tools?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return {
    names: json<Tool[]>(response).map((tool) => tool.name),
    total: Number(response.headers['x-total-count']),
  };
}

beforeAll(async () => {
  shop = await buildShopTestApp();
  await addCategory('power-tools');
  await addCategory('drills', 'power-tools');
  await addCategory('hammer-drills', 'drills');
  await addCategory('saws', 'power-tools');
  await addCategory('hand-tools');
  const add = (name: string, category: string | null) =>
    shop.t.addTool({ name, categoryId: category ? ids[category] : null });
  await add('Tree Hammer Drill', 'hammer-drills');
  await add('Tree Combi Drill', 'drills');
  await add('Tree Circular Saw', 'saws');
  await add('Tree Claw Hammer', 'hand-tools');
  await add('Tree Loose Tool', null);
  const gone = await add('Tree Gone Drill', 'drills');
  await shop.t.removeTool(gone.id);
});
afterAll(() => shop.close());

describe('GET /api/categories', () => {
  it('reads the tree depth first, each with its depth and the listed tools in it and below it', async () => {
    const tree = json<Category[]>(await shop.visitor.get('/categories'));
    expect(tree.map((c) => [c.slug, c.depth, c.toolCount])).toEqual([
      ['hand-tools', 1, 1],
      ['power-tools', 1, 3],
      ['drills', 2, 2],
      ['hammer-drills', 3, 1],
      ['saws', 2, 1],
    ]);
    expect(tree.find((c) => c.slug === 'drills')?.parentId).toBe(ids['power-tools']);
  });
});

describe('the sitemap', () => {
  it('lists every category’s page', async () => {
    const response = await shop.t.app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/<loc>[^<]*\/categories\/hammer-drills<\/loc><lastmod>/);
  });
});

describe('GET /api/tools?category=', () => {
  it('lists the tools of a category and of every category below it', async () => {
    expect(await names('category=power-tools&sort=name_asc')).toEqual({
      names: ['Tree Circular Saw', 'Tree Combi Drill', 'Tree Hammer Drill'],
      total: 3,
    });
    expect((await names('category=hammer-drills')).names).toEqual(['Tree Hammer Drill']);
    expect(await names('category=power-tools&sort=name_asc&limit=1&offset=1')).toEqual({
      names: ['Tree Combi Drill'],
      total: 3,
    });
  });

  it('searches within a category, and finds names despite a typo within it', async () => {
    expect((await names('category=power-tools&q=drill&sort=name_asc&limit=24')).names).toEqual([
      'Tree Combi Drill',
      'Tree Hammer Drill',
    ]);
    expect((await names('category=hand-tools&q=drill&limit=24')).total).toBe(0);
    expect((await names('category=hand-tools&q=hamer&limit=24')).names).toEqual([
      'Tree Claw Hammer',
    ]);
  });

  it('refuses an address no category has, and one no category could have', async () => {
    expectFieldError(await shop.visitor.get('/tools?category=no-such-thing'), 'category', 'query');
    expectFieldError(await shop.visitor.get('/tools?category=Not%20A%20Slug'), 'category', 'query');
  });
});

describe('the tree’s rules', () => {
  it('keeps categories at most three levels deep, when added and when moved', async () => {
    const deep = await shop.asAdmin.post('/categories', {
      slug: 'sds-hammer-drills',
      name: 'SDS hammer drills',
      parentId: ids['hammer-drills'],
    });
    expect(expectProblem(deep, 409, 'category_too_deep').detail).toMatch(/at most 3 levels/);
    // Drills (two levels with its child) cannot go under Saws (level 2).
    const move = await shop.asAdmin.patch(`/categories/${ids.drills}`, { parentId: ids.saws });
    expectProblem(move, 409, 'category_too_deep');
    const underItself = await shop.asAdmin.patch(`/categories/${ids['power-tools']}`, {
      parentId: ids['hammer-drills'],
    });
    expect(expectProblem(underItself, 409, 'category_too_deep').detail).toMatch(/under itself/);
  });

  it('moves a category with what is below it, and refuses a slug another category has', async () => {
    const moved = await shop.asAdmin.patch(`/categories/${ids.saws}`, {
      parentId: ids['hand-tools'],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(json<Category>(moved)).toMatchObject({ depth: 2, toolCount: 1 });
    expect((await names('category=hand-tools&sort=name_asc')).names).toEqual([
      'Tree Circular Saw',
      'Tree Claw Hammer',
    ]);
    const taken = await shop.asAdmin.patch(`/categories/${ids.saws}`, { slug: 'drills' });
    expectProblem(taken, 409, 'conflict');
  });

  it('refuses to delete a category that holds tools or sub-categories, saying what it holds', async () => {
    const full = await shop.asAdmin.delete(`/categories/${ids.drills}`);
    expect(expectProblem(full, 409, 'category_not_empty').detail).toBe(
      'drills holds 1 tool and 1 sub-category: move them to another category first, then delete it.',
    );
    // A category whose only tool was deleted is empty.
    const empty = await addCategory('empty-shelf');
    const tool = await shop.t.addTool({ name: 'Tree Shelf Tool', categoryId: empty._id });
    await shop.t.removeTool(tool.id);
    expect((await shop.asAdmin.delete(`/categories/${empty._id}`)).statusCode).toBe(200);
    expect(
      json<Category[]>(await shop.visitor.get('/categories')).map((c) => c.slug),
    ).not.toContain('empty-shelf');
  });

  it('puts a tool in a category that exists, and refuses one that does not', async () => {
    const tool = await shop.t.addTool({ name: 'Tree Moved Tool' });
    const moved = await shop.asAdmin.patch(`/tools/${tool.id}`, { categoryId: ids['hand-tools'] });
    expect(json<Tool>(moved).categoryId).toBe(ids['hand-tools']);
    const unknown = await shop.asAdmin.patch(`/tools/${tool.id}`, {
      categoryId: '00000000-0000-4000-8000-000000000000',
    });
    expectFieldError(unknown, 'categoryId');
  });
});
