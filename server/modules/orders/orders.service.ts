import { sql } from 'drizzle-orm';
import { formatCount } from '../../../contract/format.ts';
import type { NoteRefundBody } from '../../../contract/order-refunds.ts';
import {
  type CreateOrderBody,
  type ListMyOrdersQuery,
  type ListOrdersQuery,
  MAX_ORDER_TOTAL,
  ORDER_LIST_CAP,
  type Order,
  type PlaceOrderBody,
  type ShipOrderBody,
  unpaidShareCap,
} from '../../../contract/orders.ts';
import { lineProblem, unitPriceFor } from '../../../contract/pricing.ts';
import type { FieldError, ShortLine } from '../../../contract/problem.ts';
import type { Db } from '../../db/client.ts';
import {
  AppError,
  assertEmailVerified,
  badRequest,
  conflict,
  fieldError,
  forbidden,
  notFound,
} from '../../errors.ts';
import { type SessionUser, sameEmail } from '../../http/session.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { money, orderConfirmationEmail } from './order-emails.ts';
import { createOrderExporter, type ExportOptions } from './order-export.ts';
import { orderFilterOf } from './order-filter.ts';
import {
  cancelOrder,
  cancelOverdueOrders,
  type Lifecycle,
  payOrder,
  shipOrder,
} from './order-lifecycle.ts';
import { noteRefund } from './order-refunds.ts';
import * as repo from './orders.repo.ts';

/** About 30 KB each. */
const RENDERED_INVOICES_KEPT = 64;

const orderNotFound = () => notFound('This order does not exist.');

/** A customer sees and changes only their own orders; admins see all. */
function assertCanSee(user: SessionUser, order: repo.OrderRow): void {
  if (order.userId !== user.id && user.role !== 'Admin') {
    throw forbidden('This order belongs to another customer.');
  }
}

export interface OrdersOptions extends Lifecycle {
  currency: string;
  /** How long a customer has to pay an order before it is cancelled. */
  paymentWindowMs: number;
  /** What one customer may hold unpaid (UNPAID_ORDERS_MAX, UNPAID_STOCK_SHARE_MAX). */
  unpaidCaps: { orders: number; stockSharePercent: number };
  /** Runs after an order took or returned stock (committed): cached catalogue answers go stale. */
  onStockChanged?: () => void;
  /** The CSV export's batch size and how many run at once (defaults: 1000 orders, 2). */
  exports?: Partial<ExportOptions>;
}

/**
 * How the request names a line's fields in problems: `lines.2.quantity` for an order of lines,
 * `orderedNum` and `toolId` for the spec's one-tool order (whose answers keep their old words).
 */
interface LineFields {
  isSingle: boolean;
  quantity(index: number): string;
}

const LINE_FIELDS: LineFields = { isSingle: false, quantity: (i) => `lines.${i}.quantity` };
const SPEC_FIELDS: LineFields = { isSingle: true, quantity: () => 'orderedNum' };

const toolGone = () => notFound('This tool does not exist or was removed from the catalogue.');

/**
 * Unpaid orders hold stock that nobody else can buy: one customer may hold at most a share of a
 * tool's stock (what is on hand plus what they already hold), though always one minimum order.
 */
function assertWithinShare(
  tool: { name: string; minimumOrder: number; quantity: number },
  heldUnits: number,
  units: number,
  sharePercent: number,
  fields: LineFields,
): void {
  const cap = unpaidShareCap({
    onHand: tool.quantity,
    heldUnits,
    minimumOrder: tool.minimumOrder,
    sharePercent,
  });
  if (heldUnits + units <= cap) return;
  const room = Math.max(0, cap - heldUnits);
  const n = formatCount;
  const it = fields.isSingle ? 'this tool' : tool.name;
  throw conflict(
    'unpaid_limit',
    heldUnits > 0
      ? `You already hold ${n(heldUnits)} units of ${it} in unpaid orders; one customer can hold at most ${n(cap)} unpaid. Pay for your open order first${room >= tool.minimumOrder ? `, or order at most ${n(room)} units now` : ''}.`
      : `One customer can hold at most ${n(cap)} units of ${it} in unpaid orders. Order at most ${n(cap)} units now; once that order is paid you can order more.`,
  );
}

/** A key names one order: asking again with other details is a mistake, not a new order. */
function assertSameOrder(earlier: Order, placement: PlaceOrderBody): void {
  const same =
    earlier.lines.length === placement.lines.length &&
    earlier.lines.every(
      (line, i) =>
        line.toolId === placement.lines[i]?.toolId &&
        line.quantity === placement.lines[i]?.quantity,
    ) &&
    earlier.phone === placement.phone &&
    earlier.address === placement.address &&
    earlier.poNumber === (placement.poNumber ?? null) &&
    earlier.note === (placement.note ?? null);
  if (same) return;
  throw new AppError(
    422,
    'idempotency_key_reused',
    'This Idempotency-Key already placed an order with other details; use a new key for a new order.',
  );
}

/** "Claw Hammer", or "Claw Hammer and 2 more" for an order of three lines. */
function summaryName(lines: { productName: string }[]): string {
  const first = lines[0]?.productName ?? '';
  return lines.length > 1 ? `${first} and ${lines.length - 1} more` : first;
}

/** Not enough stock: the spec's sentence for one tool, each line short for several. */
function outOfStock(short: ShortLine[], fields: LineFields): AppError {
  const n = formatCount;
  if (fields.isSingle) {
    const { available } = short[0] as ShortLine;
    return conflict(
      'out_of_stock',
      available === 0
        ? 'This tool is out of stock.'
        : `Only ${n(available)} units are in stock; order at most ${n(available)}.`,
    );
  }
  const left = (line: ShortLine) =>
    line.available === 0
      ? `${line.productName} is out of stock.`
      : `Only ${n(line.available)} units of ${line.productName} are in stock.`;
  return new AppError(
    409,
    'out_of_stock',
    short.length === 1
      ? `${left(short[0] as ShortLine)} Nothing was ordered; change that line and try again.`
      : `${short.length} lines ask for more than is in stock. Nothing was ordered; change those lines and try again.`,
    short.map((line) => ({ field: fields.quantity(line.line), in: 'body', message: left(line) })),
    undefined,
    { lines: short },
  );
}

export function createOrdersService(db: Db, options: OrdersOptions) {
  const { mailer } = options;
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
  const renderedInvoices = new Map<string, Promise<{ fileName: string; pdf: Buffer }>>();

  /**
   * Takes every line's stock and records the order in one transaction, or takes nothing. Prices
   * and product names come from the database, never from the request.
   */
  async function placeOrder(
    user: SessionUser,
    placement: PlaceOrderBody,
    idempotencyKey: string | undefined,
    fields: LineFields,
  ): Promise<Order> {
    assertEmailVerified(user, 'placing an order');
    const toolIds = placement.lines.map((line) => line.toolId);
    const placed = await db.transaction(async (tx) => {
      const company = await repo.lockCustomer(tx, user.id);
      // Under the customer's lock: a second attempt waits for the first, then finds its order.
      if (idempotencyKey) {
        const earlier = await repo.findOrderByIdempotencyKey(tx, user.id, idempotencyKey);
        if (earlier) {
          const order = await repo.withLinesOne(tx, earlier);
          assertSameOrder(order, placement);
          return { order, isNew: false };
        }
      }
      const held = await repo.unpaidHoldings(tx, user.id, toolIds);
      if (held.orders >= options.unpaidCaps.orders) {
        throw conflict(
          'unpaid_limit',
          `You have ${held.orders} unpaid orders, the most one customer can hold. Pay for or cancel one of them before placing another.`,
        );
      }
      const locked = await repo.lockTools(tx, toolIds);
      const tooFew: FieldError[] = [];
      const short: ShortLine[] = [];
      const priced = placement.lines.map((line, index) => {
        const tool = locked.get(line.toolId);
        if (!tool) {
          if (fields.isSingle) throw toolGone();
          throw fieldError(
            `lines.${index}.toolId`,
            `The tool on line ${index + 1} does not exist or was removed from the catalogue.`,
          );
        }
        const problem = lineProblem(tool, line.quantity);
        if (problem === 'below_minimum') {
          tooFew.push({
            field: fields.quantity(index),
            in: 'body',
            message: fields.isSingle
              ? `The minimum order for this tool is ${formatCount(tool.minimumOrder)} units.`
              : `The minimum order for ${tool.name} is ${formatCount(tool.minimumOrder)} units.`,
          });
        } else if (problem === 'over_stock') {
          short.push({
            line: index,
            toolId: tool.id,
            productName: tool.name,
            available: tool.quantity,
          });
        }
        // Volume prices apply per line: the price of the largest break its quantity reaches.
        const unitPrice = unitPriceFor(tool, line.quantity);
        return { tool, quantity: line.quantity, unitPrice, lineTotal: unitPrice * line.quantity };
      });
      if (tooFew.length > 0) {
        throw badRequest(
          tooFew.length === 1
            ? (tooFew[0] as FieldError).message
            : 'Some lines are below their minimum order.',
          tooFew,
        );
      }
      if (short.length > 0) throw outOfStock(short, fields);
      for (const { tool, quantity } of priced) {
        assertWithinShare(
          tool,
          held.unitsOf.get(tool.id) ?? 0,
          quantity,
          options.unpaidCaps.stockSharePercent,
          fields,
        );
      }
      const total = priced.reduce((sum, line) => sum + line.lineTotal, 0);
      if (total > MAX_ORDER_TOTAL) {
        const only = priced.length === 1 ? priced[0] : undefined;
        throw fieldError(
          only ? fields.quantity(0) : 'lines',
          only
            ? `This order is too large to place online; order at most ${formatCount(Math.floor(MAX_ORDER_TOTAL / Math.max(only.unitPrice, 1)))} units or contact us.`
            : 'This order is too large to place online; split it into smaller orders or contact us.',
        );
      }
      if (placement.expectedTotal !== undefined && placement.expectedTotal !== total) {
        throw conflict(
          'price_changed',
          `Prices changed since you looked: this order now comes to ${money(total, options.currency)}, not ${money(placement.expectedTotal, options.currency)}. Nothing was ordered; check the prices and place it again.`,
        );
      }
      await repo.takeLockedStock(tx, new Map(priced.map((line) => [line.tool.id, line.quantity])));
      const first = priced[0] as (typeof priced)[number];
      const inserted = await repo.insertOrder(tx, {
        userId: user.id,
        toolId: first.tool.id,
        productName: summaryName(priced.map((line) => ({ productName: line.tool.name }))),
        unitPrice: first.unitPrice,
        customerName: user.name,
        email: user.email,
        orderedNum: priced.reduce((sum, line) => sum + line.quantity, 0),
        phone: placement.phone,
        address: placement.address,
        poNumber: placement.poNumber ?? null,
        note: placement.note ?? null,
        ...company,
        totalAmount: total,
        currency: options.currency,
        status: 'unpaid',
        // The database's clock, as for createdAt and the job that cancels late orders.
        paymentDueAt: sql`now() + make_interval(secs => ${options.paymentWindowMs / 1000})`,
        idempotencyKey: idempotencyKey ?? null,
      });
      const lines = await repo.insertLines(
        tx,
        priced.map((line, index) => ({
          orderId: inserted.id,
          position: index + 1,
          toolId: line.tool.id,
          productName: line.tool.name,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          lineTotal: line.lineTotal,
        })),
      );
      // Queued in the same transaction: the email exists exactly when the order does.
      const order = repo.toOrder(inserted, lines);
      await mailer.enqueue(
        { kind: 'order_confirmation', to: order.email, ...orderConfirmationEmail(options, order) },
        tx,
      );
      return { order, isNew: true };
    });
    if (placed.isNew) {
      options.onStockChanged?.();
      void mailer.drain();
    }
    return placed.order;
  }

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
      if (!sameEmail(email, user.email)) {
        throw forbidden('You can only place orders for your own account.');
      }
      const { toolId, orderedNum, ...delivery } = body;
      return placeOrder(
        user,
        { lines: [{ toolId, quantity: orderedNum }], ...delivery },
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
      return placeOrder(user, body, idempotencyKey, LINE_FIELDS);
    },

    /** A customer's orders (an admin may name anyone's email): all, or a page, of a status. */
    async listOfUser(
      user: SessionUser,
      query: Omit<ListMyOrdersQuery, 'offset'> & { offset?: number },
    ): Promise<{ orders: Order[]; total: number }> {
      const filter: repo.OrderFilter = query.status ? { status: query.status } : {};
      if (sameEmail(query.email, user.email)) filter.ownerId = user.id;
      else if (user.role === 'Admin') filter.ownerEmail = query.email;
      else throw forbidden('You can only see your own orders.');
      const { rows, total } = await repo.listOrders(db, filter, {
        sort: 'newest',
        ...(query.limit === undefined ? {} : { limit: query.limit }),
        offset: query.offset ?? 0,
      });
      return { orders: await repo.withLines(db, rows), total };
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
      return { orders: await repo.withLines(db, rows), total };
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
      assertCanSee(user, order);
      return repo.withLinesOne(db, order);
    },

    /**
     * A paid order's invoice as a PDF, for its customer and admins. The seller is the one the
     * invoice recorded when it was issued (today's settings for invoices issued before that).
     */
    async invoicePdf(user: SessionUser, id: string): Promise<{ fileName: string; pdf: Buffer }> {
      const row = await repo.findOrder(db, id);
      if (!row) throw orderNotFound();
      assertCanSee(user, row);
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
      if (cached) {
        renderedInvoices.delete(key);
        renderedInvoices.set(key, cached);
        return cached;
      }
      const rendering = (async () => {
        const order = await repo.withLinesOne(db, row);
        const pdf = await renderInvoicePdf({
          order,
          seller: row.seller ?? options.invoicing.seller,
        });
        return { fileName: `${order.invoice?.number}.pdf`, pdf };
      })();
      renderedInvoices.set(key, rendering);
      rendering.catch(() => renderedInvoices.delete(key));
      for (const oldest of renderedInvoices.keys()) {
        if (renderedInvoices.size <= RENDERED_INVOICES_KEPT) break;
        renderedInvoices.delete(oldest);
      }
      return rendering;
    },

    /** Unpaid orders only: the order stays in the history as cancelled and its stock returns. */
    async cancel(user: SessionUser, id: string): Promise<{ deletedCount: number }> {
      await db.transaction(async (tx) => {
        const order = await repo.findOrder(tx, id);
        if (!order) throw orderNotFound();
        assertCanSee(user, order);
        const reason = order.userId === user.id ? 'customer' : 'admin';
        const cancelled = await cancelOrder(tx, options, id, reason);
        if (!cancelled) {
          const current = (await repo.findOrder(tx, id))?.status ?? order.status;
          throw conflict(
            'order_not_cancellable',
            `Only unpaid orders can be cancelled; this order is ${current}.`,
          );
        }
        await recordAudit(tx, user, {
          action: 'order.cancelled',
          target: { type: 'order', id: cancelled._id, label: cancelled.number },
          details: { reason },
        });
      });
      options.onStockChanged?.();
      void mailer.drain();
      return { deletedCount: 1 };
    },

    /** A paid or shipped order's refund, noted by an admin (order-refunds.ts). */
    noteRefund: (admin: SessionUser, id: string, refund: NoteRefundBody) =>
      noteRefund(db, admin, id, refund),

    /** Paid orders only. */
    async ship(admin: SessionUser, id: string, shipment: ShipOrderBody): Promise<Order> {
      const shipped = await db.transaction(async (tx) => {
        const order = await shipOrder(tx, options, id, shipment);
        if (order) {
          await recordAudit(tx, admin, {
            action: 'order.shipped',
            target: { type: 'order', id: order._id, label: order.number },
            details: { carrier: order.carrier, trackingNumber: order.trackingNumber },
          });
        }
        return order;
      });
      if (shipped) {
        void mailer.drain();
        return shipped;
      }
      const order = await repo.findOrder(db, id);
      if (!order) throw orderNotFound();
      throw conflict(
        'order_not_shippable',
        order.status === 'shipped'
          ? 'This order has already been shipped.'
          : `Only paid orders can be shipped; this order is ${order.status}.`,
      );
    },

    /**
     * Unpaid orders past their payment deadline are cancelled and their stock returned (the
     * payment-window job, every instance: each order exactly once).
     */
    async cancelOverdue(batch = 200): Promise<Order[]> {
      const cancelled = await db.transaction((tx) => cancelOverdueOrders(tx, options, batch));
      if (cancelled.length > 0) {
        options.onStockChanged?.();
        void mailer.drain();
      }
      return cancelled;
    },

    /**
     * Marks an order paid without a payment provider (tests and tools). Payments mark orders paid
     * through payOrder (order-lifecycle.ts), in the transaction that holds the order's lock.
     */
    async markPaid(id: string, transactionId: string): Promise<Order | undefined> {
      const paid = await db.transaction((tx) => payOrder(tx, options, id, transactionId, null));
      void mailer.drain();
      return paid;
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
