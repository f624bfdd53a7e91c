import type { FastifyInstance } from 'fastify';
import { deliveryMethodRoutes } from '../../../contract/delivery-methods.ts';
import { registerRoute } from '../../http/route.ts';
import type { DeliveryMethodsService } from './delivery-methods.service.ts';

export function registerDeliveryMethodRoutes(
  app: FastifyInstance,
  methods: DeliveryMethodsService,
): void {
  registerRoute(app, deliveryMethodRoutes.list, async () => methods.list());
  registerRoute(app, deliveryMethodRoutes.create, async ({ body, user }) =>
    methods.create(body, user),
  );
  registerRoute(app, deliveryMethodRoutes.update, async ({ params, body, user }) =>
    methods.update(params.id, body, user),
  );
  registerRoute(app, deliveryMethodRoutes.remove, async ({ params, user }) =>
    methods.remove(params.id, user),
  );
  registerRoute(app, deliveryMethodRoutes.options, async ({ query, user }) =>
    methods.optionsForCart(user, query.country),
  );
  registerRoute(app, deliveryMethodRoutes.toolOptions, async ({ params, query }) =>
    methods.optionsForTool(params.id, query.quantity, query.country),
  );
}
