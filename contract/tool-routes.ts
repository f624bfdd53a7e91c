import { z } from 'zod';
import { DeletedCountSchema, IdParamsSchema, route } from './common.ts';
import {
  ListToolsQuerySchema,
  MANAGE_TOOLS_PAGE_MAX,
  ManageToolsQuerySchema,
} from './tool-lists.ts';
import {
  CreateToolBodySchema,
  OpenOrdersSchema,
  SetStockBodySchema,
  ToolSchema,
  UpdateToolBodySchema,
} from './tools.ts';

export const toolRoutes = {
  list: route({
    method: 'GET',
    path: '/tools',
    access: 'public',
    summary: 'List tools (search by name, sort, page). The total is in X-Total-Count.',
    tags: ['tools'],
    query: ListToolsQuerySchema,
    response: z.array(ToolSchema),
  }),
  manage: route({
    method: 'GET',
    path: '/tools/manage',
    access: 'admin',
    summary: `Tools for admins, never cached: search (q), low stock (lowStock=true: below the minimum order; below=N: fewer than N units), sort, a page (limit, at most ${MANAGE_TOOLS_PAGE_MAX}, 50 by default; offset). The total is in X-Total-Count.`,
    tags: ['tools'],
    query: ManageToolsQuerySchema,
    response: z.array(ToolSchema),
  }),
  openOrders: route({
    method: 'GET',
    path: '/tools/:id/open-orders',
    access: 'admin',
    summary: 'How many open orders (unpaid, or paid and not yet shipped) contain a tool.',
    tags: ['tools'],
    params: IdParamsSchema,
    response: OpenOrdersSchema,
  }),
  get: route({
    method: 'GET',
    path: '/purchase/:id',
    access: 'public',
    summary: 'One tool.',
    tags: ['tools'],
    params: IdParamsSchema,
    response: ToolSchema,
  }),
  create: route({
    method: 'POST',
    path: '/tools',
    access: 'admin',
    summary:
      'Add a tool. A price of 0 or a minimum order above the stock is refused (409 confirmation_required) unless `confirm` acknowledges it.',
    tags: ['tools'],
    body: CreateToolBodySchema,
    response: ToolSchema,
    status: 201,
  }),
  update: route({
    method: 'PATCH',
    path: '/tools/:id',
    access: 'admin',
    summary:
      "Edit any of a tool's fields, set its stock (quantity) or add to it (restock). Setting a price of 0 or a minimum order above the stock needs `confirm`, as when adding.",
    tags: ['tools'],
    params: IdParamsSchema,
    body: UpdateToolBodySchema,
    response: ToolSchema,
  }),
  setStock: route({
    method: 'PUT',
    path: '/purchase/:id',
    access: 'admin',
    summary: 'Set the stock of a tool.',
    tags: ['tools'],
    params: IdParamsSchema,
    body: SetStockBodySchema,
    response: ToolSchema,
  }),
  remove: route({
    method: 'DELETE',
    path: '/product/:id',
    access: 'admin',
    summary: 'Delete a tool: it leaves the catalogue; past orders keep its name and price.',
    tags: ['tools'],
    params: IdParamsSchema,
    response: DeletedCountSchema,
  }),
} as const;
