import { LRUCache } from 'lru-cache';
import type { CheckoutCartBody } from '../../../contract/cart.ts';
import {
  type ListMyOrdersQuery,
  type ListOrdersQuery,
  ORDER_LIST_CAP,
} from '../../../contract/order-lists.ts';
import type { CreateOrderBody, PlaceOrderBody } from '../../../contract/order-placement.ts';
import type { NoteRefundBody } from '../../../contract/order-refunds.ts';
import type { Order, ShipOrderBody } from '../../../contract/orders.ts';
import type { UpdateShipmentsBody } from '../../../contract/shipments.ts';
import type { DestinationCache } from '../../cache/destination-cache.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import type { ExportOptions } from '../../http/csv-export.ts';
import { assertOwnerOrAdmin, isOwner, type SessionUser } from '../../http/session.ts';
import { recordAudit } from '../audit/index.ts';
import { type PlaceAgreed, placeAgreedOrder } from './agreed-order.ts';
import { checkOutCart } from './cart-checkout.ts';
import { readsAsCompany } from './company-orders.ts';
import { createCreditNotes } from './credit-notes.ts';
import { deliveryOf, typedDelivery, withoutDelivery } from './delivery.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { refuseIfPaidOnAccount } from './on-account.ts';
import { createApprovals } from './order-approvals.ts';
import { destinationOf } from './order-delivery.ts';
import { createOrderEvents, type OrderEvents } from './order-events.ts';
import { createOrderExporter } from './order-export.ts';
import { orderFilterOf } from './order-filter.ts';
import { cancelOrder, cancelOverdueOrders, type Lifecycle, shipOrder } from './order-lifecycle.ts';
import { type Placement, placeOrder } from './order-placement.ts';
import { refundOrder, sendRefundAgain } from './order-refunds.ts';
import { parcelDetails, parcelsOf, updateShipments } from './order-shipments.ts';
import * as repo from './orders.repo.ts';
import { LINE_FIELDS, type LineFields, SPEC_FIELDS } from './placement-problems.ts';
import type { SendRefund } from './refund-gateway.ts';

/** About 30 KB each. */
const RENDERED_INVOICES_KEPT = 64;

const orderNotFound = () => notFound('This order does not exist.');

/** A customer sees and changes only their own orders; admins see all. */
const assertCanSee = (user: SessionUser, order: repo.OrderRow) =>
  assertOwnerOrAdmin(user, { id: order.userId }, 'This order belongs to another customer.');

/**
 * Reading (never changing) an order: its customer, admins, and the owners, approvers and viewers
 * of the company it was placed for (company-orders.ts).
 */
async function assertCanRead(db: Db, user: SessionUser, order: repo.OrderRow): Promise<void> {
  if (order.userId === user.id || user.role === 'Admin') return;
  if (await readsAsCompany(db, user, order)) return;
  assertCanSee(user, order);
}

export interface OrdersOptions extends Lifecycle {
  currency: string;
  /** How long a customer has to pay an order before it is cancelled. */
  paymentWindowMs: number;
  /** What one customer may hold unpaid (UNPAID_ORDERS_MAX, UNPAID_STOCK_SHARE_MAX). */
  unpaidCaps: { orders: number; stockSharePercent: number };
  /** The store's time zone: delivery methods' cut-offs and promised days are read in it. */
  storeTimeZone: string;
  /** The delivery methods and tax rates every order is judged on, kept in memory. */
  destinations: DestinationCache;
  /** What happens after orders change (order-events.ts); by default, only the mail is sent. */
  events?: OrderEvents;
  /** Sends refunds back through the order's payment provider (the payments module's). */
  sendRefund: SendRefund;
  /** The CSV export's batch size and how many run at once (defaults: 1000 orders, 2). */
  exports?: Partial<ExportOptions>;
}

export function createOrdersService(db: Db, options: OrdersOptions) {
  const { mailer } = options;
  const homeCountry = options.invoicing.sellerCountry;
  const events = options.events ?? createOrderEvents({ nudgeMail: () => mailer.nudge() });
  const exporter = createOrderExporter(db, {
    batchSize: options.exports?.batchSize ?? 1000,
    maxAtOnce: options.exports?.maxAtOnce ?? 2,
    stallMs: options.exports?.stallMs ?? 60_000,
  });
  /**
   * Invoices drawn lately, by order id, least recently asked first. What an invoice says is fixed
   * when it is issued, and drawing one keeps a core busy for tens of milliseconds: asking again
   * (or many times at once) draws it once.
   */
  const renderedInvoices = new LRUCache<string, Promise<{ fileName: string; pdf: Buffer }>>({
    max: RENDERED_INVOICES_KEPT,
  });

  /**
   * After an order is placed (its own transaction, placement.repo.ts): a new one is announced; one
   * placed before under the same key was announced then.
   */
  function placed(user: SessionUser, { order, isNew }: { order: Order; isNew: boolean }): Order {
    if (isNew) events.committed([['placed', user.id]]);
    return order;
  }

  /** Places an order of the lines given (order-placement.ts). */
  const place = async (
    user: SessionUser,
    placement: Placement,
    idempotencyKey: string | undefined,
    fields: LineFields,
  ) => {
    const destination = await destinationOf(db, placement, options.destinations);
    const request = { user, placement, idempotencyKey, fields, ...destination };
    return placed(user, await placeOrder(db, options, request));
  };

  return {
    /**
     * The spec's call: one tool, `orderedNum` units, for the account whose email is given (their
     * own). Answers in its own words (`orderedNum`, "this tool").
     */
    async place(
      user: SessionUser,
      email: string,
      body: CreateOrderBody,
      idempotencyKey?: string,
    ): Promise<Order> {
      assertOwnerOrAdmin(user, { email }, 'You can only place orders for your own account.', {
        adminsToo: false,
      });
      const { toolId, orderedNum, ...typed } = body;
      return place(
        user,
        {
          lines: [{ toolId, quantity: orderedNum }],
          ...typedDelivery(typed, homeCountry),
          // It names no method: the cheapest that serves its destination (decision 072).
          isCheapestMethod: true,
        },
        idempotencyKey,
        SPEC_FIELDS,
      );
    },

    /** One order of one or more lines. */
    async placeLines(
      user: SessionUser,
      body: PlaceOrderBody,
      idempotencyKey?: string,
    ): Promise<Order> {
      const delivery = await deliveryOf(db, user, body, homeCountry);
      return place(user, { ...withoutDelivery(body), ...delivery }, idempotencyKey, LINE_FIELDS);
    },

    /** One order of the customer's cart as stored, emptying it (cart-checkout.ts). */
    async checkOutCart(user: SessionUser, body: CheckoutCartBody, idempotencyKey?: string) {
      const checkout = {
        ...withoutDelivery(body),
        ...(await deliveryOf(db, user, body, homeCountry)),
      };
      const destination = await destinationOf(db, checkout, options.destinations);
      const request = { user, checkout, idempotencyKey, ...destination };
      return placed(user, await checkOutCart(db, options, request));
    },

    /**
     * Runs `work` in one transaction in which `place` places an order at agreed unit prices (an
     * accepted quote's offer: agreed-order.ts); the order is announced once it commits.
     */
    withAgreedOrder: <T>(work: (tx: Tx, place: PlaceAgreed) => Promise<T>): Promise<T> =>
      events.transaction(db, (tx, happened) =>
        work(tx, async (user, body, agreedPrices) => {
          const placement = {
            ...withoutDelivery(body),
            ...(await deliveryOf(tx, user, body, homeCountry)),
          };
          const destination = await destinationOf(tx, placement, options.destinations);
          const request = { user, placement, agreedPrices, ...destination };
          const order = await placeAgreedOrder(tx, options, request);
          happened('placed', user.id);
          return order;
        }),
      ),

    /** A customer's orders (an admin may name anyone's email): all, or a page, of a status. */
    async listOfUser(
      user: SessionUser,
      query: Omit<ListMyOrdersQuery, 'offset'> & { offset?: number },
    ): Promise<{ orders: Order[]; total: number }> {
      const filter: repo.OrderFilter = query.status ? { status: query.status } : {};
      if (isOwner(user, { email: query.email })) filter.ownerId = user.id;
      else if (user.role === 'Admin') filter.ownerEmail = query.email;
      else throw forbidden('You can only see your own orders.');
      const { rows, total } = await repo.listOrders(db, filter, {
        sort: 'newest',
        ...(query.limit === undefined ? {} : { limit: query.limit }),
        offset: query.offset ?? 0,
      });
      return { orders: await repo.asOrders(db, rows), total };
    },

    /**
     * Orders for admins: a page of those that match (all of them up to ORDER_LIST_CAP without a
     * limit, as the original API listed every order) and how many match in all.
     */
    async listAll(
      query: Partial<ListOrdersQuery> = {},
    ): Promise<{ orders: Order[]; total: number }> {
      const filter = orderFilterOf(query);
      const { rows, total } = await repo.listOrders(db, filter, {
        sort: query.sort ?? 'newest',
        limit: query.limit ?? ORDER_LIST_CAP,
        offset: query.offset ?? 0,
      });
      return { orders: await repo.asOrders(db, rows), total };
    },

    /** The orders that match the list's filters as CSV (order-export.ts); 429 when busy. */
    exportCsv: exporter.open,
    /** Exports being written now. */
    exportsRunning: exporter.running,
    /** Exports that ended early (the client went away). */
    exportsCutShort: exporter.cutShort,

    async get(user: SessionUser, id: string): Promise<Order> {
      const order = await repo.findOrder(db, id);
      if (!order) throw orderNotFound();
      await assertCanRead(db, user, order);
      return repo.asOrder(db, order);
    },

    /**
     * A paid order's invoice as a PDF, for its customer and admins. The seller is the one the
     * invoice recorded when it was issued (today's settings for invoices issued before that).
     */
    async invoicePdf(user: SessionUser, id: string): Promise<{ fileName: string; pdf: Buffer }> {
      const row = await repo.findOrder(db, id);
      if (!row) throw orderNotFound();
      await assertCanRead(db, user, row);
      if (row.invoiceNumber === null) {
        throw notFound(
          row.status === 'cancelled'
            ? 'This order was cancelled before it was paid, so it has no invoice.'
            : 'This order has no invoice yet: it is issued once the order is paid.',
        );
      }
      // Keyed by the id as stored: the path's id may be written in capitals.
      const key = row.id;
      const cached = renderedInvoices.get(key);
      if (cached) return cached;
      const rendering = (async () => {
        const order = await repo.asOrder(db, row);
        const pdf = await renderInvoicePdf({
          order,
          seller: row.seller ?? options.invoicing.seller,
        });
        return { fileName: `${order.invoice?.number}.pdf`, pdf };
      })();
      renderedInvoices.set(key, rendering);
      rendering.catch(() => renderedInvoices.delete(key));
      return rendering;
    },

    /** The buyer's credit notes, and each one's PDF (credit-notes.ts). */
    ...createCreditNotes(db, options, (user, order) => assertCanRead(db, user, order)),

    /** Unpaid orders only: the order stays in the history as cancelled and its stock returns. */
    async cancel(user: SessionUser, id: string): Promise<{ deletedCount: number }> {
      await events.transaction(db, async (tx, happened) => {
        const order = await repo.findOrder(tx, id);
        if (!order) throw orderNotFound();
        assertCanSee(user, order);
        const reason = order.userId === user.id ? 'customer' : 'admin';
        await refuseIfPaidOnAccount(tx, id);
        const cancelled = await cancelOrder(tx, happened, options, id, reason);
        if (!cancelled) {
          const current = (await repo.findOrder(tx, id))?.status ?? order.status;
          throw conflict(
            'order_not_cancellable',
            `Only unpaid orders and orders on account not yet shipped can be cancelled; this order is ${current}.`,
          );
        }
        await recordAudit(tx, user, {
          action: 'order.cancelled',
          target: { type: 'order', id: cancelled._id, label: cancelled.number },
          details: { reason },
        });
      });
      return { deletedCount: 1 };
    },

    /** Orders waiting for a company's approval, approved or rejected (order-approvals.ts). */
    ...createApprovals(db, events, options),

    /** A paid or shipped order's refund by an admin, through its provider (order-refunds.ts). */
    refund: (admin: SessionUser, id: string, refund: NoteRefundBody, idempotencyKey?: string) =>
      refundOrder(db, events, options, options.sendRefund, admin, id, refund, idempotencyKey),

    /** A refund its provider never answered for, sent again by an admin (order-refunds.ts). */
    sendRefundAgain: (admin: SessionUser, id: string, refundId: string) =>
      sendRefundAgain(db, events, options, options.sendRefund, admin, id, refundId),

    /** Paid orders only. */
    async ship(admin: SessionUser, id: string, shipment: ShipOrderBody): Promise<Order> {
      const shipped = await events.transaction(db, async (tx, happened) => {
        const parcels = parcelsOf(shipment);
        const order = await shipOrder(tx, happened, options, id, parcels);
        if (order) {
          await recordAudit(tx, admin, {
            action: 'order.shipped',
            target: { type: 'order', id: order._id, label: order.number },
            details: { ...parcelDetails(parcels), noTracking: shipment.noTracking === true },
          });
        }
        return order;
      });
      if (shipped) return shipped;
      const order = await repo.findOrder(db, id);
      if (!order) throw orderNotFound();
      throw conflict(
        'order_not_shippable',
        order.status === 'shipped'
          ? 'This order has already been shipped.'
          : `Only paid orders can be shipped; this order is ${order.status}.`,
      );
    },

    /** A shipped order's parcels and tracking numbers, changed (order-shipments.ts). */
    async updateShipments(
      admin: SessionUser,
      id: string,
      body: UpdateShipmentsBody,
    ): Promise<Order> {
      const order = await events.transaction(db, (tx, happened) =>
        updateShipments(tx, { ...options, happened }, admin, id, body),
      );
      if (!order) throw orderNotFound();
      return order;
    },

    /**
     * Unpaid orders past their payment deadline are cancelled and their stock returned (the
     * payment-window job, every instance: each order exactly once).
     */
    cancelOverdue: (batch = 200): Promise<Order[]> =>
      events.transaction(db, (tx, happened) => cancelOverdueOrders(tx, happened, options, batch)),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
