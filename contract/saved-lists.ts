import { z } from 'zod';
import { MergedCartSchema } from './cart.ts';
import {
  DeletedCountSchema,
  IdParamsSchema,
  IdSchema,
  MoneySchema,
  pageFields,
  plainText,
  route,
  TimestampSchema,
} from './common.ts';
import { MAX_ORDER_LINES } from './order-limits.ts';
import { checkEachToolOnce, OrderLineInputSchema } from './order-placement.ts';

/**
 * Saved lists: named lists of tools and quantities (a site kit, a monthly restock), a person's own
 * or shared with their company (decision 054). Every member of the company reads a shared list;
 * only its maker, or the company's owner, changes or deletes it.
 */

/** The most lists one person may make; the most lines one list holds (as one order). */
export const MAX_LISTS_PER_PERSON = 50;
export const MAX_LIST_LINES = MAX_ORDER_LINES;
const DEFAULT_LIST_PAGE = 20;
const MAX_LIST_PAGE = 50;

const ListNameSchema = plainText(1, 80);

const SavedListLineSchema = z.object({
  toolId: IdSchema,
  quantity: z.int().min(1),
  /** The tool as it is now. */
  tool: z.object({
    sku: z.string(),
    name: z.string(),
    img: z.string(),
    price: MoneySchema,
    /** Units in stock now. */
    stock: z.int().min(0),
    /** false: the tool has left the catalogue (putting the list in a cart says so). */
    isListed: z.boolean(),
  }),
});

export const SavedListSummarySchema = z.object({
  _id: IdSchema,
  name: z.string(),
  /** Shared with the maker's company: every member reads it. */
  isShared: z.boolean(),
  /** Who made it. */
  maker: z.object({ name: z.string(), isCaller: z.boolean() }),
  /** Whether the caller may rename it, change its lines, share or delete it. */
  canChange: z.boolean(),
  lineCount: z.int().min(0),
  updatedAt: TimestampSchema,
});
export type SavedListSummary = z.infer<typeof SavedListSummarySchema>;

export const SavedListSchema = SavedListSummarySchema.extend({
  lines: z.array(SavedListLineSchema).max(MAX_LIST_LINES),
});
export type SavedList = z.infer<typeof SavedListSchema>;

const ListListsQuerySchema = z.strictObject({
  ...pageFields({ max: MAX_LIST_PAGE, fallback: DEFAULT_LIST_PAGE }),
});

const CreateListBodySchema = z.strictObject({
  name: ListNameSchema,
  isShared: z
    .boolean({ error: 'Must be true or false.' })
    .optional()
    .describe("Share it with the caller's company (refused for a person in none)."),
});
export type CreateListBody = z.infer<typeof CreateListBodySchema>;

const UpdateListBodySchema = z.strictObject({
  name: ListNameSchema.optional(),
  isShared: z.boolean({ error: 'Must be true or false.' }).optional(),
});
export type UpdateListBody = z.infer<typeof UpdateListBodySchema>;

const ListLinesSchema = z
  .array(OrderLineInputSchema)
  .max(MAX_LIST_LINES, { error: `A list can have at most ${MAX_LIST_LINES} lines.` })
  .superRefine(checkEachToolOnce);

const SetListLinesBodySchema = z.strictObject({
  lines: ListLinesSchema.describe('Each tool once; [] empties the list.'),
});
export type SetListLinesBody = z.infer<typeof SetListLinesBodySchema>;

const AddToListBodySchema = z.discriminatedUnion('from', [
  z.strictObject({
    from: z.literal('lines'),
    lines: ListLinesSchema.min(1, { error: 'Add at least one tool.' }),
  }),
  z.strictObject({ from: z.literal('cart') }),
  z.strictObject({ from: z.literal('order'), orderId: IdSchema }),
]);
export type AddToListBody = z.infer<typeof AddToListBodySchema>;

const AddedToListSchema = z.object({
  list: SavedListSchema,
  /** Lines that were not added: their tool has left the catalogue. */
  notAdded: z.array(z.object({ toolId: IdSchema, name: z.string() })),
});
export type AddedToList = z.infer<typeof AddedToListSchema>;

const NO_LIST = 'not_found: no list with this id that the caller can see.';
const NOT_YOURS =
  "forbidden: a list shared with the caller's company, which only its maker or the company's owner may change.";
const WRITES = 'rate_limited: too many changes by this customer in a short time.';

export const savedListRoutes = {
  list: route({
    method: 'GET',
    path: '/lists',
    access: 'user',
    summary: "Read the caller's saved lists",
    description: `The caller's own lists and those shared with their company, most recently changed first, a page at a time (limit ${DEFAULT_LIST_PAGE} unless given, at most ${MAX_LIST_PAGE}; offset). The total is in X-Total-Count.`,
    returns: 'A page of lists, without their lines.',
    tags: ['lists'],
    query: ListListsQuerySchema,
    response: z.array(SavedListSummarySchema),
    responseHeaders: ['X-Total-Count'],
  }),
  create: route({
    method: 'POST',
    path: '/lists',
    access: 'user',
    summary: 'Make a saved list',
    description: `Makes an empty list, the caller's own or shared with their company. One person makes at most ${MAX_LISTS_PER_PERSON} lists.`,
    returns: 'The list made.',
    tags: ['lists'],
    body: CreateListBodySchema,
    response: SavedListSchema,
    status: 201,
    errors: {
      409: `lists_full: the caller has made ${MAX_LISTS_PER_PERSON} lists already; delete one first.`,
      429: WRITES,
    },
  }),
  read: route({
    method: 'GET',
    path: '/lists/:id',
    access: 'user',
    summary: 'Read a saved list',
    description: 'A list the caller can see, with its lines and each tool as it is now.',
    returns: 'The list.',
    tags: ['lists'],
    params: IdParamsSchema,
    response: SavedListSchema,
    errors: { 404: NO_LIST },
  }),
  update: route({
    method: 'PATCH',
    path: '/lists/:id',
    access: 'user',
    summary: 'Rename or share a saved list',
    description:
      "Renames a list, or shares it with the caller's company (`isShared`) or makes it its maker's own again.",
    returns: 'The list as it is now.',
    tags: ['lists'],
    params: IdParamsSchema,
    body: UpdateListBodySchema,
    response: SavedListSchema,
    errors: { 403: NOT_YOURS, 404: NO_LIST, 429: WRITES },
  }),
  remove: route({
    method: 'DELETE',
    path: '/lists/:id',
    access: 'user',
    summary: 'Delete a saved list',
    description: 'Deletes a list and its lines.',
    returns: 'How many lists were deleted (1).',
    tags: ['lists'],
    params: IdParamsSchema,
    response: DeletedCountSchema,
    errors: { 403: NOT_YOURS, 404: NO_LIST, 429: WRITES },
  }),
  setLines: route({
    method: 'PUT',
    path: '/lists/:id/lines',
    access: 'user',
    summary: "Replace a saved list's lines",
    description: `Sets the list's lines (each tool once, at most ${MAX_LIST_LINES}): how a line's quantity is changed or a line removed.`,
    returns: 'The list as it is now.',
    tags: ['lists'],
    params: IdParamsSchema,
    body: SetListLinesBodySchema,
    response: SavedListSchema,
    errors: { 403: NOT_YOURS, 404: NO_LIST, 429: WRITES },
  }),
  addLines: route({
    method: 'POST',
    path: '/lists/:id/lines',
    access: 'user',
    summary: 'Add tools to a saved list',
    description: `Adds tools to a list: lines given (a tool page's), the caller's cart as it is (\`from: cart\`), or the lines of one of the caller's orders (\`from: order\`). A tool already on the list gets the units added; a tool that has left the catalogue is not added, and the answer names it; a line naming no tool at all is refused (400, under its \`lines.N.toolId\`) and nothing is added. A list holds at most ${MAX_LIST_LINES} lines: an addition that would pass that adds nothing.`,
    returns: 'The list as it is now, and what was not added.',
    tags: ['lists'],
    params: IdParamsSchema,
    body: AddToListBodySchema,
    response: AddedToListSchema,
    errors: {
      403: NOT_YOURS,
      404: `${NO_LIST} Or, from an order, no order of the caller's with this id.`,
      409: `list_full: the list would pass ${MAX_LIST_LINES} lines; nothing was added.`,
      429: WRITES,
    },
  }),
  toCart: route({
    method: 'POST',
    path: '/lists/:id/cart',
    access: 'user',
    summary: "Put a whole saved list in the caller's cart",
    description:
      "Adds every line of a list the caller can see to their cart in one step, as joining a visitor's cart does: a tool already there gets the units added (capped at its stock and its most per order), other tools become new lines while the cart has room, and a tool no longer sold is left out. The answer says, line by line, what was done.",
    returns: 'The cart now, and what adding each line of the list did.',
    tags: ['lists'],
    params: IdParamsSchema,
    response: MergedCartSchema,
    errors: { 404: NO_LIST, 429: WRITES },
  }),
} as const;
