import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type PublicConfig, systemRoutes } from '../../../contract/system.ts';
import type { Db } from '../../db/client.ts';
import { serviceUnavailable } from '../../errors.ts';
import { registerRoute } from '../../http/route.ts';

export function registerSystemRoutes(
  app: FastifyInstance,
  db: Db,
  publicConfig: PublicConfig,
): void {
  registerRoute(app, systemRoutes.config, async ({ reply }) => {
    reply.header('cache-control', 'public, max-age=60');
    return publicConfig;
  });

  registerRoute(app, systemRoutes.health, async ({ reply, request }) => {
    reply.header('cache-control', 'no-store');
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok', database: 'ok' } as const;
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unavailable');
      throw serviceUnavailable('The database is not answering.');
    }
  });
}
