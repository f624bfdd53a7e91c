import { sql } from 'drizzle-orm';
import {
  check,
  date,
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
import { companies } from './companies.ts';
import { orders } from './orders.ts';

/** Payment terms, payments received on account and overdue reminders (decision 056). */

/**
 * A company's payment terms, or a customer's without a company: the days an invoice on account is
 * due after it is issued (net 15, 30 or 60) and the most the buyer may owe at once (minor units).
 */
export const paymentTerms = pgTable(
  'payment_terms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    netDays: integer('net_days').notNull(),
    creditLimit: integer('credit_limit').notNull(),
    ...timestamps,
  },
  (t) => [
    check('payment_terms_one_buyer_check', sql`(${t.companyId} is null) <> (${t.userId} is null)`),
    check('payment_terms_net_days_check', sql`${t.netDays} in (15, 30, 60)`),
    check('payment_terms_credit_limit_check', sql`${t.creditLimit} >= 0`),
    uniqueIndex('payment_terms_company_idx').on(t.companyId).where(sql`${t.companyId} is not null`),
    uniqueIndex('payment_terms_user_idx').on(t.userId).where(sql`${t.userId} is not null`),
  ],
);

/**
 * Money that moved for an invoice on account, as the bank statement says: a payment received (a
 * transfer from the buyer; partial payments add up) or a payout, money the store paid back to a
 * buyer who had paid more than was due after credit notes (decision 063). A payout's amount is
 * negative, so what the rows add up to is what the buyer has paid, net, everywhere it is read.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['received', 'payout'] })
      .notNull()
      .default('received'),
    amount: integer('amount').notNull(),
    /** The day the money arrived, or for a payout left, as the bank statement says. */
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    /** The transfer's reference, as the bank statement says. */
    reference: text('reference').notNull(),
    recordedBy: text('recorded_by').references(() => user.id, { onDelete: 'set null' }),
    /** The Idempotency-Key the admin's request named it by: asked again, it is this movement. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('invoice_payments_kind_check', sql`${t.kind} in ('received', 'payout')`),
    check(
      'invoice_payments_amount_check',
      sql`${t.amount} <> 0 and (${t.amount} > 0) = (${t.kind} = 'received')`,
    ),
    index('invoice_payments_order_idx').on(t.orderId),
    uniqueIndex('invoice_payments_idempotency_key_idx').on(t.orderId, t.idempotencyKey),
  ],
);

/**
 * One reminder of an overdue invoice per day at most: the reminder's row and its email are written
 * in one transaction, and a second instance's insert of the same day finds the row there.
 */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.day] })],
);
