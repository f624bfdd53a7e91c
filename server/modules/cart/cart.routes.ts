import type { FastifyInstance } from 'fastify';
import { cartRoutes } from '../../../contract/cart.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { AddressLimit, WriteLimit } from '../../http/rate-limit.ts';
import { registerRoute } from '../../http/route.ts';
import type { CartService } from './cart.service.ts';

export function registerCartRoutes(
  app: FastifyInstance,
  cart: CartService,
  limits: { writes: WriteLimit; quotes: AddressLimit },
): void {
  registerRoute(app, cartRoutes.get, async ({ user }) => cart.get(user));
  registerRoute(app, cartRoutes.put, async ({ user, body }) => {
    await limits.writes(user);
    return cart.put(user, body);
  });
  registerRoute(app, cartRoutes.merge, async ({ user, body }) => {
    await limits.writes(user);
    return cart.merge(user, body);
  });
  // Public and reading the database: counted per client address, so a flood meets a 429.
  registerRoute(app, cartRoutes.quote, async ({ body, request }) => {
    await limits.quotes(clientAddress(request));
    return cart.quote(body);
  });
}
