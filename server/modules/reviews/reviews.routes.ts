import type { FastifyInstance } from 'fastify';
import { reviewRoutes } from '../../../contract/reviews.ts';
import type { WriteLimit } from '../../http/rate-limit.ts';
import { registerRoute } from '../../http/route.ts';
import type { ReviewsService } from './reviews.service.ts';

export function registerReviewRoutes(
  app: FastifyInstance,
  reviews: ReviewsService,
  limits: { writes: WriteLimit; reviews: WriteLimit },
): void {
  registerRoute(app, reviewRoutes.list, async ({ query, reply }) => {
    const page = await reviews.list(query);
    reply.header('x-total-count', String(page.total));
    return page.reviews;
  });
  registerRoute(app, reviewRoutes.create, async ({ user, body }) => {
    await limits.writes(user);
    await limits.reviews(user);
    return reviews.post(user, body);
  });
  registerRoute(app, reviewRoutes.eligibility, async ({ user }) => reviews.eligibility(user));
  registerRoute(app, reviewRoutes.toolList, async ({ params, query, reply }) => {
    const page = await reviews.listForTool(params.id, query);
    reply.header('x-total-count', String(page.total));
    return page.reviews;
  });
  registerRoute(app, reviewRoutes.toolCreate, async ({ user, params, body }) => {
    await limits.writes(user);
    await limits.reviews(user);
    return reviews.postForTool(user, params.id, body);
  });
  registerRoute(app, reviewRoutes.toolEligibility, async ({ user, params }) =>
    reviews.eligibilityForTool(user, params.id),
  );
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
    await limits.writes(user);
    return reviews.delete(user, params.id);
  });
}
