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
import { MAX_ORDER_UNITS } from './orders.ts';

export const MAX_STOCK = 10_000_000;
export const MAX_PRICE = 100_000_000;

/** The most price breaks one tool may have. */
export const MAX_PRICE_TIERS = 5;

/** A volume price: from `minQuantity` units in one order line, each unit costs `price`. */
export const PriceTierSchema = z.strictObject({
  minQuantity: z
    .int({ error: 'Must be a whole number.' })
    .min(2, { error: 'Must be at least 2 units.' })
    .max(MAX_ORDER_UNITS, { error: `Must be at most ${formatCount(MAX_ORDER_UNITS)} units.` }),
  // A break is a lower price, never a free one: 0 is left to the tool's own price.
  price: z
    .int({ error: 'Must be a whole number of cents.' })
    .min(1, { error: 'Must be more than 0.' })
    .max(MAX_PRICE, { error: `Must be at most ${formatCount(MAX_PRICE)} cents.` }),
});

/** Price breaks as admins set them: quantities rising, prices falling. */
export const PriceTiersSchema = z
  .array(PriceTierSchema)
  .max(MAX_PRICE_TIERS, { error: `At most ${MAX_PRICE_TIERS} price breaks.` })
  .superRefine((tiers, context) => {
    for (const [index, tier] of tiers.entries()) {
      const before = tiers[index - 1];
      if (!before) continue;
      if (tier.minQuantity <= before.minQuantity)
        context.addIssue({
          code: 'custom',
          path: [index, 'minQuantity'],
          message: `Must be more than the break before it (${formatCount(before.minQuantity)} units).`,
        });
      if (tier.price >= before.price)
        context.addIssue({
          code: 'custom',
          path: [index, 'price'],
          message: 'Must be lower than the price of the break before it.',
        });
    }
  });

/**
 * What is wrong with a tool's breaks given its own price and minimum order, as field errors
 * (`priceTiers.0.price`), or none. Checked wherever a tool is saved, the fields merged first.
 */
export function priceTierProblems(tool: {
  price: number;
  minimumOrder: number;
  priceTiers: readonly { minQuantity: number; price: number }[];
}): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  const first = tool.priceTiers[0];
  if (first && first.minQuantity <= tool.minimumOrder)
    problems.push({
      path: ['priceTiers', 0, 'minQuantity'],
      message: `Must be more than the minimum order (${formatCount(tool.minimumOrder)} units).`,
    });
  if (first && first.price >= tool.price)
    problems.push({
      path: ['priceTiers', 0, 'price'],
      message: 'Must be lower than the unit price.',
    });
  return problems;
}

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
  /** Volume prices, quantities rising (none: the unit price for any quantity). */
  priceTiers: z.array(PriceTierSchema),
  createdAt: TimestampSchema,
});
export type Tool = z.infer<typeof ToolSchema>;

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

/**
 * What an admin may acknowledge to save a tool the store would otherwise refuse as a likely
 * mistake: `free`, a unit price of 0; `minimum_above_stock`, a minimum order above the stock
 * (nobody can buy the tool until it is restocked). See docs/decisions/016-tools-for-admins.md.
 */
export const TOOL_CONFIRMATIONS = ['free', 'minimum_above_stock'] as const;
export const ToolConfirmationSchema = z.enum(TOOL_CONFIRMATIONS);
export type ToolConfirmation = z.infer<typeof ToolConfirmationSchema>;

const ConfirmSchema = z
  .array(ToolConfirmationSchema)
  .max(TOOL_CONFIRMATIONS.length, { error: `At most ${TOOL_CONFIRMATIONS.length} entries.` });

/**
 * The acknowledgements a tool's saved fields need: the price is 0, or the minimum order is above
 * the stock. `changed` names the fields the request sets: only what the admin changes is asked
 * about (a tool that sold down below its minimum is low stock, not a mistake).
 */
export function neededConfirmations(
  tool: { price: number; minimumOrder: number; quantity: number },
  changed: { price: boolean; minimumOrder: boolean; quantity: boolean },
): ToolConfirmation[] {
  const needed: ToolConfirmation[] = [];
  if (changed.price && tool.price === 0) needed.push('free');
  if ((changed.minimumOrder || changed.quantity) && tool.minimumOrder > tool.quantity)
    needed.push('minimum_above_stock');
  return needed;
}

/** A new tool's fields, before the check that spans them (forms extend this object). */
export const ToolFieldsSchema = z.strictObject({
  ...toolFields,
  quantity: StockSchema,
  priceTiers: PriceTiersSchema.default([]),
  /** Acknowledges a price of 0 or a minimum order above the stock (TOOL_CONFIRMATIONS). */
  confirm: ConfirmSchema.optional(),
});

/** Adds priceTierProblems as issues: for any schema whose output has the three fields. */
export function checkPriceTiers(
  body: Parameters<typeof priceTierProblems>[0],
  context: z.RefinementCtx,
): void {
  for (const problem of priceTierProblems(body)) context.addIssue({ code: 'custom', ...problem });
}

export const CreateToolBodySchema = ToolFieldsSchema.superRefine(checkPriceTiers);
export type CreateToolBody = z.infer<typeof CreateToolBodySchema>;

export const UpdateToolBodySchema = z
  .strictObject({
    ...toolFields,
    /** Replaces every break; [] removes them. */
    priceTiers: PriceTiersSchema,
    /** Sets the stock to this many units (as counted); not with `restock`. */
    quantity: StockSchema,
    /** Units to add to the current stock (restock); added atomically. */
    restock: z
      .int({ error: 'Must be a whole number.' })
      .min(1, { error: 'Must be at least 1 unit.' })
      .max(MAX_STOCK, { error: `Must be at most ${formatCount(MAX_STOCK)} units.` }),
    /** Acknowledges a price of 0 or a minimum order above the stock (TOOL_CONFIRMATIONS). */
    confirm: ConfirmSchema,
  })
  .partial()
  .refine((body) => Object.keys(body).some((key) => key !== 'confirm'), {
    error: 'Change at least one field.',
  })
  .refine((body) => body.quantity === undefined || body.restock === undefined, {
    path: ['restock'],
    error: 'Set the stock or add units to it, not both.',
  });
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

/** The most tools one page of the admin's list holds. */
export const MANAGE_TOOLS_PAGE_MAX = 100;

export const MANAGE_TOOL_SORTS = [
  'newest',
  'oldest',
  'name_asc',
  'name_desc',
  'price_asc',
  'price_desc',
  /** Fewest units in stock first: what to restock first. */
  'stock_asc',
  'stock_desc',
] as const;
export const ManageToolSortSchema = z.enum(MANAGE_TOOL_SORTS);
export type ManageToolSort = z.infer<typeof ManageToolSortSchema>;

/** The admin's tool list: a search, low stock only, sorted, a page. Deleted tools never show. */
export const ManageToolsQuerySchema = z.strictObject({
  /** Words of the name or description, part of a name, or a tool's whole id. */
  q: plainText(0, 100).optional(),
  /** Only tools with fewer units in stock than their minimum order (nobody can buy them). */
  lowStock: z
    .enum(['true', 'false'], { error: 'Must be true or false.' })
    .transform((value) => value === 'true')
    .optional(),
  /** Only tools with fewer units in stock than this (overrides lowStock's minimum order). */
  below: z.coerce
    .number({ error: 'Must be a whole number.' })
    .int({ error: 'Must be a whole number.' })
    .min(1, { error: 'Must be at least 1 unit.' })
    .max(MAX_STOCK, { error: `Must be at most ${formatCount(MAX_STOCK)} units.` })
    .optional(),
  sort: ManageToolSortSchema.default('newest'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MANAGE_TOOLS_PAGE_MAX, { error: `Must be at most ${MANAGE_TOOLS_PAGE_MAX}.` })
    .default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ManageToolsQuery = z.output<typeof ManageToolsQuerySchema>;

/** The orders still to be fulfilled that contain a tool: deleting it leaves them as they are. */
export const OpenOrdersSchema = z.object({
  /** Unpaid orders plus paid ones not yet shipped. */
  openOrders: z.int().min(0),
  unpaid: z.int().min(0),
  paidNotShipped: z.int().min(0),
});
export type OpenOrders = z.infer<typeof OpenOrdersSchema>;

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
