import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type PublicConfig, systemRoutes } from '../../../contract/system.ts';
import type { Db } from '../../db/client.ts';
import { AppError, serviceUnavailable } from '../../errors.ts';
import { registerRoute } from '../../http/route.ts';
import type { Readiness } from '../../ops/readiness.ts';

export function registerSystemRoutes(
  app: FastifyInstance,
  db: Db,
  publicConfig: PublicConfig,
  readiness: Readiness,
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

  registerRoute(app, systemRoutes.ready, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    const reason = await readiness.check();
    // No Retry-After: a balancer asks again on its own schedule, and a draining instance never
    // becomes ready again.
    if (reason) throw new AppError(503, 'not_ready', reason);
    return { status: 'ready', database: 'ok', migrations: 'ok', changeFeed: 'ok' } as const;
  });
}
