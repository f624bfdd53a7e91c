import type { FastifyInstance } from 'fastify';
import { cartRoutes } from '../../../contract/cart.ts';
import { creditNoteRoutes } from '../../../contract/credit-notes.ts';
import { orderApprovalRoutes } from '../../../contract/order-approvals.ts';
import { orderRoutes } from '../../../contract/order-routes.ts';
import { prepareJson, type ResponseCache } from '../../cache/response-cache.ts';
import type { WriteLimit } from '../../http/rate-limit.ts';
import { FileAnswer, PreparedAnswer, registerRoute } from '../../http/route.ts';
import { isOwner } from '../../http/session.ts';
import type { OrdersService } from './orders.service.ts';

/**
 * The order routes, and the cart's checkout (it places an order). A customer's own order list is served from `customerAnswers` (grouped by
 * customer, dropped whenever anything of theirs changes: server/cache/customer-cache.ts); an admin
 * reading someone else's is read afresh.
 */
export function registerOrderRoutes(
  app: FastifyInstance,
  orders: OrdersService,
  { limitWrites, customerAnswers }: { limitWrites: WriteLimit; customerAnswers: ResponseCache },
): void {
  registerRoute(app, orderRoutes.place, async ({ user, query, body, headers }) => {
    await limitWrites(user);
    return orders.place(user, query.email, body, headers['idempotency-key']);
  });
  registerRoute(app, orderRoutes.create, async ({ user, body, headers }) => {
    await limitWrites(user);
    return orders.placeLines(user, body, headers['idempotency-key']);
  });
  registerRoute(app, cartRoutes.checkout, async ({ user, body, headers }) => {
    await limitWrites(user);
    return orders.checkOutCart(user, body, headers['idempotency-key']);
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
  registerRoute(app, creditNoteRoutes.pdf, async ({ user, params }) => {
    const { fileName, pdf } = await orders.creditNotePdf(user, params.number);
    return new FileAnswer(pdf, {
      type: 'application/pdf',
      name: fileName,
      cacheControl: 'private, no-cache',
    });
  });
  registerRoute(app, creditNoteRoutes.listMine, async ({ user, query, reply }) => {
    const page = await orders.listCreditNotes(user, query);
    reply.header('x-total-count', String(page.total));
    return page.notes;
  });
  registerRoute(app, orderRoutes.listMine, async ({ user, query }) => {
    const prepareList = async () => {
      const page = await orders.listOfUser(user, query);
      return prepareJson(orderRoutes.listMine.response.parse(page.orders), {
        'x-total-count': String(page.total),
      });
    };
    if (!isOwner(user, { email: query.email })) {
      return new PreparedAnswer(await prepareList(), 'no-store');
    }
    const { status, limit, offset } = query;
    const key = JSON.stringify(['mine', user.id, status ?? null, limit ?? null, offset]);
    const prepared = await customerAnswers.get(key, prepareList, { group: user.id });
    return new PreparedAnswer(prepared, 'no-store');
  });
  registerRoute(app, orderRoutes.cancel, async ({ user, params }) => {
    await limitWrites(user);
    return orders.cancel(user, params.id);
  });
  registerRoute(app, orderApprovalRoutes.approve, async ({ user, params }) => {
    await limitWrites(user);
    return orders.approve(user, params.id);
  });
  registerRoute(app, orderApprovalRoutes.reject, async ({ user, params, body }) => {
    await limitWrites(user);
    return orders.reject(user, params.id, body);
  });
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
  registerRoute(app, orderRoutes.ship, async ({ user, params, body }) => {
    await limitWrites(user);
    return orders.ship(user, params.id, body);
  });
  registerRoute(app, orderRoutes.updateShipments, async ({ user, params, body }) => {
    await limitWrites(user);
    return orders.updateShipments(user, params.id, body);
  });
  registerRoute(app, orderRoutes.noteRefund, async ({ user, params, body, headers }) => {
    await limitWrites(user);
    return orders.refund(user, params.id, body, headers['idempotency-key']);
  });
  registerRoute(app, orderRoutes.sendRefundAgain, async ({ user, params }) => {
    await limitWrites(user);
    return orders.sendRefundAgain(user, params.id, params.refundId);
  });
}
