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
  registerRoute(app, reviewRoutes.list, async ({ query }) => reviews.list(query.limit));
  registerRoute(app, reviewRoutes.create, async ({ user, body }) => {
    await limitWrites(user);
    return reviews.create(user, body);
  });
}
