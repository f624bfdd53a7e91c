import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { CANCEL_REASONS, ORDER_STATUSES } from '../../contract/orders.ts';
import { ROLES } from '../../contract/users.ts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

// --- Accounts (Better Auth's tables, with the store's profile fields on `user`) ---

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role', { enum: ROLES }).notNull().default('User'),
    phone: text('phone'),
    linkedin: text('linkedin'),
    education: text('education'),
    companyName: text('company_name'),
    vatNumber: text('vat_number'),
    billingAddress: text('billing_address'),
    ...timestamps,
  },
  (t) => [
    check('user_role_check', sql`${t.role} in ('Admin', 'User')`),
    // Admins find people by any part of their name or email (ILIKE '%…%').
    index('user_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('user_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

// --- The store ---

export const tools = pgTable(
  'tools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    img: text('img').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    minimumOrder: integer('minimum_order').notNull(),
    /** Unit price in minor units of the store currency. */
    price: integer('price').notNull(),
    /** Volume prices, `[{minQuantity, price}]`, quantities rising, prices falling (contract). */
    priceTiers: jsonb('price_tiers')
      .$type<{ minQuantity: number; price: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Set when an admin deletes the tool: it leaves the catalogue, orders keep pointing at it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('tools_quantity_check', sql`${t.quantity} >= 0`),
    check('tools_minimum_order_check', sql`${t.minimumOrder} >= 1`),
    check('tools_price_check', sql`${t.price} >= 0`),
    check('tools_price_tiers_check', sql`jsonb_typeof(${t.priceTiers}) = 'array'`),
    index('tools_created_at_idx').on(t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
  ],
);

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
    /**
     * The invoice, issued in the transaction that records the payment: its number (gap-free, from
     * `invoice_numbers`), the tax rate in basis points and the tax the total includes, and the
     * seller's details as configured then (null for invoices issued before sellers were recorded).
     */
    invoiceNumber: bigint('invoice_number', { mode: 'number' }),
    invoicedAt: timestamp('invoiced_at', { withTimezone: true }),
    taxRateBasisPoints: integer('tax_rate_basis_points'),
    taxAmount: integer('tax_amount'),
    seller: jsonb('seller').$type<SellerDetails>(),
    ...timestamps,
  },
  (t) => [
    check('orders_status_check', sql`${t.status} in ('unpaid', 'paid', 'shipped', 'cancelled')`),
    check('orders_ordered_num_check', sql`${t.orderedNum} >= 1`),
    check(
      'orders_paid_has_transaction_check',
      sql`${t.status} not in ('paid', 'shipped') or ${t.transactionId} is not null`,
    ),
    check(
      'orders_paid_has_invoice_check',
      sql`${t.status} not in ('paid', 'shipped') or (${t.invoiceNumber} is not null and ${t.invoicedAt} is not null and ${t.taxRateBasisPoints} is not null and ${t.taxAmount} is not null)`,
    ),
    // Each index is written on every order placed: the ones on values an order gets later
    // (invoice, payment) hold only the orders that have them; orders by tool are read through
    // their lines (order_lines_tool_idx).
    uniqueIndex('orders_invoice_number_idx')
      .on(t.invoiceNumber)
      .where(sql`${t.invoiceNumber} is not null`),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    uniqueIndex('orders_number_idx').on(t.number),
    uniqueIndex('orders_transaction_id_idx')
      .on(t.transactionId)
      .where(sql`${t.transactionId} is not null`),
    uniqueIndex('orders_payment_intent_idx')
      .on(t.paymentIntentId)
      .where(sql`${t.paymentIntentId} is not null`),
    index('orders_unpaid_due_idx').on(t.paymentDueAt).where(sql`${t.status} = 'unpaid'`),
    index('orders_user_unpaid_idx').on(t.userId, t.toolId).where(sql`${t.status} = 'unpaid'`),
    uniqueIndex('orders_user_idempotency_key_idx')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    // The back office: a status's newest first, revenue by the day paid, and search by any part of
    // the customer's name or email.
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_paid_at_idx').on(t.paidAt).where(sql`${t.paidAt} is not null`),
    index('orders_customer_name_trgm_idx').using('gin', sql`${t.customerName} gin_trgm_ops`),
    index('orders_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

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
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    lineTotal: integer('line_total').notNull(),
    /**
     * The order's customer, and whether the order is unpaid (a trigger of migration 0018 follows
     * the order's status): what a customer holds unpaid of a tool is then read from this table's
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
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    ...timestamps,
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    index('reviews_created_idx').on(t.createdAt),
  ],
);

/**
 * A refund an admin noted on a paid order (the money moves at the payment provider; the store
 * records how much, why and who). The refunds of one order never add up to more than its total.
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
    recordedBy: text('recorded_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('order_refunds_amount_check', sql`${t.amount} > 0`),
    index('order_refunds_order_idx').on(t.orderId, t.createdAt),
  ],
);

/**
 * Who changed what and when, for the changes an admin (or a customer removing their own review)
 * makes: role changes, tool changes, order cancellations, shipments, refunds, review removals.
 * The actor's name and email are copied so the entry still reads right after they change.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    actorEmail: text('actor_email').notNull(),
    /** contract/audit.ts AuditAction */
    action: text('action').notNull(),
    /** user | tool | order | review */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** What a person reads for the target: an email, a tool's name, TY-10042, a review's start. */
    targetLabel: text('target_label').notNull(),
    /** What changed, e.g. `{from: 'Admin', to: 'User'}` or the fields of a tool, before and after. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'audit_log_target_type_check',
      sql`${t.targetType} in ('user', 'tool', 'order', 'review')`,
    ),
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
  ],
);

/** Small key/value facts about this database, e.g. that the demo catalogue was seeded once. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  ...timestamps,
});

/**
 * Every email the store sends goes through this queue first, so a failed send is retried and
 * never lost; several instances drain it safely (FOR UPDATE SKIP LOCKED).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('mail_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
    index('mail_outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Fixed-window request counters shared by every instance (sign-in attempts, writes). Keys are
 * `<bucket>:<hash of the subject>`, so their size never depends on what a client sends; rows whose
 * window has ended are pruned.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    check('rate_limits_key_length_check', sql`length(${t.key}) <= 100`),
    index('rate_limits_expires_idx').on(t.expiresAt),
  ],
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
