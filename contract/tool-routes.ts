import { z } from 'zod';
import { FacetsSchema } from './catalogue-filters.ts';
import { DeletedCountSchema, IdParamsSchema, route } from './common.ts';
import {
  FacetsQuerySchema,
  ListToolsQuerySchema,
  MANAGE_TOOLS_PAGE_MAX,
  ManageToolsQuerySchema,
} from './tool-lists.ts';
import {
  CreateToolBodySchema,
  OpenOrdersSchema,
  SetStockBodySchema,
  ToolDetailSchema,
  ToolSchema,
  UpdateToolBodySchema,
} from './tools.ts';

const NO_TOOL = 'No tool with this id in the catalogue (never added, or deleted).';

export const toolRoutes = {
  list: route({
    method: 'GET',
    path: '/tools',
    access: 'public',
    summary: 'List the catalogue',
    description:
      "Tools in the catalogue: all of them, or a page (limit, offset), narrowed by a category (category: its slug, that category and those below it) and filters (brand, repeated for several; inStock=true: at least the minimum order in stock; minPrice and maxPrice in minor units; spec.<key> for a filterable specification, repeated for several values, or min..max for a number), found by words of their name or description (q; best match first with sort=relevance) and sorted. A number with the unit of a specification in q (`19mm`, `18V`) is looked for among the tools' specification values (the rest of q as words; as words alone when no tool holds the value), and a q of one word with a digit also finds tools by part number, the SKU, MPN or GTIN that is q first, then those starting with it. The total that match is in X-Total-Count. Answers are cached for a short while and carry an ETag: ask with If-None-Match to get 304 while nothing changed.",
    returns: 'The tools that match, in the order asked for.',
    tags: ['tools'],
    query: ListToolsQuerySchema,
    response: z.array(ToolSchema),
    responseHeaders: ['X-Total-Count', 'ETag', 'Cache-Control'],
  }),
  facets: route({
    method: 'GET',
    path: '/tools/facets',
    access: 'public',
    summary: 'Count the catalogue by filter',
    description:
      "The filters of a catalogue query (the list's q, category, brand, inStock, minPrice, maxPrice and spec.<key> parameters, without sort or page) with, for each value, how many tools choosing it would leave. Counts are disjunctive: a filter's own choices do not narrow its own counts (choosing one brand still shows what each other brand would add), every other filter does. The answer also has the tools matching everything (total), the categories one level below the chosen one with their tools, the price range and, for each filterable specification the tools hold, its values and a number's range. Cached like the list, with an ETag.",
    returns: 'The counts of every filter for the query.',
    tags: ['tools'],
    query: FacetsQuerySchema,
    response: FacetsSchema,
    responseHeaders: ['ETag', 'Cache-Control'],
  }),
  manage: route({
    method: 'GET',
    path: '/tools/manage',
    access: 'admin',
    summary: 'List tools for admins',
    description: `Tools for admins, read afresh on every request: search (q: words of the name or description, part of a name, or a tool's whole id), low stock (lowStock=true: below the minimum order; below=N: fewer than N units), sort, a page (limit, at most ${MANAGE_TOOLS_PAGE_MAX}, 50 by default; offset). The total that match is in X-Total-Count.`,
    returns: 'A page of the tools that match.',
    tags: ['tools'],
    query: ManageToolsQuerySchema,
    response: z.array(ToolSchema),
    responseHeaders: ['X-Total-Count'],
  }),
  openOrders: route({
    method: 'GET',
    path: '/tools/:id/open-orders',
    access: 'admin',
    summary: "Count a tool's open orders",
    description:
      'How many open orders (unpaid, or paid and not yet shipped) contain a tool: what deleting it would leave to fulfil.',
    returns: 'The open orders containing the tool, in all and by kind.',
    tags: ['tools'],
    params: IdParamsSchema,
    response: OpenOrdersSchema,
    errors: { 404: NO_TOOL },
  }),
  get: route({
    method: 'GET',
    path: '/purchase/:id',
    access: 'public',
    summary: 'Read one tool',
    description:
      'One tool of the catalogue, with its stock and volume prices, its gallery (pictures after the main `img`, with alt texts), its documents (PDFs to download, with their size) and its related tools (accessories, and tools a buyer may also need: listed tools only, as small summaries). Cached for a short while with an ETag, as the list is.',
    returns: 'The tool.',
    tags: ['tools'],
    params: IdParamsSchema,
    response: ToolDetailSchema,
    responseHeaders: ['ETag', 'Cache-Control'],
    errors: { 404: NO_TOOL },
  }),
  create: route({
    method: 'POST',
    path: '/tools',
    access: 'admin',
    summary: 'Add a tool',
    description:
      "Adds a tool to the catalogue (written to the audit log). Its SKU must be unique among listed tools whatever the letter case; without one the store numbers it (`TOOL-00042`), without a brand it carries the store's own, and a GTIN is checked by its check digit. Volume prices must rise in quantity and fall in price, the first above the minimum order and below the unit price. A price of 0 or a minimum order above the stock looks like a mistake: it is refused with 409 confirmation_required unless `confirm` acknowledges it (`free`, `minimum_above_stock`). `gallery`, `documents` (PDFs uploaded first with POST /api/uploads/documents) and `related` (listed tools, each once) are optional lists with their own maxima; an entry that cannot be saved is a 400 naming it (`related.0.toolId`, `documents.1.url`).",
    returns: 'The tool as stored.',
    tags: ['tools'],
    body: CreateToolBodySchema,
    response: ToolDetailSchema,
    status: 201,
    errors: {
      409: 'confirmation_required: a price of 0 or a minimum order above the stock, not acknowledged in `confirm` (the problem lists what to acknowledge); sku_taken: another listed tool has this SKU (SKUs are the same whatever the letter case).',
    },
  }),
  update: route({
    method: 'PATCH',
    path: '/tools/:id',
    access: 'admin',
    summary: 'Change a tool',
    description:
      "Changes any of a tool's fields (SKU, brand, MPN and GTIN included; null forgets the MPN or GTIN), sets its stock (quantity, as counted) or adds to it (restock, added atomically), not both; at least one field besides `confirm`. `priceTiers` replaces every break ([] removes them), and so do `gallery`, `documents` and `related` their lists (a tool cannot be related to itself). Setting a price of 0 or a minimum order above the stock needs `confirm`, as when adding. Written to the audit log.",
    returns: 'The tool as it is now.',
    tags: ['tools'],
    params: IdParamsSchema,
    body: UpdateToolBodySchema,
    response: ToolDetailSchema,
    errors: {
      404: NO_TOOL,
      409: 'confirmation_required: a price of 0 or a minimum order above the stock, not acknowledged in `confirm`; sku_taken: another listed tool has this SKU.',
    },
  }),
  setStock: route({
    method: 'PUT',
    path: '/purchase/:id',
    access: 'admin',
    summary: 'Set the stock of a tool',
    description: 'Sets how many units of a tool are in stock (written to the audit log).',
    returns: 'The tool with its new stock.',
    tags: ['tools'],
    params: IdParamsSchema,
    body: SetStockBodySchema,
    response: ToolSchema,
    errors: { 404: NO_TOOL },
  }),
  remove: route({
    method: 'DELETE',
    path: '/product/:id',
    access: 'admin',
    summary: 'Delete a tool',
    description:
      'Takes a tool out of the catalogue (written to the audit log); past and open orders keep its name and price.',
    returns: 'How many tools were deleted: 1.',
    tags: ['tools'],
    params: IdParamsSchema,
    response: DeletedCountSchema,
    errors: { 404: NO_TOOL },
  }),
} as const;
