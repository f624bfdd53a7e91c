import type { FastifyInstance } from 'fastify';
import { reviewRoutes } from '../../../contract/reviews.ts';
import type { WriteLimit } from '../../http/rate-limit.ts';
import { registerRoute } from '../../http/route.ts';
import type { ReviewsService } from './reviews.service.ts';

export function registerReviewRoutes(
  app: FastifyInstance,
  reviews: ReviewsService,
  limitWrites: WriteLimit,
): void {
  registerRoute(app, reviewRoutes.list, async ({ query, reply }) => {
    const page = await reviews.list(query);
    reply.header('x-total-count', String(page.total));
    return page.reviews;
  });
  registerRoute(app, reviewRoutes.create, async ({ user, body }) => {
    await limitWrites(user);
    return reviews.create(user, body);
  });
  registerRoute(app, reviewRoutes.listAll, async ({ query, reply }) => {
    const page = await reviews.listAll(query);
    reply.header('x-total-count', String(page.total));
    return page.reviews;
  });
  registerRoute(app, reviewRoutes.listMine, async ({ user, query, reply }) => {
    const page = await reviews.listMine(user, query);
    reply.header('x-total-count', String(page.total));
    return page.reviews;
  });
  registerRoute(app, reviewRoutes.setHidden, async ({ user, params, body }) =>
    reviews.setHidden(user, params.id, body.hidden),
  );
  registerRoute(app, reviewRoutes.delete, async ({ user, params }) => {
    await limitWrites(user);
    return reviews.delete(user, params.id);
  });
}
