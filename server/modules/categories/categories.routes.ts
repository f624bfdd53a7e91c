import type { FastifyInstance } from 'fastify';
import { categoryRoutes } from '../../../contract/categories.ts';
import { CATALOGUE_CACHE_CONTROL } from '../../cache/catalogue-cache.ts';
import { prepareJson, type ResponseCache } from '../../cache/response-cache.ts';
import { PreparedAnswer, registerRoute } from '../../http/route.ts';
import type { AttributesService } from './attributes.service.ts';
import type { CategoriesService } from './categories.service.ts';

/** The tree is a prepared catalogue answer (dropped on every change); the writes go to the service. */
export function registerCategoryRoutes(
  app: FastifyInstance,
  categories: CategoriesService,
  attributes: AttributesService,
  cache: ResponseCache,
): void {
  registerRoute(app, categoryRoutes.list, async () => {
    const key = 'categories';
    const prepared = await cache.get(key, async () =>
      prepareJson(categoryRoutes.list.response.parse(await categories.tree())),
    );
    return new PreparedAnswer(prepared, CATALOGUE_CACHE_CONTROL, { cache, key });
  });
  registerRoute(app, categoryRoutes.create, async ({ body, user }) =>
    categories.create(body, user),
  );
  registerRoute(app, categoryRoutes.update, async ({ params, body, user }) =>
    categories.update(params.id, body, user),
  );
  registerRoute(app, categoryRoutes.remove, async ({ params, user }) =>
    categories.remove(params.id, user),
  );
  registerRoute(app, categoryRoutes.addAttribute, async ({ params, body, user }) =>
    attributes.addAttribute(params.id, body, user),
  );
  registerRoute(app, categoryRoutes.updateAttribute, async ({ params, body, user }) =>
    attributes.updateAttribute(params.id, params.attributeId, body, user),
  );
  registerRoute(app, categoryRoutes.removeAttribute, async ({ params, user }) =>
    attributes.removeAttribute(params.id, params.attributeId, user),
  );
}
