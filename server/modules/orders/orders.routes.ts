import type { FastifyInstance } from 'fastify';
import { orderRoutes } from '../../../contract/orders.ts';
import type { WriteLimit } from '../../http/rate-limit.ts';
import { FileAnswer, registerRoute } from '../../http/route.ts';
import type { OrdersService } from './orders.service.ts';

export function registerOrderRoutes(
  app: FastifyInstance,
  orders: OrdersService,
  limitWrites: WriteLimit,
): void {
  registerRoute(app, orderRoutes.place, async ({ user, query, body, headers }) => {
    await limitWrites(user);
    return orders.place(user, query.email, body, headers['idempotency-key']);
  });
  registerRoute(app, orderRoutes.create, async ({ user, body, headers }) => {
    await limitWrites(user);
    return orders.placeLines(user, body, headers['idempotency-key']);
  });
  registerRoute(app, orderRoutes.get, async ({ user, params }) => orders.get(user, params.id));
  registerRoute(app, orderRoutes.invoice, async ({ user, params }) => {
    const { fileName, pdf } = await orders.invoicePdf(user, params.id);
    return new FileAnswer(pdf, {
      type: 'application/pdf',
      name: fileName,
      cacheControl: 'private, no-cache',
    });
  });
  registerRoute(app, orderRoutes.listMine, async ({ user, query, reply }) => {
    const page = await orders.listOfUser(user, query);
    reply.header('x-total-count', String(page.total));
    return page.orders;
  });
  registerRoute(app, orderRoutes.cancel, async ({ user, params }) =>
    orders.cancel(user, params.id),
  );
  registerRoute(app, orderRoutes.listAll, async ({ query, reply }) => {
    const page = await orders.listAll(query);
    reply.header('x-total-count', String(page.total));
    return page.orders;
  });
  registerRoute(app, orderRoutes.exportAll, async ({ query }) => {
    const { fileName, csv } = await orders.exportCsv(query);
    return new FileAnswer(csv, {
      type: 'text/csv; charset=utf-8',
      name: fileName,
      cacheControl: 'private, no-store',
    });
  });
  registerRoute(app, orderRoutes.ship, async ({ user, params, body }) =>
    orders.ship(user, params.id, body),
  );
  registerRoute(app, orderRoutes.noteRefund, async ({ user, params, body }) => {
    await limitWrites(user);
    return orders.noteRefund(user, params.id, body);
  });
}
