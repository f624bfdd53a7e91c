import type { FastifyInstance } from 'fastify';
import { auditRoutes } from '../../../contract/audit.ts';
import type { Db } from '../../db/client.ts';
import { registerRoute } from '../../http/route.ts';
import { listAudit } from './audit.repo.ts';

export function registerAuditRoutes(app: FastifyInstance, db: Db): void {
  registerRoute(app, auditRoutes.list, async ({ query, reply }) => {
    const page = await listAudit(db, query);
    reply.header('x-total-count', String(page.total));
    return page.entries;
  });
}
