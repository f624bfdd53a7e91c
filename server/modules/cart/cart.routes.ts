import type { FastifyInstance } from 'fastify';
import { cartRoutes } from '../../../contract/cart.ts';
import type { WriteLimit } from '../../http/rate-limit.ts';
import { registerRoute } from '../../http/route.ts';
import type { CartService } from './cart.service.ts';

export function registerCartRoutes(
  app: FastifyInstance,
  cart: CartService,
  limitWrites: WriteLimit,
): void {
  registerRoute(app, cartRoutes.get, async ({ user }) => cart.get(user));
  registerRoute(app, cartRoutes.put, async ({ user, body }) => {
    await limitWrites(user);
    return cart.put(user, body);
  });
}
