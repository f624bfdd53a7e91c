import { z } from 'zod';
import { DeletedCountSchema, EmailQuerySchema, IdParamsSchema, route } from './common.ts';
import {
  ExportOrdersQuerySchema,
  ListMyOrdersQuerySchema,
  ListOrdersQuerySchema,
  ORDER_LIST_CAP,
} from './order-lists.ts';
import {
  CreateOrderBodySchema,
  PlaceOrderBodySchema,
  PlaceOrderHeadersSchema,
} from './order-placement.ts';
import {
  NoteRefundBodySchema,
  NoteRefundHeadersSchema,
  RefundParamsSchema,
} from './order-refunds.ts';
import { OrderSchema, ShipOrderBodySchema } from './orders.ts';
import { UpdateShipmentsBodySchema } from './shipments.ts';

const NO_ORDER = 'No order with this id.';
const NOT_THEIRS = "The order is another customer's (admins may read any).";
/** What refuses placing an order, by every call that places one. */
export const PLACING_REFUSED = {
  400: "validation_failed: besides a malformed body, a line below its tool's minimum order, not a whole number of its packs (`orderIncrement`) or above its most per order (`maxPerOrder`): `errors` names each such line (`lines.N.quantity`, or `orderedNum`) with the rule in a sentence.",
  403: 'email_not_verified: the customer has not confirmed their email yet.',
  409: 'out_of_stock: not enough stock (for several lines, `lines` names each line short, with what is left); unpaid_limit: the customer holds as many unpaid orders, or as much of the stock unpaid, as one customer may.',
  422: 'idempotency_key_reused: this Idempotency-Key already placed an order with other details.',
  429: 'rate_limited: too many orders or changes by this customer in a short time.',
} as const;

export const orderRoutes = {
  place: route({
    method: 'POST',
    path: '/user',
    access: 'user',
    summary: 'Place a one-tool order',
    description:
      "The original API's call: one order of one tool (`orderedNum` units) for the signed-in customer, whose own email the query names. The server prices it; the stock is taken in the same transaction. With an Idempotency-Key, asking again after a lost answer returns the order the first attempt placed instead of a second one.",
    returns: 'The order placed (or, asked again with its Idempotency-Key, the one placed before).',
    tags: ['orders'],
    query: EmailQuerySchema,
    body: CreateOrderBodySchema,
    headers: PlaceOrderHeadersSchema,
    response: OrderSchema,
    status: 201,
    errors: {
      ...PLACING_REFUSED,
      403: `forbidden: the email is not the caller's own. ${PLACING_REFUSED[403]}`,
      404: 'The tool is not in the catalogue (never added, or deleted).',
    },
  }),
  create: route({
    method: 'POST',
    path: '/orders',
    access: 'user',
    summary: 'Place an order',
    description:
      "Places one order of one or more lines for the signed-in customer: every line's stock is taken, or none. The server prices every line (volume prices included); with `expectedTotal`, an order that would now cost anything else is refused (409 price_changed) and nothing is taken. With an Idempotency-Key, asking again returns the same order.",
    returns: 'The order placed (or, asked again with its Idempotency-Key, the one placed before).',
    tags: ['orders'],
    body: PlaceOrderBodySchema,
    headers: PlaceOrderHeadersSchema,
    response: OrderSchema,
    status: 201,
    errors: {
      ...PLACING_REFUSED,
      409: `${PLACING_REFUSED[409]} price_changed: the total is not \`expectedTotal\` any more.`,
    },
  }),
  get: route({
    method: 'GET',
    path: '/orders/:id',
    access: 'user',
    summary: 'Read one order',
    description:
      'One order with its lines, for the customer who placed it, the owners, approvers and viewers of the company it was placed for, and admins.',
    returns: 'The order.',
    tags: ['orders'],
    params: IdParamsSchema,
    response: OrderSchema,
    errors: { 403: NOT_THEIRS, 404: NO_ORDER },
  }),
  listMine: route({
    method: 'GET',
    path: '/user',
    access: 'user',
    summary: "List a customer's orders",
    description:
      "A customer's orders, newest first: all of them, or a page (limit, offset), optionally of one status. The email is the caller's own (admins may name anyone's). The total is in X-Total-Count; the answer carries an ETag (If-None-Match gets 304 while nothing changed).",
    returns: "The customer's orders that match.",
    tags: ['orders'],
    query: ListMyOrdersQuerySchema,
    response: z.array(OrderSchema),
    responseHeaders: ['X-Total-Count', 'ETag'],
    errors: { 403: "The email is another customer's." },
  }),
  cancel: route({
    method: 'DELETE',
    path: '/user/:id',
    access: 'user',
    summary: 'Cancel an unpaid order or one on account',
    description:
      'Cancels an unpaid order, or an order on account not yet shipped and with no payment recorded, by the customer who placed it or an admin: it stays in the history as cancelled, its stock returns, and an order on account no longer counts against the credit limit. Written to the audit log.',
    returns: 'How many orders were cancelled: 1.',
    tags: ['orders'],
    params: IdParamsSchema,
    response: DeletedCountSchema,
    errors: {
      403: NOT_THEIRS,
      404: NO_ORDER,
      409: 'order_not_cancellable: the order is paid, shipped, already cancelled, or on account with a payment recorded.',
    },
  }),
  invoice: route({
    method: 'GET',
    path: '/orders/:id/invoice.pdf',
    access: 'user',
    summary: "Download an order's invoice",
    description:
      "A paid order's invoice as a PDF, for the customer who placed it, the owners, approvers and viewers of the company it was placed for, and admins; an order has none until it is paid.",
    returns: 'The invoice, as an attachment named by its number (INV-000042.pdf).',
    tags: ['orders'],
    params: IdParamsSchema,
    response: z.string().meta({ contentMediaType: 'application/pdf' }),
    file: 'application/pdf',
    responseHeaders: ['Content-Disposition', 'Cache-Control'],
    errors: { 403: NOT_THEIRS, 404: `${NO_ORDER} Or it has no invoice: it is not paid yet.` },
  }),
  listAll: route({
    method: 'GET',
    path: '/orderlist',
    access: 'admin',
    summary: 'List orders for admins',
    description: `Orders for admins, a page at a time (limit, offset), by status, by company (company, an id), placed between two days (from, to; UTC, from no later than to) and sorted; with q, the order with that order or invoice number, or the orders whose customer name, email or a product on any line contains the text. Without a limit, the newest ${ORDER_LIST_CAP} that match. The total that match is in X-Total-Count.`,
    returns: 'The orders that match, in the order asked for.',
    tags: ['orders'],
    query: ListOrdersQuerySchema,
    response: z.array(OrderSchema),
    responseHeaders: ['X-Total-Count'],
  }),
  exportAll: route({
    method: 'GET',
    path: '/orderlist/export',
    access: 'admin',
    summary: 'Export orders as CSV',
    description:
      "Every order that matches the list's filters (q, status, from, to) in its sort, as a CSV file for spreadsheets (UTF-8 with a byte order mark, amounts as decimals beside their currency, times in ISO 8601 UTC), written as it is read.",
    returns: 'The CSV file, as an attachment named with the day (UTC).',
    tags: ['orders'],
    query: ExportOrdersQuerySchema,
    response: z.string().meta({ contentMediaType: 'text/csv' }),
    file: 'text/csv',
    responseHeaders: ['Content-Disposition', 'Cache-Control'],
    errors: { 429: 'rate_limited: as many exports as the store writes at once are being written.' },
  }),
  ship: route({
    method: 'PUT',
    path: '/order/:id',
    access: 'admin',
    summary: 'Mark an order shipped',
    description:
      'Marks a paid (or on account) order shipped in one or more parcels, each with its carrier and tracking number (required unless `noTracking` is true); the customer is emailed, with a tracking link for carriers we know (DHL, UPS, FedEx, DPD, Royal Mail). Written to the audit log.',
    returns: 'The order, shipped.',
    tags: ['orders'],
    params: IdParamsSchema,
    body: ShipOrderBodySchema,
    response: OrderSchema,
    errors: {
      404: NO_ORDER,
      409: 'order_not_shippable: the order is unpaid, cancelled or already shipped.',
      429: 'rate_limited: too many changes by this admin in a short time.',
    },
  }),
  updateShipments: route({
    method: 'PUT',
    path: '/orders/:id/shipments',
    access: 'admin',
    summary: "Change a shipped order's parcels",
    description:
      "Replaces a shipped order's parcels and tracking numbers (a number added later, a parcel more or less); each parcel needs a tracking number unless `noTracking` is true. The customer is emailed the tracking links again and it is written to the audit log, only when the carriers or tracking numbers they see change: the parcels as they are change nothing.",
    returns: 'The order with its parcels.',
    tags: ['orders'],
    params: IdParamsSchema,
    body: UpdateShipmentsBodySchema,
    response: OrderSchema,
    errors: {
      404: NO_ORDER,
      409: 'order_not_shipped: the order has not shipped yet (ship it first).',
      429: 'rate_limited: too many changes by this admin in a short time.',
    },
  }),
  noteRefund: route({
    method: 'POST',
    path: '/orders/:id/refunds',
    access: 'admin',
    summary: 'Refund an order',
    description:
      "Refunds part or all of a paid, shipped or on-account order through the provider it was paid with (an order on account: a credit note that lowers what the buyer owes): the test gateway at once; Stripe's Refunds API (one idempotency key per refund), pending until Stripe's webhook confirms it. With an Idempotency-Key, asking again (at once, or after an answer was lost) returns the order with the refund the first attempt made instead of making a second one. An amount, or units of its lines (the amount is then their unit prices paid; with returnToStock their units go back into stock once it succeeds). With the refunds before that did not fail, at most the total, and no line's units refunded pass what was bought. Once the money is back it issues a credit note and emails the buyer. Written to the audit log.",
    returns: 'The order with its refunds.',
    tags: ['orders'],
    params: IdParamsSchema,
    headers: NoteRefundHeadersSchema,
    body: NoteRefundBodySchema,
    response: OrderSchema,
    status: 201,
    errors: {
      404: NO_ORDER,
      422: 'idempotency_key_reused: this Idempotency-Key already made a refund of this order with another amount or note.',
      409: "order_not_refundable: the order is not paid or on account, or was cancelled; refund_exceeds_total: the refunds would come to more than the total; refund_exceeds_line: more units of a line than are left to refund; refund_line_unknown: a tool that is no line of the order; refund_nothing_paid: the chosen units were free; refund_refused: the payment provider refused it (recorded as failed); refund_being_sent: asked again with its Idempotency-Key while the first attempt still waits for the provider's answer 3 seconds on (nothing was sent again; read the order in a moment).",
      502: 'payment_provider_error: the payment provider did not answer (the refund stays pending, its amount held; ask again with the same Idempotency-Key to send it once more).',
      429: 'rate_limited: too many changes by this admin in a short time.',
    },
  }),
  sendRefundAgain: route({
    method: 'POST',
    path: '/orders/:id/refunds/:refundId/send',
    access: 'admin',
    summary: 'Send a refund again',
    description:
      "Sends again a refund of the order that the payment provider never answered for (pending, `canSendAgain`; its amount is held meanwhile), under the refund's own idempotency key at Stripe, so it is made there at most once however often it is sent. An attempt still sending it is waited for a few seconds; then 409. The answer is stored as the first one would have been: Stripe's webhook confirms it later. Written to the audit log.",
    returns: 'The order with its refunds.',
    tags: ['orders'],
    params: RefundParamsSchema,
    response: OrderSchema,
    errors: {
      404: 'No order with this id, or no refund with this id on it.',
      409: "refund_not_resendable: the refund went through, was refused, or the provider answered and reports on it later; refund_being_sent: another attempt is still waiting for the provider's answer (nothing was sent again); refund_refused: the payment provider refused it (recorded as failed).",
      502: 'payment_provider_error: the payment provider did not answer again (the refund stays pending, its amount held).',
      429: 'rate_limited: too many changes by this admin in a short time.',
    },
  }),
} as const;
