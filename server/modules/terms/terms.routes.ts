import type { FastifyInstance } from 'fastify';
import { accountInvoiceRoutes } from '../../../contract/invoices-on-account.ts';
import { paymentTermsRoutes } from '../../../contract/payment-terms.ts';
import type { WriteLimit } from '../../http/rate-limit.ts';
import { FileAnswer, registerRoute } from '../../http/route.ts';
import type { AccountInvoicesService } from './account-invoices.service.ts';
import type { TermsService } from './terms.service.ts';

/** Payment terms: admins' routes; each change counts against the admin's write limit. */
export function registerTermsRoutes(
  app: FastifyInstance,
  terms: TermsService,
  limitWrites: WriteLimit,
): void {
  registerRoute(app, paymentTermsRoutes.list, async ({ query, reply }) => {
    const page = await terms.list(query);
    reply.header('x-total-count', String(page.total));
    return page.terms;
  });
  registerRoute(app, paymentTermsRoutes.set, async ({ user, body }) => {
    await limitWrites(user);
    return terms.set(user, body);
  });
  registerRoute(app, paymentTermsRoutes.clear, async ({ user, params }) => {
    await limitWrites(user);
    return terms.clear(user, params.id);
  });
  registerRoute(app, paymentTermsRoutes.recordPayment, async ({ user, params, body, headers }) => {
    await limitWrites(user);
    return terms.recordPayment(user, params.id, body, headers['idempotency-key']);
  });
  registerRoute(app, paymentTermsRoutes.recordPayout, async ({ user, params, body, headers }) => {
    await limitWrites(user);
    return terms.recordPayout(user, params.id, body, headers['idempotency-key']);
  });
}

/** What buyers read of their terms and invoices on account, and the admins' overdue list. */
export function registerAccountInvoiceRoutes(
  app: FastifyInstance,
  invoices: AccountInvoicesService,
  limitStatements: WriteLimit,
): void {
  const routes = accountInvoiceRoutes;
  registerRoute(app, routes.myTerms, async ({ user }) => invoices.myTerms(user));
  registerRoute(app, routes.open, async ({ user, query, reply }) => {
    const page = await invoices.open(user, query);
    reply.header('x-total-count', String(page.total));
    return page.invoices;
  });
  registerRoute(app, routes.overdue, async ({ query, reply }) => {
    const page = await invoices.overdue(query);
    reply.header('x-total-count', String(page.total));
    return page.invoices;
  });
  registerRoute(app, routes.statement, async ({ user, query }) => {
    // Each statement is read and drawn afresh, so each counts (RATE_LIMIT_STATEMENTS_PER_USER).
    await limitStatements(user);
    const { fileName, pdf } = await invoices.statementPdf(user, query);
    return new FileAnswer(pdf, {
      type: 'application/pdf',
      name: fileName,
      cacheControl: 'private, no-cache',
    });
  });
  registerRoute(app, routes.orderAccount, async ({ user, params }) =>
    invoices.orderAccount(user, params.id),
  );
}
