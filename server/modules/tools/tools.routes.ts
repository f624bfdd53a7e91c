import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { FacetsQuerySchema } from '../../../contract/tool-lists.ts';
import { toolRoutes } from '../../../contract/tool-routes.ts';
import { CATALOGUE_CACHE_CONTROL } from '../../cache/catalogue-cache.ts';
import { prepareJson, type ResponseCache } from '../../cache/response-cache.ts';
import { PreparedAnswer, registerRoute } from '../../http/route.ts';
import type { ToolsService } from './tools.service.ts';

type FacetsQuery = z.output<typeof FacetsQuerySchema>;

/**
 * One key per distinct answer: the parsed query, so `?limit=24` and `?offset=0&limit=24` share,
 * and the filters in one order whatever the address's.
 */
function queryKey(kind: string, query: FacetsQuery & Record<string, unknown>): string {
  const { q, category, brand, inStock, minPrice, maxPrice, specs } = query;
  const sorted = (values: readonly string[] | undefined) => (values ? [...values].sort() : null);
  return JSON.stringify([
    kind,
    q ?? '',
    category ?? '',
    sorted(brand),
    inStock ?? null,
    minPrice ?? null,
    maxPrice ?? null,
    Object.keys(specs)
      .sort()
      .map((key) => [key, sorted(specs[key])]),
    query.sort ?? null,
    query.limit ?? null,
    query.offset ?? null,
  ]);
}

/**
 * The catalogue reads are served from `cache` (serialized, validated by the contract's response
 * schema, compressed once); the writes go to the service, whose changes the tools' triggers announce.
 */
export function registerToolRoutes(
  app: FastifyInstance,
  tools: ToolsService,
  cache: ResponseCache,
): void {
  registerRoute(app, toolRoutes.list, async ({ query }) => {
    const key = queryKey('list', query);
    const prepared = await cache.get(key, async () => {
      const { tools: page, total } = await tools.list(query);
      return prepareJson(toolRoutes.list.response.parse(page), {
        'x-total-count': String(total),
      });
    });
    return new PreparedAnswer(prepared, CATALOGUE_CACHE_CONTROL, { cache, key });
  });
  registerRoute(app, toolRoutes.facets, async ({ query }) => {
    const key = queryKey('facets', query);
    const prepared = await cache.get(key, async () =>
      prepareJson(toolRoutes.facets.response.parse(await tools.facets(query))),
    );
    return new PreparedAnswer(prepared, CATALOGUE_CACHE_CONTROL, { cache, key });
  });
  registerRoute(app, toolRoutes.get, async ({ params }) => {
    const key = JSON.stringify(['tool', params.id]);
    const prepared = await cache.get(key, async () =>
      prepareJson(toolRoutes.get.response.parse(await tools.get(params.id))),
    );
    return new PreparedAnswer(prepared, CATALOGUE_CACHE_CONTROL, { cache, key });
  });
  // The admin's list is read fresh on every request: stock moves with every order.
  registerRoute(app, toolRoutes.manage, async ({ query, reply }) => {
    const page = await tools.listManaged(query);
    reply.header('x-total-count', String(page.total));
    return page.tools;
  });
  registerRoute(app, toolRoutes.openOrders, async ({ params }) => tools.openOrders(params.id));
  registerRoute(app, toolRoutes.create, async ({ body, user }) => tools.create(body, user));
  registerRoute(app, toolRoutes.update, async ({ params, body, user }) =>
    tools.update(params.id, body, user),
  );
  registerRoute(app, toolRoutes.setStock, async ({ params, body, user }) =>
    tools.setStock(params.id, body.newQuantity, user),
  );
  registerRoute(app, toolRoutes.remove, async ({ params, user }) => tools.remove(params.id, user));
}
