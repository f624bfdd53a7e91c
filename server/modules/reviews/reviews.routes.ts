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
}
