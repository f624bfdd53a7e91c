import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
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
import { APPROVAL_REASONS } from '../../../contract/approvals.ts';
import { CANCEL_REASONS, ORDER_STATUSES, PAYMENT_METHODS } from '../../../contract/orders.ts';
import { TAX_TREATMENTS } from '../../../contract/tax.ts';
import { user } from './accounts.ts';
import { tools } from './catalogue.ts';
import { timestamps } from './columns.ts';
import { companies } from './companies.ts';

/** What is bought: carts, orders with their lines and numbers, and the invoice numbers. */

/** Order numbers people read and say on the phone: TY-10001, TY-10002, … (gaps allowed). */
export const orderNumbers = pgSequence('order_number_seq', { startWith: 10001 });

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown as `TY-<number>` (contract/orders.ts); from `order_number_seq`. */
    number: bigint('number', { mode: 'number' })
      .notNull()
      .default(sql`nextval('order_number_seq')`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'restrict' }),
    /**
     * A summary of the lines (order_lines holds each): the first line's tool, unit price and product
     * name ("… and 2 more" when there are several), all units, the total.
     */
    productName: text('product_name').notNull(),
    unitPrice: integer('unit_price').notNull(),
    customerName: text('customer_name').notNull(),
    email: text('email').notNull(),
    orderedNum: integer('ordered_num').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    /** The buyer's purchase order number and a note for the order, both optional. */
    poNumber: text('po_number'),
    note: text('note'),
    totalAmount: integer('total_amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('unpaid'),
    transactionId: text('transaction_id'),
    /** Stripe mode: the one PaymentIntent created for this order. */
    paymentIntentId: text('payment_intent_id'),
    /** Why the last payment attempt failed, for the customer and the admin. */
    paymentFailure: text('payment_failure'),
    /** customer | admin | payment_window */
    cancelReason: text('cancel_reason', { enum: CANCEL_REASONS }),
    /** Unpaid by then, the order is cancelled and its stock released (set when it is placed). */
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true }).notNull(),
    /**
     * The client's Idempotency-Key: asking again with it (after a lost answer) returns this order
     * instead of placing another.
     */
    idempotencyKey: text('idempotency_key'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Who carries a shipped order and its tracking number, when the admin gave them. */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** The buyer's company details as their profile had them when the order was placed. */
    companyName: text('company_name'),
    vatNumber: text('vat_number'),
    billingAddress: text('billing_address'),
    /** The buyer's company when the order was placed: its owner, approvers and viewers see it. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** The delivery address from the address book, as it was when the order was placed. */
    deliveryAddress: jsonb('delivery_address').$type<DeliveryAddress>(),
    /**
     * Placed above the buyer's or the company's limits, the order waited for approval: which limit
     * (contract/approvals.ts), and who approved or rejected it, when, and why it was rejected.
     */
    approvalReason: text('approval_reason', { enum: APPROVAL_REASONS }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: text('approved_by').references(() => user.id, { onDelete: 'set null' }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    rejectedBy: text('rejected_by').references(() => user.id, { onDelete: 'set null' }),
    rejectionReason: text('rejection_reason'),
    /**
     * The invoice, issued in the transaction that records the payment: its number (gap-free, from
     * `invoice_numbers`), the tax rate in basis points and the tax the total includes, and the
     * seller's details as configured then (null for invoices issued before sellers were recorded).
     */
    invoiceNumber: bigint('invoice_number', { mode: 'number' }),
    invoicedAt: timestamp('invoiced_at', { withTimezone: true }),
    taxRateBasisPoints: integer('tax_rate_basis_points'),
    taxAmount: integer('tax_amount'),
    /**
     * How the order is taxed, decided when it is placed (decision 064): at its destination's rate
     * (its country, a typed address's too since decision 072, and region), the reverse charge or an
     * exempt buyer; the rate and the tax are then set at placement too. The country is where the
     * order goes whatever the treatment. Null for orders placed before, whose tax was set when
     * invoiced at the store's rate.
     */
    taxTreatment: text('tax_treatment', { enum: TAX_TREATMENTS }),
    taxCountry: text('tax_country'),
    taxRegion: text('tax_region'),
    /**
     * The postcode a typed address was sent with, which a region's tax rate went by (decision
     * 072), so "Buy again" offers it again; null for an address from the book (its copy holds its
     * postcode), for a typed address sent without one, and for orders placed before.
     */
    deliveryPostcode: text('delivery_postcode'),
    seller: jsonb('seller').$type<SellerDetails>(),
    /**
     * Card (paid within the payment window) or on account (payment terms, decision 056): an order
     * on account is invoiced when confirmed, due `invoiceDueAt`, and settled when the payments
     * received (invoice_payments) reach its total.
     */
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull().default('card'),
    invoiceDueAt: timestamp('invoice_due_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /**
     * How the order travels (decision 062): the delivery method chosen, as it was when the order
     * was placed (its id, name, price in minor units, included in `total_amount`, and the day it
     * promised); all null for an order placed without one. No foreign key: deleting a method only
     * stops it being offered (decision 057).
     */
    deliveryMethodId: uuid('delivery_method_id'),
    deliveryMethodName: text('delivery_method_name'),
    deliveryPrice: integer('delivery_price'),
    deliveryDate: date('delivery_date', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    check(
      'orders_status_check',
      sql`${t.status} in ('awaiting_approval', 'unpaid', 'on_account', 'paid', 'shipped', 'cancelled', 'rejected')`,
    ),
    check(
      'orders_rejected_check',
      sql`(${t.status} = 'rejected') = (${t.rejectedAt} is not null and ${t.rejectionReason} is not null)`,
    ),
    check(
      'orders_on_account_check',
      sql`${t.status} <> 'on_account' or (${t.paymentMethod} = 'account' and ${t.invoiceDueAt} is not null)`,
    ),
    check('orders_payment_method_check', sql`${t.paymentMethod} in ('card', 'account')`),
    check(
      'orders_tax_treatment_check',
      sql`${t.taxTreatment} is null or (${t.taxTreatment} in ('taxed', 'reverse_charge', 'exempt') and ${t.taxRateBasisPoints} is not null and ${t.taxAmount} is not null and (${t.taxTreatment} = 'taxed' or ${t.taxAmount} = 0))`,
    ),
    check('orders_ordered_num_check', sql`${t.orderedNum} >= 1`),
    check(
      'orders_delivery_check',
      sql`(${t.deliveryMethodId} is null) = (${t.deliveryMethodName} is null) and (${t.deliveryMethodId} is null) = (${t.deliveryPrice} is null) and (${t.deliveryMethodId} is null) = (${t.deliveryDate} is null) and ${t.deliveryPrice} >= 0`,
    ),
    check(
      'orders_paid_has_transaction_check',
      sql`${t.status} not in ('paid', 'shipped') or ${t.transactionId} is not null or ${t.paymentMethod} = 'account'`,
    ),
    check(
      'orders_paid_has_invoice_check',
      sql`${t.status} not in ('on_account', 'paid', 'shipped') or (${t.invoiceNumber} is not null and ${t.invoicedAt} is not null and ${t.taxRateBasisPoints} is not null and ${t.taxAmount} is not null)`,
    ),
    // Each index is written on every order placed: the ones on values an order gets later
    // (invoice, payment) hold only the orders that have them; orders by tool are read through
    // their lines (order_lines_tool_idx).
    uniqueIndex('orders_invoice_number_idx')
      .on(t.invoiceNumber)
      .where(sql`${t.invoiceNumber} is not null`),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    index('orders_company_created_idx')
      .on(t.companyId, t.createdAt)
      .where(sql`${t.companyId} is not null`),
    uniqueIndex('orders_number_idx').on(t.number),
    uniqueIndex('orders_transaction_id_idx')
      .on(t.transactionId)
      .where(sql`${t.transactionId} is not null`),
    uniqueIndex('orders_payment_intent_idx')
      .on(t.paymentIntentId)
      .where(sql`${t.paymentIntentId} is not null`),
    // What an account buyer owes, and the overdue list: only open invoices on account.
    index('orders_open_account_idx')
      .on(t.companyId, t.userId, t.invoiceDueAt)
      .where(sql`${t.paymentMethod} = 'account' and ${t.settledAt} is null`),
    index('orders_unpaid_due_idx').on(t.paymentDueAt).where(sql`${t.status} = 'unpaid'`),
    // How many orders a customer holds unpaid, counted at every placement against the cap
    // (server/db/functions/order-context.sql): read from this index alone, not from their orders.
    index('orders_user_holding_idx')
      .on(t.userId)
      .where(sql`${t.status} in ('unpaid', 'awaiting_approval')`),
    uniqueIndex('orders_user_idempotency_key_idx')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    // The back office: a status's newest first, revenue by the day paid, and search by any part of
    // the customer's name or email.
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_paid_at_idx').on(t.paidAt).where(sql`${t.paidAt} is not null`),
    // The overview's revenue of orders on account, by the day they were invoiced (decision 061).
    index('orders_account_invoiced_idx')
      .on(t.invoicedAt)
      .where(sql`${t.paymentMethod} = 'account' and ${t.invoicedAt} is not null`),
    index('orders_customer_name_trgm_idx').using('gin', sql`${t.customerName} gin_trgm_ops`),
    index('orders_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

/** A delivery address as an order keeps it (a copy of the address book's entry then). */
export interface DeliveryAddress {
  label: string;
  recipient: string;
  line1: string;
  line2: string | null;
  postcode: string;
  city: string;
  country: string;
  phone: string;
}

/** The seller as an invoice names it (settings: SELLER_NAME, SELLER_ADDRESS, …). */
export interface SellerDetails {
  name: string;
  address: string | null;
  taxId: string | null;
  email: string | null;
}

/**
 * The last invoice number issued: one row, raised in the transaction that records a payment, so
 * invoice numbers run without gaps (a rolled-back payment takes its number back with it).
 */
export const invoiceNumbers = pgTable(
  'invoice_numbers',
  {
    id: boolean('id').primaryKey().default(true),
    last: bigint('last', { mode: 'number' }).notNull(),
  },
  (t) => [check('invoice_numbers_one_row_check', sql`${t.id}`)],
);

/** What an order is for: one line per tool, prices as they were when the order was placed. */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** 1, 2, … in the order the buyer listed them. */
    position: integer('position').notNull(),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'restrict' }),
    productName: text('product_name').notNull(),
    /** The tool's SKU when the order was placed. */
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    lineTotal: integer('line_total').notNull(),
    /**
     * The order's customer, and whether the order is unpaid (a trigger follows the order's status:
     * server/db/functions/order-lines-follow-status.sql): what a customer holds unpaid of a tool is then read from this table's
     * own index, however many unpaid orders they have.
     */
    userId: text('user_id').notNull(),
    isUnpaid: boolean('is_unpaid').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position] }),
    uniqueIndex('order_lines_order_tool_idx').on(t.orderId, t.toolId),
    index('order_lines_unpaid_idx').on(t.userId, t.toolId, t.quantity).where(sql`${t.isUnpaid}`),
    index('order_lines_tool_idx').on(t.toolId),
    index('order_lines_product_name_trgm_idx').using('gin', sql`${t.productName} gin_trgm_ops`),
    check('order_lines_quantity_check', sql`${t.quantity} >= 1`),
    check('order_lines_unit_price_check', sql`${t.unitPrice} >= 0`),
    check('order_lines_total_check', sql`${t.lineTotal} = ${t.unitPrice} * ${t.quantity}`),
  ],
);

/** A signed-in customer's cart: it follows them to every device. Lines as they set them. */
export const carts = pgTable('carts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** `[{toolId, quantity}]`, each tool once, at most MAX_ORDER_LINES (contract/cart.ts). */
  lines: jsonb('lines').$type<{ toolId: string; quantity: number }[]>().notNull(),
  /**
   * Raised by every change, a checkout included (a cart never stored is version 0): a checkout
   * names the version its page read, and any other is refused.
   */
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Which order each checked-out version of a cart became, written in the order's transaction: a
 * checkout from a page that read that version (another tab, a second press) is told which order it
 * was (migration 0024).
 */
export const cartCheckouts = pgTable(
  'cart_checkouts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    cartVersion: integer('cart_version').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.cartVersion] }),
    uniqueIndex('cart_checkouts_order_idx').on(t.orderId),
  ],
);
