import type { z } from 'zod';
import { AuditEntrySchema } from './audit.ts';
import { AccountSchema, SessionSchema } from './auth-actions.ts';
import { CartLineSchema, CartSchema } from './cart.ts';
import { DeletedCountSchema } from './common.ts';
import { OrderRefundSchema } from './order-refunds.ts';
import { InvoiceSummarySchema, OrderLineSchema, OrderSchema } from './orders.ts';
import { OverviewSchema } from './overview.ts';
import { PaymentOrderSchema, PaymentResultSchema, StripeIntentSchema } from './payments.ts';
import { PriceTierSchema } from './price-tiers.ts';
import { FieldErrorSchema, ProblemSchema, ShortLineSchema } from './problem.ts';
import { ManagedReviewSchema, ReviewSchema } from './reviews.ts';
import { HealthSchema, PublicConfigSchema } from './system.ts';
import { OpenOrdersSchema, ToolSchema } from './tools.ts';
import { UploadedImageSchema } from './uploads.ts';
import { UserDetailsSchema, UserSummarySchema } from './users.ts';

/**
 * The shapes the API description lists once, as components it refers to, with what each is. The
 * server names them in zod's registry when it serves the description (server/plugins/openapi.ts):
 * naming them here, when the contract loads, would name them again in every other copy of the
 * contract a process loads (the web app's server-side render bundles its own), and two schemas
 * with one name cannot be described together.
 */
type Component = readonly [schema: z.ZodType, id: string, description: string];

export const API_COMPONENTS: readonly Component[] = [
  [
    ProblemSchema,
    'Problem',
    'An error, as RFC 9457 problem details (application/problem+json), with a stable `code`.',
  ],
  [FieldErrorSchema, 'FieldError', 'A field the request got wrong, and why.'],
  [
    ShortLineSchema,
    'ShortLine',
    'A line of an order that asks for more than is in stock, with what is left.',
  ],
  [ToolSchema, 'Tool', 'A tool of the catalogue, with its stock and volume prices.'],
  [
    PriceTierSchema,
    'PriceTier',
    'A volume price: from `minQuantity` units in one order line, each unit costs `price`.',
  ],
  [OpenOrdersSchema, 'OpenOrders', 'The open orders that contain a tool.'],
  [
    CartSchema,
    'Cart',
    'A cart priced now: its lines, the total of those that can be ordered, and what stops it.',
  ],
  [
    CartLineSchema,
    'CartLine',
    'One line of a cart, with the tool as it is now and its price for the quantity.',
  ],
  [OrderSchema, 'Order', 'An order: its number, lines, delivery, status and history.'],
  [
    OrderLineSchema,
    'OrderLine',
    'One tool of an order, its name and unit price as they were when the order was placed.',
  ],
  [OrderRefundSchema, 'OrderRefund', 'A refund an admin noted on a paid or shipped order.'],
  [InvoiceSummarySchema, 'Invoice', 'The invoice of a paid order; prices include tax.'],
  [PaymentOrderSchema, 'PaymentOrder', 'What the payment page needs to know about an order.'],
  [PaymentResultSchema, 'PaymentResult', 'A payment that went through: the order is paid.'],
  [StripeIntentSchema, 'StripeIntent', 'What Stripe.js needs to complete a payment.'],
  [ReviewSchema, 'Review', 'A review as everyone sees it.'],
  [
    ManagedReviewSchema,
    'ManagedReview',
    'A review as its author and admins see it: whose it is, and whether it is hidden.',
  ],
  [UserDetailsSchema, 'User', "A person's account details, role and company details."],
  [UserSummarySchema, 'UserSummary', 'A person and their role.'],
  [AccountSchema, 'Account', 'An account as the account service answers it.'],
  [SessionSchema, 'Session', 'The signed-in session and its account.'],
  [AuditEntrySchema, 'AuditEntry', 'One change the audit log records: who, what, when.'],
  [UploadedImageSchema, 'UploadedImage', 'An uploaded image: where each width is served.'],
  [
    OverviewSchema,
    'Overview',
    'The admin overview: revenue, orders by status, top tools and low stock.',
  ],
  [PublicConfigSchema, 'PublicConfig', "The store's public settings."],
  [HealthSchema, 'Health', 'The store and its database are up.'],
  [DeletedCountSchema, 'DeletedCount', 'How many things the request deleted or cancelled.'],
];
