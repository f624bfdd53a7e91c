import type { FastifyInstance } from 'fastify';
import { companyRoutes } from '../../../contract/company-routes.ts';
import type { Db } from '../../db/client.ts';
import type { WriteLimit } from '../../http/rate-limit.ts';
import { registerRoute } from '../../http/route.ts';
import { listCompanyOrders } from '../orders/index.ts';
import type { CompaniesService } from './companies.service.ts';
import type { InvitationsService } from './invitations.service.ts';

/**
 * A company's routes: every change is a write the caller's write limit counts; invitations send
 * mail, which the invitation service caps per address as well.
 */
export function registerCompanyRoutes(
  app: FastifyInstance,
  services: { companies: CompaniesService; invitations: InvitationsService; db: Db },
  limitWrites: WriteLimit,
): void {
  const { companies, invitations, db } = services;
  registerRoute(app, companyRoutes.create, async ({ user, body }) => {
    await limitWrites(user);
    return companies.create(user, body);
  });
  registerRoute(app, companyRoutes.mine, async ({ user }) => companies.mine(user));
  registerRoute(app, companyRoutes.members, async ({ user, query, reply }) => {
    const page = await companies.members(user, query);
    reply.header('x-total-count', String(page.total));
    return page.items;
  });
  registerRoute(app, companyRoutes.invitations, async ({ user, query, reply }) => {
    const page = await invitations.list(user, query);
    reply.header('x-total-count', String(page.total));
    return page.items;
  });
  registerRoute(app, companyRoutes.update, async ({ user, body }) => {
    await limitWrites(user);
    return companies.update(user, body);
  });
  registerRoute(app, companyRoutes.invite, async ({ user, body }) => {
    await limitWrites(user);
    return invitations.invite(user, body);
  });
  registerRoute(app, companyRoutes.revokeInvitation, async ({ user, params }) => {
    await limitWrites(user);
    return invitations.revoke(user, params.id);
  });
  registerRoute(app, companyRoutes.updateMember, async ({ user, params, body }) => {
    await limitWrites(user);
    return companies.updateMember(user, params.userId, body);
  });
  registerRoute(app, companyRoutes.removeMember, async ({ user, params }) => {
    await limitWrites(user);
    return companies.removeMember(user, params.userId);
  });
  registerRoute(app, companyRoutes.leave, async ({ user }) => {
    await limitWrites(user);
    return companies.leave(user);
  });
  registerRoute(app, companyRoutes.orders, async ({ user, query, reply }) => {
    const page = await listCompanyOrders(db, user, query);
    reply.header('x-total-count', String(page.total));
    return page.orders;
  });
  registerRoute(app, companyRoutes.openInvitation, async ({ user, body }) =>
    invitations.open(user, body.token),
  );
  registerRoute(app, companyRoutes.acceptInvitation, async ({ user, body }) => {
    await limitWrites(user);
    return invitations.accept(user, body.token);
  });
  registerRoute(app, companyRoutes.listAll, async ({ query, reply }) => {
    const page = await companies.listAll(query);
    reply.header('x-total-count', String(page.total));
    return page.items;
  });
}
