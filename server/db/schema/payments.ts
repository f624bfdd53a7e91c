import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './accounts.ts';
import { timestamps } from './columns.ts';
import { orderLines, orders } from './orders.ts';

/**
 * A refund an admin made on a paid order, sent back through the provider the order was paid with
 * (`test`, `stripe`; `manual` for an order paid outside the store, whose money the admin returns
 * by hand). `pending` until the provider confirms it, `failed` if it refuses. The refunds of one
 * order that did not fail never add up to more than its total (order-refunds.ts).
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** Minor units of the order's currency. */
    amount: integer('amount').notNull(),
    note: text('note').notNull(),
    provider: text('provider').notNull().default('manual'),
    /** The provider's id of the refund (Stripe's re_...); null until it answered. */
    providerReference: text('provider_reference'),
    status: text('status').notNull().default('succeeded'),
    failureReason: text('failure_reason'),
    /**
     * The admin ticked "return to stock": the units of its lines (order_refund_lines) go back into
     * stock when the refund succeeds, in the transaction that issues its credit note.
     */
    returnToStock: boolean('return_to_stock').notNull().default(false),
    /**
     * The credit note the refund issued once its money went back (null before, and for ever when
     * it failed): numbered from `credit_note_numbers`, without gaps.
     */
    creditNoteNumber: bigint('credit_note_number', { mode: 'number' }),
    creditNoteIssuedAt: timestamp('credit_note_issued_at', { withTimezone: true }),
    recordedBy: text('recorded_by').references(() => user.id, { onDelete: 'set null' }),
    /** The Idempotency-Key the admin's request named it by: asked again, it is this refund. */
    idempotencyKey: text('idempotency_key'),
    /**
     * While a request is sending it to the provider (and waiting for the answer), until when at
     * most: another attempt to send it meanwhile is refused (409 refund_being_sent) rather than
     * sent a second time. Null once answered, or when no answer came; a store that died while
     * sending leaves it to pass.
     */
    sendingUntil: timestamp('sending_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('order_refunds_amount_check', sql`${t.amount} > 0`),
    check('order_refunds_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check('order_refunds_provider_check', sql`${t.provider} in ('manual', 'test', 'stripe')`),
    uniqueIndex('order_refunds_provider_reference_idx').on(t.provider, t.providerReference),
    uniqueIndex('order_refunds_credit_note_number_idx').on(t.creditNoteNumber),
    index('order_refunds_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('order_refunds_idempotency_key_idx').on(t.orderId, t.idempotencyKey),
  ],
);

/**
 * What a refund by lines gives back: units of the order's lines at the unit price paid. Under the
 * order's lock, the units of a line refunded by refunds that did not fail never pass what was
 * bought (order-refunds.ts).
 */
export const orderRefundLines = pgTable(
  'order_refund_lines',
  {
    refundId: uuid('refund_id')
      .notNull()
      .references(() => orderRefunds.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id').notNull(),
    /** The order line's position (order_lines' key with the order). */
    position: integer('position').notNull(),
    quantity: integer('quantity').notNull(),
    /** The line's unit price paid times the quantity, in minor units. */
    amount: integer('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.refundId, t.position] }),
    foreignKey({
      columns: [t.orderId, t.position],
      foreignColumns: [orderLines.orderId, orderLines.position],
      name: 'order_refund_lines_order_line_fk',
    }).onDelete('restrict'),
    index('order_refund_lines_order_line_idx').on(t.orderId, t.position),
    check('order_refund_lines_quantity_check', sql`${t.quantity} >= 1`),
    check('order_refund_lines_amount_check', sql`${t.amount} >= 0`),
  ],
);

/**
 * The last credit note number issued: one row, made by the first credit note and raised in the
 * transaction that issues each next one, so numbers run without gaps (as invoice_numbers).
 */
export const creditNoteNumbers = pgTable(
  'credit_note_numbers',
  {
    id: boolean('id').primaryKey().default(true),
    last: bigint('last', { mode: 'number' }).notNull(),
  },
  (t) => [check('credit_note_numbers_one_row_check', sql`${t.id}`)],
);

/**
 * Every payment attempt a provider reported. `flagged`: money was taken but the order could not
 * take it (cancelled meanwhile, wrong amount): an admin must refund it; it is never dropped.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    reference: text('reference').notNull(),
    status: text('status').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    failureReason: text('failure_reason'),
    ...timestamps,
  },
  (t) => [
    check('payments_status_check', sql`${t.status} in ('succeeded', 'failed', 'flagged')`),
    check('payments_provider_check', sql`${t.provider} in ('test', 'stripe')`),
    uniqueIndex('payments_provider_reference_idx').on(t.provider, t.reference, t.status),
    index('payments_order_idx').on(t.orderId),
  ],
);

/** Stripe event ids already handled, so a redelivered event changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  ...timestamps,
});
