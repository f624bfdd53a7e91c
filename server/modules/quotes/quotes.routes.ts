import type { FastifyInstance } from 'fastify';
import { quoteRoutes } from '../../../contract/quote-routes.ts';
import type { WriteLimit } from '../../http/rate-limit.ts';
import { registerRoute } from '../../http/route.ts';
import type { QuotesService } from './quotes.service.ts';

/** The quote routes: the buyer's side (/quotes) and the store's (/quote-requests, admins). */
export function registerQuoteRoutes(
  app: FastifyInstance,
  quotes: QuotesService,
  limitWrites: WriteLimit,
): void {
  registerRoute(app, quoteRoutes.request, async ({ user, body }) => {
    await limitWrites(user);
    return quotes.request(user, body);
  });
  registerRoute(app, quoteRoutes.listMine, async ({ user, query, reply }) => {
    const page = await quotes.listMine(user, query);
    reply.header('x-total-count', String(page.total));
    return page.quotes;
  });
  registerRoute(app, quoteRoutes.get, async ({ user, params }) => quotes.get(user, params.id));
  registerRoute(app, quoteRoutes.writeMessage, async ({ user, params, body }) => {
    await limitWrites(user);
    return quotes.writeMessage(user, params.id, body);
  });
  registerRoute(app, quoteRoutes.withdraw, async ({ user, params }) => {
    await limitWrites(user);
    return quotes.withdraw(user, params.id);
  });
  registerRoute(app, quoteRoutes.accept, async ({ user, params, body }) => {
    await limitWrites(user);
    return quotes.accept(user, params.id, body);
  });
  registerRoute(app, quoteRoutes.deliveryOptions, async ({ user, params, query }) =>
    quotes.deliveryOptions(user, params.id, query.country),
  );
  registerRoute(app, quoteRoutes.decline, async ({ user, params }) => {
    await limitWrites(user);
    return quotes.decline(user, params.id);
  });
  registerRoute(app, quoteRoutes.listRequests, async ({ query, reply }) => {
    const page = await quotes.listRequests(query);
    reply.header('x-total-count', String(page.total));
    return page.quotes;
  });
  registerRoute(app, quoteRoutes.getRequest, async ({ params }) => quotes.getRequest(params.id));
  registerRoute(app, quoteRoutes.offer, async ({ user, params, body }) =>
    quotes.offer(user, params.id, body),
  );
  registerRoute(app, quoteRoutes.refuse, async ({ user, params, body }) =>
    quotes.refuse(user, params.id, body),
  );
  registerRoute(app, quoteRoutes.writeStoreMessage, async ({ user, params, body }) =>
    quotes.writeStoreMessage(user, params.id, body),
  );
}
