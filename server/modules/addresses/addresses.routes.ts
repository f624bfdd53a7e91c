import type { FastifyInstance } from 'fastify';
import { addressRoutes } from '../../../contract/addresses.ts';
import type { WriteLimit } from '../../http/rate-limit.ts';
import { registerRoute } from '../../http/route.ts';
import type { AddressesService } from './addresses.service.ts';

export function registerAddressRoutes(
  app: FastifyInstance,
  addresses: AddressesService,
  limitWrites: WriteLimit,
): void {
  registerRoute(app, addressRoutes.book, async ({ user }) => addresses.book(user));
  registerRoute(app, addressRoutes.create, async ({ user, body }) => {
    await limitWrites(user);
    return addresses.create(user, body);
  });
  registerRoute(app, addressRoutes.update, async ({ user, params, body }) => {
    await limitWrites(user);
    return addresses.update(user, params.id, body);
  });
  registerRoute(app, addressRoutes.remove, async ({ user, params }) => {
    await limitWrites(user);
    return addresses.remove(user, params.id);
  });
  registerRoute(app, addressRoutes.makeDefault, async ({ user, params }) => {
    await limitWrites(user);
    return addresses.makeDefault(user, params.id);
  });
}
