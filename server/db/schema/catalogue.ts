import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './accounts.ts';
import { timestamps } from './columns.ts';

/** The tools the store sells, and what customers say about them. */

/**
 * Numbers the SKUs of tools added without one (`TOOL-00042`, server/db/functions/next-sku.sql;
 * docs/decisions/034).
 */
export const toolSkuNumbers = pgSequence('tool_sku_seq', { startWith: 1 });

/**
 * The catalogue's tree: up to three levels (Power tools > Drills > Hammer drills), a rule the
 * server keeps (docs/decisions/035). A category holding tools or sub-categories cannot be deleted.
 */
export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The category's address (`/categories/<slug>`): lower-case letters, digits and dashes. */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** A picture (a path on this site or an https link), if any. */
    img: text('img'),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, {
      onDelete: 'restrict',
    }),
    /** Order among its siblings, then by name. */
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('categories_slug_idx').on(t.slug),
    index('categories_parent_idx').on(t.parentId),
    check('categories_not_own_parent_check', sql`${t.parentId} <> ${t.id}`),
  ],
);

/**
 * The specifications a category defines (docs/decisions/040): its tools and those of every category
 * below it have them. Tools keep their values in `tools.specs` under the attribute's key, which is
 * unique along a branch of the tree (a rule the server keeps) and never changes.
 */
export const categoryAttributes = pgTable(
  'category_attributes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    /** number, choice, boolean or text (contract/specifications.ts). */
    kind: text('kind').notNull(),
    /** A number's unit, if any. */
    unit: text('unit'),
    /** A choice's options, in their order. */
    options: jsonb('options').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    filterable: boolean('filterable').notNull().default(false),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('category_attributes_key_idx').on(t.categoryId, t.key),
    check(
      'category_attributes_kind_check',
      sql`${t.kind} in ('number', 'choice', 'boolean', 'text')`,
    ),
    check('category_attributes_options_check', sql`jsonb_typeof(${t.options}) = 'array'`),
  ],
);

export const tools = pgTable(
  'tools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The store's part number: unique among listed tools whatever the letter case (kept as
     * typed). Tools added without one get `TOOL-<number>`.
     */
    sku: text('sku').notNull().default(sql`toolyard_next_sku()`),
    /** Who makes the tool. */
    brand: text('brand').notNull().default('Toolyard'),
    /** The maker's own part number, if known. */
    mpn: text('mpn'),
    /** The barcode number (GTIN-8, -12, -13 or -14, digits only, check digit valid). */
    gtin: text('gtin'),
    /** The one category the tool is in (null: none yet, as tools added by the spec's call). */
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    img: text('img').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    minimumOrder: integer('minimum_order').notNull(),
    /** Sold in packs of this many: every order line is a multiple (decision 042). */
    orderIncrement: integer('order_increment').notNull().default(1),
    /** The most units one order may have of the tool; null: no limit of its own. */
    maxPerOrder: integer('max_per_order'),
    /** Unit price in minor units of the store currency. */
    price: integer('price').notNull(),
    /** One unit's shipping weight in grams (0: not given), for delivery priced by weight. */
    weightGrams: integer('weight_grams').notNull().default(0),
    /** Volume prices, `[{minQuantity, price}]`, quantities rising, prices falling (contract). */
    priceTiers: jsonb('price_tiers')
      .$type<{ minQuantity: number; price: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * Specification values by attribute key (`{"chuck-size": 13, "keyless-chuck": true}`), checked
     * by the server against the attributes of the tool's category and those above it.
     */
    specs: jsonb('specs')
      .$type<Record<string, number | string | boolean>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Pictures after the main one (`img`), in order: `[{src, alt}]` (docs/decisions/046). */
    gallery: jsonb('gallery')
      .$type<{ src: string; alt: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Uploaded PDF documents, in order: `[{title, kind, url, size}]` (docs/decisions/046). */
    documents: jsonb('documents')
      .$type<{ title: string; kind: string; url: string; size: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Set when an admin deletes the tool: it leaves the catalogue, orders keep pointing at it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * How many shown reviews the tool has and the sum of their stars, kept by a trigger on
     * `reviews` (server/db/functions/tool-rating.sql): cards and pages show the average without
     * reading the reviews.
     */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingTotal: integer('rating_total').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check('tools_quantity_check', sql`${t.quantity} >= 0`),
    check('tools_minimum_order_check', sql`${t.minimumOrder} >= 1`),
    check('tools_price_check', sql`${t.price} >= 0`),
    check('tools_weight_check', sql`${t.weightGrams} between 0 and 100000000`),
    check(
      'tools_order_increment_check',
      sql`${t.orderIncrement} >= 1 and ${t.minimumOrder} % ${t.orderIncrement} = 0`,
    ),
    check(
      'tools_max_per_order_check',
      sql`${t.maxPerOrder} >= ${t.minimumOrder} and ${t.maxPerOrder} % ${t.orderIncrement} = 0`,
    ),
    check('tools_price_tiers_check', sql`jsonb_typeof(${t.priceTiers}) = 'array'`),
    index('tools_created_at_idx').on(t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    // A deleted tool keeps its SKU (orders show it) and frees it for a tool added later.
    uniqueIndex('tools_sku_idx').on(sql`lower(${t.sku})`).where(sql`${t.deletedAt} is null`),
    index('tools_category_idx').on(t.categoryId).where(sql`${t.deletedAt} is null`),
    check('tools_specs_check', sql`jsonb_typeof(${t.specs}) = 'object'`),
    check('tools_gallery_check', sql`jsonb_typeof(${t.gallery}) = 'array'`),
    check('tools_documents_check', sql`jsonb_typeof(${t.documents}) = 'array'`),
    // Filters by specification value (`specs @> '{"voltage": 18}'`) are answered from this index.
    index('tools_specs_idx')
      .using('gin', sql`${t.specs} jsonb_path_ops`)
      .where(sql`${t.deletedAt} is null`),
    check('tools_gtin_check', sql`${t.gtin} ~ '^([0-9]{8}|[0-9]{12,14})$'`),
    check(
      'tools_rating_check',
      sql`${t.ratingTotal} between ${t.ratingCount} and 5 * ${t.ratingCount}`,
    ),
  ],
);

/**
 * Tools shown with a tool on its page (docs/decisions/046): accessories and what a buyer may also
 * need, in the admin's order. Deleting either tool takes the relation with it (a deleted tool's
 * rows are removed in the same transaction; a tool removed for good cascades).
 */
export const toolRelations = pgTable(
  'tool_relations',
  {
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    relatedId: uuid('related_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    /** accessory or also_needed (contract/tool-media.ts). */
    kind: text('kind').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.toolId, t.relatedId] }),
    index('tool_relations_related_idx').on(t.relatedId),
    check('tool_relations_not_itself_check', sql`${t.toolId} <> ${t.relatedId}`),
    check('tool_relations_kind_check', sql`${t.kind} in ('accessory', 'also_needed')`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    userName: text('user_name').notNull(),
    rating: integer('rating').notNull(),
    review: text('review').notNull(),
    /** Set when an admin hides the review: it leaves every public list, and can be shown again. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: text('hidden_by').references(() => user.id, { onDelete: 'set null' }),
    /** The tool the review is about; null for a review of the store (the home page's). */
    toolId: uuid('tool_id').references(() => tools.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    index('reviews_created_idx').on(t.createdAt),
    // One review of the store per customer, and one of each tool: posting again edits it.
    uniqueIndex('reviews_user_idx').on(t.userId).where(sql`${t.toolId} is null`),
    uniqueIndex('reviews_user_tool_idx').on(t.userId, t.toolId).where(sql`${t.toolId} is not null`),
    // A tool's page lists its shown reviews, newest first.
    index('reviews_tool_idx')
      .on(t.toolId, t.createdAt, t.id)
      .where(sql`${t.toolId} is not null and ${t.hiddenAt} is null`),
  ],
);
