import type { FastifyInstance } from 'fastify';
import { savedListRoutes } from '../../../contract/saved-lists.ts';
import type { WriteLimit } from '../../http/rate-limit.ts';
import { registerRoute } from '../../http/route.ts';
import type { SavedListsService } from './saved-lists.service.ts';

export function registerSavedListRoutes(
  app: FastifyInstance,
  lists: SavedListsService,
  limitWrites: WriteLimit,
): void {
  registerRoute(app, savedListRoutes.list, async ({ user, query, reply }) => {
    const page = await lists.list(user, query);
    reply.header('x-total-count', String(page.total));
    return page.lists;
  });
  registerRoute(app, savedListRoutes.read, async ({ user, params }) => lists.read(user, params.id));
  registerRoute(app, savedListRoutes.create, async ({ user, body }) => {
    await limitWrites(user);
    return lists.create(user, body);
  });
  registerRoute(app, savedListRoutes.update, async ({ user, params, body }) => {
    await limitWrites(user);
    return lists.update(user, params.id, body);
  });
  registerRoute(app, savedListRoutes.remove, async ({ user, params }) => {
    await limitWrites(user);
    return lists.remove(user, params.id);
  });
  registerRoute(app, savedListRoutes.setLines, async ({ user, params, body }) => {
    await limitWrites(user);
    return lists.setLines(user, params.id, body);
  });
  registerRoute(app, savedListRoutes.addLines, async ({ user, params, body }) => {
    await limitWrites(user);
    return lists.addLines(user, params.id, body);
  });
  registerRoute(app, savedListRoutes.toCart, async ({ user, params }) => {
    await limitWrites(user);
    return lists.toCart(user, params.id);
  });
}
