import type { FastifyInstance } from 'fastify';
import { taxRoutes } from '../../../contract/tax.ts';
import type { WriteLimit } from '../../http/rate-limit.ts';
import { registerRoute } from '../../http/route.ts';
import type { TaxService } from './tax.service.ts';

/** Tax rates and exemptions (admins; each change counts against the write limit) and a buyer's decision. */
export function registerTaxRoutes(
  app: FastifyInstance,
  tax: TaxService,
  limitWrites: WriteLimit,
): void {
  registerRoute(app, taxRoutes.listRates, async () => tax.listRates());
  registerRoute(app, taxRoutes.createRate, async ({ user, body }) => {
    await limitWrites(user);
    return tax.createRate(body, user);
  });
  registerRoute(app, taxRoutes.updateRate, async ({ user, params, body }) => {
    await limitWrites(user);
    return tax.updateRate(params.id, body, user);
  });
  registerRoute(app, taxRoutes.removeRate, async ({ user, params }) => {
    await limitWrites(user);
    return tax.removeRate(params.id, user);
  });
  registerRoute(app, taxRoutes.listExemptions, async ({ query, reply }) => {
    const page = await tax.listExemptions(query);
    reply.header('x-total-count', String(page.total));
    return page.exemptions;
  });
  registerRoute(app, taxRoutes.setExemption, async ({ user, body }) => {
    await limitWrites(user);
    return tax.setExemption(user, body);
  });
  registerRoute(app, taxRoutes.clearExemption, async ({ user, params }) => {
    await limitWrites(user);
    return tax.clearExemption(user, params.id);
  });
  registerRoute(app, taxRoutes.listVatNumbers, async ({ query, reply }) => {
    const page = await tax.listVatNumbers(query);
    reply.header('x-total-count', String(page.total));
    return page.companies;
  });
  registerRoute(app, taxRoutes.verifyVatNumber, async ({ user, params, body }) => {
    await limitWrites(user);
    return tax.verifyVatNumber(user, params.companyId, body);
  });
  registerRoute(app, taxRoutes.unverifyVatNumber, async ({ user, params }) => {
    await limitWrites(user);
    return tax.unverifyVatNumber(user, params.companyId);
  });
  registerRoute(app, taxRoutes.destination, async ({ user, query }) =>
    tax.destination(user, query),
  );
}
