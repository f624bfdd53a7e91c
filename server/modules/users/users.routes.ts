import type { FastifyInstance } from 'fastify';
import { userRoutes } from '../../../contract/users.ts';
import { registerRoute } from '../../http/route.ts';
import type { UsersService } from './users.service.ts';

export function registerUserRoutes(app: FastifyInstance, users: UsersService): void {
  registerRoute(app, userRoutes.details, async ({ user, params }) =>
    users.details(user, params.email),
  );
  registerRoute(app, userRoutes.upsert, async ({ user, params, body }) =>
    users.upsert(user, params.email, body),
  );
  registerRoute(app, userRoutes.updateProfile, async ({ user, params, body }) =>
    users.updateProfile(user, params.email, body),
  );
  registerRoute(app, userRoutes.updateCompanyDetails, async ({ user, params, body }) =>
    users.updateCompanyDetails(user, params.email, body),
  );
  registerRoute(app, userRoutes.listAll, async ({ query, reply }) => {
    const page = await users.listAll(query);
    reply.header('x-total-count', String(page.total));
    return page.users;
  });
  registerRoute(app, userRoutes.setRole, async ({ user, query, body }) =>
    users.setRole(user, query.email, body.role),
  );
}
