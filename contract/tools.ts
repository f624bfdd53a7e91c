import { z } from 'zod';
import {
  DeletedCountSchema,
  hasControlCharacters,
  IdParamsSchema,
  IdSchema,
  isSitePath,
  MoneySchema,
  multilineText,
  plainText,
  route,
  TimestampSchema,
} from './common.ts';
import { formatCount } from './format.ts';

export const ToolSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  img: z.string(),
  description: z.string(),
  /** Units in stock. */
  quantity: z.int().min(0),
  minimumOrder: z.int().min(1),
  /** Unit price in minor units. */
  price: MoneySchema,
  createdAt: TimestampSchema,
});
export type Tool = z.infer<typeof ToolSchema>;

export const MAX_STOCK = 10_000_000;
export const MAX_PRICE = 100_000_000;

const StockSchema = z
  .int({ error: 'Must be a whole number.' })
  .min(0, { error: 'Must be 0 or more.' })
  .max(MAX_STOCK, { error: `Must be at most ${formatCount(MAX_STOCK)} units.` });

/** An image is a path on this site (`/images/...`) or an https URL. */
export const ImageUrlSchema = z
  .string()
  .trim()
  .max(2048, { error: 'Must be at most 2048 characters.' })
  .refine((value) => isSitePath(value) || isHttpsUrl(value), {
    error: 'Must be an https:// link or a path on this site.',
  });

function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\/[^\s\\]+$/.test(value) || hasControlCharacters(value)) return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

const toolFields = {
  name: plainText(2, 120),
  img: ImageUrlSchema,
  description: multilineText(10, 4000),
  minimumOrder: z
    .int({ error: 'Must be a whole number.' })
    .min(1, { error: 'Must be at least 1 unit.' })
    .max(MAX_STOCK, { error: `Must be at most ${formatCount(MAX_STOCK)} units.` }),
  price: z
    .int({ error: 'Must be a whole number of cents.' })
    .min(0, { error: 'Must be 0 or more.' })
    .max(MAX_PRICE, { error: `Must be at most ${formatCount(MAX_PRICE)} cents.` }),
};

export const CreateToolBodySchema = z.strictObject({ ...toolFields, quantity: StockSchema });
export type CreateToolBody = z.infer<typeof CreateToolBodySchema>;

export const UpdateToolBodySchema = z
  .strictObject({
    ...toolFields,
    /** Units to add to the current stock (restock); added atomically. */
    restock: z
      .int({ error: 'Must be a whole number.' })
      .min(1, { error: 'Must be at least 1 unit.' })
      .max(MAX_STOCK, { error: `Must be at most ${formatCount(MAX_STOCK)} units.` }),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: 'Change at least one field.' });
export type UpdateToolBody = z.infer<typeof UpdateToolBodySchema>;

export const SetStockBodySchema = z.strictObject({ newQuantity: StockSchema });
export type SetStockBody = z.infer<typeof SetStockBodySchema>;

export const TOOL_SORTS = [
  /** Best match first when searching (newest first otherwise). */
  'relevance',
  'oldest',
  'newest',
  'name_asc',
  'name_desc',
  'price_asc',
  'price_desc',
] as const;
export const ToolSortSchema = z.enum(TOOL_SORTS);
export type ToolSort = z.infer<typeof ToolSortSchema>;

export const ListToolsQuerySchema = z.strictObject({
  q: plainText(0, 100).optional(),
  /** `oldest` (insertion order) by default, as the original API listed tools. */
  sort: ToolSortSchema.default('oldest'),
  /** Without a limit, every matching tool is returned, as the original API did. */
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ListToolsQuery = z.input<typeof ListToolsQuerySchema>;

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
    summary: 'Add a tool.',
    tags: ['tools'],
    body: CreateToolBodySchema,
    response: ToolSchema,
    status: 201,
  }),
  update: route({
    method: 'PATCH',
    path: '/tools/:id',
    access: 'admin',
    summary: 'Edit a tool and/or restock it.',
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
