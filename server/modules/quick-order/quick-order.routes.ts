import type { FastifyInstance } from 'fastify';
import { quickOrderRoutes } from '../../../contract/quick-order.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { AddressLimit, WriteLimit } from '../../http/rate-limit.ts';
import { registerRoute } from '../../http/route.ts';
import type { QuickOrderService } from './quick-order.service.ts';

export function registerQuickOrderRoutes(
  app: FastifyInstance,
  quickOrder: QuickOrderService,
  limits: { writes: WriteLimit; quotes: AddressLimit },
): void {
  // Public and reading the database: counted with a visitor's cart quotes, per client address.
  registerRoute(app, quickOrderRoutes.check, async ({ body, request }) => {
    await limits.quotes(clientAddress(request));
    return quickOrder.check(body);
  });
  registerRoute(app, quickOrderRoutes.addToCart, async ({ user, body }) => {
    await limits.writes(user);
    return quickOrder.addToCart(user, body);
  });
}
