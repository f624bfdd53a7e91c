import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createPageRoutes, rankedBranches } from './page-routes.ts';

/** The shape of the web app's route table (web/app/routes.ts) as a build holds it. */
const routes = Object.fromEntries(
  [
    { id: 'root', path: '' },
    { id: 'layout', parentId: 'root' },
    { id: 'routes/home', parentId: 'layout', index: true },
    { id: 'routes/tools', parentId: 'layout', path: 'tools' },
    { id: 'routes/tool', parentId: 'layout', path: 'tools/:id' },
    { id: 'routes/category', parentId: 'layout', path: 'categories/:slug' },
    { id: 'guard', parentId: 'layout' },
    { id: 'dashboard', parentId: 'guard', path: 'dashboard' },
    { id: 'routes/dashboard/order', parentId: 'dashboard', path: 'orders/:id' },
    { id: 'routes/not-found', parentId: 'layout', path: '*' },
  ].map((route) => [route.id, { ...route, module: {} }]),
) as unknown as ServerBuild['routes'];

const KNOWN_TOOL = '5b0f3b5e-8a57-4c3e-9c55-1c2f2a6b7d10';

describe('addresses that are no page', () => {
  const pages = createPageRoutes(
    routes,
    async (id) => id === KNOWN_TOOL,
    async (slug) => slug === 'power-tools',
  );

  it('are told from the route table: one prepared page for any unknown address', async () => {
    expect(await pages.notFound('/')).toBeUndefined();
    expect(await pages.notFound('/tools')).toBeUndefined();
    expect(await pages.notFound('/dashboard/orders/anything')).toBeUndefined();
    const unknown = await pages.notFound('/no/such/page');
    expect(unknown).toEqual({ key: '404 unknown address', path: '/404' });
    expect(await pages.notFound('/dashboard/nothing')).toEqual(unknown);
  });

  it('a tool’s page for an id that is no tool, or not in the catalogue, is the unknown tool page', async () => {
    expect(await pages.notFound(`/tools/${KNOWN_TOOL}`)).toBeUndefined();
    const missing = await pages.notFound('/tools/not-an-id');
    expect(missing?.key).toBe('404 unknown tool');
    expect(await pages.notFound('/tools/00000000-0000-4000-8000-000000000001')).toEqual(missing);
  });

  it('a category’s page for a slug no category has is the unknown category page', async () => {
    expect(await pages.notFound('/categories/power-tools')).toBeUndefined();
    expect((await pages.notFound('/categories/no-such-category'))?.key).toBe(
      '404 unknown category',
    );
  });
});

/** The route table as React Router's own matchRoutes takes it. */
function routeTree(parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route?.parentId === parentId)
    .map((route) =>
      route?.index
        ? { id: route.id, index: true, path: route.path }
        : { id: route?.id, path: route?.path, children: routeTree(route?.id) },
    );
}

describe('the route table, ranked once', () => {
  it('finds the route React Router’s matchRoutes finds, for every kind of address', () => {
    const branches = rankedBranches(routes);
    const tree = routeTree();
    for (const path of [
      '/',
      '/tools',
      '/TOOLS',
      '/tools/abc',
      '/tools/abc/def',
      '/dashboard',
      '/dashboard/orders/1',
      '/dashboard/orders',
      '/dashboard/nothing',
      '/no/such/page',
      '/tools/',
    ]) {
      const expected = matchRoutes(tree, path)?.at(-1)?.route.id;
      const found = branches.find((branch) => routeMatches(branch.pattern, path))?.id;
      expect(found, path).toBe(expected);
    }
  });
});

function routeMatches(pattern: string, path: string): boolean {
  return matchRoutes([{ path: pattern }], path) !== null;
}
