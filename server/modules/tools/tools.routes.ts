import type { FastifyInstance } from 'fastify';
import { toolRoutes } from '../../../contract/tools.ts';
import { registerRoute } from '../../http/route.ts';
import type { ToolsService } from './tools.service.ts';

export function registerToolRoutes(app: FastifyInstance, tools: ToolsService): void {
  registerRoute(app, toolRoutes.list, async ({ query, reply }) => {
    const { tools: page, total } = await tools.list(query);
    reply.header('x-total-count', String(total));
    return page;
  });
  registerRoute(app, toolRoutes.get, async ({ params }) => tools.get(params.id));
  registerRoute(app, toolRoutes.create, async ({ body }) => tools.create(body));
  registerRoute(app, toolRoutes.update, async ({ params, body }) => tools.update(params.id, body));
  registerRoute(app, toolRoutes.setStock, async ({ params, body }) =>
    tools.setStock(params.id, body.newQuantity),
  );
  registerRoute(app, toolRoutes.remove, async ({ params }) => tools.remove(params.id));
}
