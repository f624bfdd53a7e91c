import type { FastifyInstance } from 'fastify';
import { overviewRoutes } from '../../../contract/overview.ts';
import { registerRoute } from '../../http/route.ts';
import type { OverviewService } from './overview.service.ts';

export function registerOverviewRoutes(app: FastifyInstance, overview: OverviewService): void {
  registerRoute(app, overviewRoutes.get, async () => overview.get());
}
