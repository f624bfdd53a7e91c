import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { QUOTE_AUTHORS, QUOTE_STATUSES } from '../../../contract/quotes.ts';
import { user } from './accounts.ts';
import { tools } from './catalogue.ts';
import { companies } from './companies.ts';
import { orders } from './orders.ts';

/** Quotes: requests for prices, the store's offers, their messages (migration 0038). */

/** Quote numbers people read: Q-1001, Q-1002, … (gaps allowed). */
export const quoteNumbers = pgSequence('quote_number_seq', { startWith: 1001 });

const oneOf = (column: unknown, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;

export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown as `Q-<number>` (contract/quotes.ts); from `quote_number_seq`. */
    number: bigint('number', { mode: 'number' })
      .notNull()
      .default(sql`nextval('quote_number_seq')`),
    /** Who asked, and their company then (its owner, approvers and viewers see it too). */
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    status: text('status', { enum: QUOTE_STATUSES }).notNull().default('requested'),
    /** The delivery date the buyer asked for, if any. */
    wantedBy: date('wanted_by'),
    currency: text('currency').notNull(),
    /** The store's offer: when it was made and until when it can be accepted. */
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** When it was accepted, declined, refused or withdrawn. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The order an accepted offer placed. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quotes_number_idx').on(t.number),
    uniqueIndex('quotes_order_idx').on(t.orderId).where(sql`${t.orderId} is not null`),
    index('quotes_user_created_idx').on(t.userId, t.createdAt),
    index('quotes_company_created_idx')
      .on(t.companyId, t.createdAt)
      .where(sql`${t.companyId} is not null`),
    index('quotes_status_created_idx').on(t.status, t.createdAt),
    check('quotes_status_check', oneOf(t.status, QUOTE_STATUSES)),
    check(
      'quotes_offer_check',
      sql`${t.status} not in ('offered', 'accepted') or (${t.offeredAt} is not null and ${t.validUntil} is not null)`,
    ),
    check(
      'quotes_accepted_order_check',
      sql`(${t.status} = 'accepted') = (${t.orderId} is not null)`,
    ),
  ],
);

/** What a quote asks for, line by line, and what the store offers for each. */
export const quoteLines = pgTable(
  'quote_lines',
  {
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    /** 1, 2, … in the order the buyer listed them. */
    position: integer('position').notNull(),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'restrict' }),
    /** The tool's name and SKU when the quote was asked for. */
    productName: text('product_name').notNull(),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    /** The listed unit price for that quantity when asked (tiers applied). */
    listUnitPrice: integer('list_unit_price').notNull(),
    /** The store's offered unit price; null in an offer: this line is not offered. */
    offeredUnitPrice: integer('offered_unit_price'),
  },
  (t) => [
    primaryKey({ columns: [t.quoteId, t.position] }),
    uniqueIndex('quote_lines_quote_tool_idx').on(t.quoteId, t.toolId),
    index('quote_lines_tool_idx').on(t.toolId),
    check('quote_lines_quantity_check', sql`${t.quantity} >= 1`),
    check('quote_lines_offered_price_check', sql`${t.offeredUnitPrice} >= 0`),
  ],
);

/** The conversation on a quote, oldest first: the request's own message is the first. */
export const quoteMessages = pgTable(
  'quote_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    /** The author's name as it was, so the message still reads right later. */
    authorName: text('author_name').notNull(),
    authorSide: text('author_side', { enum: QUOTE_AUTHORS }).notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quote_messages_quote_idx').on(t.quoteId, t.createdAt),
    check('quote_messages_side_check', oneOf(t.authorSide, QUOTE_AUTHORS)),
  ],
);
