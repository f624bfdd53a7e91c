import type { FastifyInstance } from 'fastify';
import { paymentTermsRoutes } from '../../../contract/payment-terms.ts';
import type { WriteLimit } from '../../http/rate-limit.ts';
import { registerRoute } from '../../http/route.ts';
import type { TermsService } from './terms.service.ts';

/** Payment terms: admins' routes; each change counts against the admin's write limit. */
export function registerTermsRoutes(
  app: FastifyInstance,
  terms: TermsService,
  limitWrites: WriteLimit,
): void {
  registerRoute(app, paymentTermsRoutes.list, async () => terms.list());
  registerRoute(app, paymentTermsRoutes.set, async ({ user, body }) => {
    await limitWrites(user);
    return terms.set(user, body);
  });
  registerRoute(app, paymentTermsRoutes.clear, async ({ user, params }) => {
    await limitWrites(user);
    return terms.clear(user, params.id);
  });
  registerRoute(app, paymentTermsRoutes.recordPayment, async ({ user, params, body }) => {
    await limitWrites(user);
    return terms.recordPayment(user, params.id, body);
  });
}
