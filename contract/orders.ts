import { z } from 'zod';
import { DeliveryAddressSchema } from './addresses.ts';
import { APPROVAL_REASONS } from './approvals.ts';
import { IdSchema, MoneySchema, plainText, TimestampSchema } from './common.ts';
import { OrderRefundSchema } from './order-refunds.ts';
import { checkTracking, OrderDeliverySchema, ShipmentSchema, shipmentFields } from './shipments.ts';
import { TAX_TREATMENTS, TaxLineSchema } from './tax.ts';

/** What an order is: its number, lines, status and history, as every order route answers it. */

/**
 * What an order without company details says in their place: they are the order's own, copied
 * from the profile when it was placed, and never filled in later (docs/decisions/037).
 */
export const NO_COMPANY_DETAILS = 'None given when this order was placed';

/**
 * An order placed above its buyer's or company's limits starts `awaiting_approval` (its stock held
 * as for an unpaid order) and goes on to `unpaid` when approved, or ends `rejected`. An order on
 * account (payment terms, docs/decisions/056) is `on_account` once confirmed: invoiced with a due
 * date, shippable, paid later by bank transfer.
 */
export const ORDER_STATUSES = [
  'awaiting_approval',
  'unpaid',
  'on_account',
  'paid',
  'shipped',
  'cancelled',
  'rejected',
] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** How an order's number is written everywhere (emails, lists, invoices): `TY-10042`. */
export function formatOrderNumber(number: number): string {
  return `TY-${number}`;
}

export const OrderNumberSchema = z
  .string()
  .regex(/^TY-[1-9][0-9]*$/)
  .describe('The order number people read and say: TY- and a sequential number, e.g. TY-10042.');

/** How an invoice's number is written: `INV-000042`, gap-free in the order payments arrived. */
export function formatInvoiceNumber(number: number): string {
  return `INV-${String(number).padStart(6, '0')}`;
}

const InvoiceNumberSchema = z
  .string()
  .regex(/^INV-[0-9]{6,}$/)
  .describe('The invoice number: INV- and a gap-free sequential number, e.g. INV-000042.');

/** How an order is paid: by card within the payment window, or on account (payment terms). */
export const PAYMENT_METHODS = ['card', 'account'] as const;

export const CANCEL_REASONS = ['customer', 'admin', 'payment_window'] as const;

/**
 * The invoice of a paid order (or one on account). Its lines' prices include the tax charged;
 * `taxAmount` is the part of the total that is tax (docs/decisions/064).
 */
export const InvoiceSummarySchema = z.object({
  number: InvoiceNumberSchema,
  issuedAt: TimestampSchema,
  /** Percent, e.g. 20 or 7.5; 0 when the order carries no tax. */
  taxRate: z.number().min(0).max(100),
  taxAmount: MoneySchema,
  /** The total without its tax. */
  netAmount: MoneySchema,
  /** Taxed at the destination's rate, the reverse charge, or a tax-exempt buyer. */
  taxTreatment: z.enum(TAX_TREATMENTS),
  /** Each rate with what was taxed at it and the tax (one today: an order has one destination). */
  taxLines: z.array(TaxLineSchema),
  /** Where the rate comes from: the destination's country and region, when known. */
  taxCountry: z.string().nullable(),
  taxRegion: z.string().nullable(),
  /** An invoice on account: the day it must be paid by (net days after it was issued); null for a card's. */
  dueAt: TimestampSchema.nullable(),
});

export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;

const OrderApprovalSchema = z.object({
  reason: z.enum(APPROVAL_REASONS),
  approvedAt: TimestampSchema.nullable(),
  approvedBy: z.string().nullable(),
  rejectedAt: TimestampSchema.nullable(),
  rejectedBy: z.string().nullable(),
  rejectionReason: z.string().nullable(),
});

/** One tool of an order, its name, SKU and unit price as they were when the order was placed. */
export const OrderLineSchema = z.object({
  toolId: IdSchema,
  productName: z.string(),
  sku: z.string(),
  quantity: z.int().min(1),
  unitPrice: MoneySchema,
  /** unitPrice x quantity. */
  lineTotal: MoneySchema,
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

export const OrderSchema = z.object({
  _id: IdSchema,
  number: OrderNumberSchema,
  /**
   * The summary every order has had since the first version of the API: the first line's tool and
   * unit price, the product name (with "and N more" when there are several lines), all units
   * (`orderedNum`) and the total. `lines` has each line.
   */
  toolId: IdSchema,
  productName: z.string(),
  unitPrice: MoneySchema,
  /** Customer name. */
  name: z.string(),
  email: z.string(),
  orderedNum: z.int(),
  phone: z.string(),
  address: z.string(),
  /**
   * The address book's address the order was placed to, copied as it was then; null when the
   * address was typed (then `address` and `phone` are all there is).
   */
  deliveryAddress: DeliveryAddressSchema.nullable(),
  /**
   * The country the order goes to: its address book copy's, or the typed address's (the store's
   * own when typed without one, decision 072). Delivery and tax went by it; "Buy again" offers it
   * again. Null for orders placed before orders recorded it.
   */
  deliveryCountry: z.string().nullable(),
  /**
   * The postcode the order's tax went by: a typed address's, as sent with it, or the address book
   * copy's. Null for a typed address sent without one, and for typed addresses of orders placed
   * before orders recorded it.
   */
  deliveryPostcode: z.string().nullable(),
  /** The buyer's purchase order number, if they gave one. */
  poNumber: z.string().nullable(),
  note: z.string().nullable(),
  lines: z.array(OrderLineSchema).min(1),
  totalAmount: MoneySchema,
  currency: z.string(),
  status: OrderStatusSchema,
  /** By card within the payment window, or on account (payment terms, invoiced with a due date). */
  paymentMethod: z.enum(PAYMENT_METHODS),
  transactionId: z.string().nullable(),
  /** Why the last payment attempt failed (e.g. a declined card), while the order is unpaid. */
  paymentFailure: z.string().nullable(),
  /** Unpaid by then, the order is cancelled and its stock released. */
  paymentDueAt: TimestampSchema,
  createdAt: TimestampSchema,
  paidAt: TimestampSchema.nullable(),
  shippedAt: TimestampSchema.nullable(),
  cancelledAt: TimestampSchema.nullable(),
  /** Who cancelled it: the customer, an admin, or the payment window running out. */
  cancelReason: z.enum(CANCEL_REASONS).nullable(),
  /** Once shipped: the first parcel's carrier and tracking number (`shipments` has every parcel). */
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** The delivery method chosen, its price (in `totalAmount`) and promised day; null: none chosen. */
  delivery: OrderDeliverySchema.nullable(),
  /** The parcels it was shipped in, first to last; empty until it ships. */
  shipments: z.array(ShipmentSchema),
  /** The buyer's company details as their profile had them when the order was placed. */
  companyName: z.string().nullable(),
  vatNumber: z.string().nullable(),
  billingAddress: z.string().nullable(),
  /** The buyer's company when the order was placed (its owner, approvers and viewers see it). */
  companyId: IdSchema.nullable(),
  /**
   * Placed above the buyer's or the company's limits: why it waited for approval, and who approved
   * or rejected it, when, and why it was rejected (names as they are now). Null for an order that
   * never waited.
   */
  approval: OrderApprovalSchema.nullable(),
  /** Issued when the order is paid; the PDF is at /api/orders/{id}/invoice.pdf. */
  invoice: InvoiceSummarySchema.nullable(),
  /** Refunds admins noted on the paid order, oldest first, and what they come to. */
  refunds: z.array(OrderRefundSchema),
  refundedAmount: MoneySchema,
});
export type Order = z.infer<typeof OrderSchema>;

/**
 * Shipping an order: its parcels (`parcels`, or one parcel as `carrier` and `trackingNumber`), each
 * with a tracking number unless `noTracking` is true.
 */
export const ShipOrderBodySchema = z
  .strictObject({
    status: z.literal('shipped'),
    carrier: plainText(1, 64).optional().describe('One parcel: its carrier (or send `parcels`).'),
    trackingNumber: plainText(1, 64).optional().describe('One parcel: its tracking number.'),
    ...shipmentFields,
  })
  .superRefine(checkTracking)
  .superRefine((body, context) => {
    const isOneParcel = body.carrier !== undefined || body.trackingNumber !== undefined;
    if (isOneParcel && body.parcels !== undefined)
      context.addIssue({
        code: 'custom',
        path: ['parcels'],
        message: 'Send either `parcels` or one parcel as `carrier` and `trackingNumber`, not both.',
      });
    else if (body.trackingNumber !== undefined && body.carrier === undefined)
      context.addIssue({ code: 'custom', path: ['carrier'], message: 'Say which carrier.' });
    else if (!body.noTracking && body.trackingNumber === undefined && !body.parcels?.length)
      context.addIssue({
        code: 'custom',
        path: [body.carrier === undefined ? 'parcels' : 'trackingNumber'],
        message: 'Give the tracking number of each parcel, or tick "no tracking".',
      });
  });
export type ShipOrderBody = z.infer<typeof ShipOrderBodySchema>;
