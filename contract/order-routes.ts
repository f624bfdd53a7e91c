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
import { NoteRefundBodySchema } from './order-refunds.ts';
import { OrderSchema, ShipOrderBodySchema } from './orders.ts';

export const orderRoutes = {
  place: route({
    method: 'POST',
    path: '/user',
    access: 'user',
    summary:
      'Place an order for the signed-in customer (email must be their own). With an Idempotency-Key, asking again returns the same order.',
    tags: ['orders'],
    query: EmailQuerySchema,
    body: CreateOrderBodySchema,
    headers: PlaceOrderHeadersSchema,
    response: OrderSchema,
    status: 201,
  }),
  create: route({
    method: 'POST',
    path: '/orders',
    access: 'user',
    summary:
      "Place one order of one or more lines for the signed-in customer: every line's stock is taken, or none (409 out_of_stock naming the lines short, with what is left). The server prices every line. With an Idempotency-Key, asking again returns the same order.",
    tags: ['orders'],
    body: PlaceOrderBodySchema,
    headers: PlaceOrderHeadersSchema,
    response: OrderSchema,
    status: 201,
  }),
  get: route({
    method: 'GET',
    path: '/orders/:id',
    access: 'user',
    summary: 'One order with its lines, for the customer who placed it and for admins.',
    tags: ['orders'],
    params: IdParamsSchema,
    response: OrderSchema,
  }),
  listMine: route({
    method: 'GET',
    path: '/user',
    access: 'user',
    summary:
      "A customer's orders, newest first: all of them, or a page (limit, offset; the total is in X-Total-Count), optionally of one status.",
    tags: ['orders'],
    query: ListMyOrdersQuerySchema,
    response: z.array(OrderSchema),
  }),
  cancel: route({
    method: 'DELETE',
    path: '/user/:id',
    access: 'user',
    summary: 'Cancel an unpaid order: it stays in the history as cancelled and its stock returns.',
    tags: ['orders'],
    params: IdParamsSchema,
    response: DeletedCountSchema,
  }),
  invoice: route({
    method: 'GET',
    path: '/orders/:id/invoice.pdf',
    access: 'user',
    summary:
      "A paid order's invoice as a PDF, for the customer who placed it and for admins (404 until the order is paid).",
    tags: ['orders'],
    params: IdParamsSchema,
    response: z.string().meta({ format: 'binary', description: 'application/pdf' }),
  }),
  listAll: route({
    method: 'GET',
    path: '/orderlist',
    access: 'admin',
    summary: `Orders for admins, a page at a time (limit, offset; the total is in X-Total-Count), by status, placed between two days (from, to; UTC) and sorted; with q, the order with that order or invoice number, or the orders whose customer name, email or a product on any line contains the text. Without a limit, the newest ${ORDER_LIST_CAP} that match.`,
    tags: ['orders'],
    query: ListOrdersQuerySchema,
    response: z.array(OrderSchema),
  }),
  exportAll: route({
    method: 'GET',
    path: '/orderlist/export',
    access: 'admin',
    summary: `Every order that matches the list's filters (q, status, from, to) in its sort, as a CSV file for spreadsheets (UTF-8 with a byte order mark, amounts as decimals beside their currency, times in ISO 8601 UTC), written as it is read. A few exports run at once; more answer 429.`,
    tags: ['orders'],
    query: ExportOrdersQuerySchema,
    response: z.string().meta({ format: 'binary', description: 'text/csv' }),
  }),
  ship: route({
    method: 'PUT',
    path: '/order/:id',
    access: 'admin',
    summary: 'Mark a paid order shipped, with its carrier and tracking number when known.',
    tags: ['orders'],
    params: IdParamsSchema,
    body: ShipOrderBodySchema,
    response: OrderSchema,
  }),
  noteRefund: route({
    method: 'POST',
    path: '/orders/:id/refunds',
    access: 'admin',
    summary:
      'Note a refund on a paid or shipped order: its amount and why. Refused with 409 order_not_refundable before payment or after cancelling, and 409 refund_exceeds_total when the refunds would come to more than the total.',
    tags: ['orders'],
    params: IdParamsSchema,
    body: NoteRefundBodySchema,
    response: OrderSchema,
    status: 201,
  }),
} as const;
