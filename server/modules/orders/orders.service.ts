import { sql } from 'drizzle-orm';
import { formatCount } from '../../../contract/format.ts';
import {
  type CreateOrderBody,
  MAX_ORDER_TOTAL,
  type Order,
  unpaidShareCap,
} from '../../../contract/orders.ts';
import type { Db } from '../../db/client.ts';
import {
  AppError,
  assertEmailVerified,
  conflict,
  fieldError,
  forbidden,
  notFound,
} from '../../errors.ts';
import { type SessionUser, sameEmail } from '../../http/session.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { findTool } from '../tools/tools.repo.ts';
import {
  cancellationEmail,
  orderConfirmationEmail,
  type StoreInfo,
  shippedEmail,
} from './order-emails.ts';
import * as repo from './orders.repo.ts';

const orderNotFound = () => notFound('This order does not exist.');

/** A customer sees and changes only their own orders; admins see all. */
function assertCanSee(user: SessionUser, order: repo.OrderRow): void {
  if (order.userId !== user.id && user.role !== 'Admin') {
    throw forbidden('This order belongs to another customer.');
  }
}

export interface OrdersOptions extends StoreInfo {
  currency: string;
  mailer: Mailer;
  /** How long a customer has to pay an order before it is cancelled. */
  paymentWindowMs: number;
  /** What one customer may hold unpaid (UNPAID_ORDERS_MAX, UNPAID_STOCK_SHARE_MAX). */
  unpaidCaps: { orders: number; stockSharePercent: number };
  /** Runs after an order took or returned stock (committed): cached catalogue answers go stale. */
  onStockChanged?: () => void;
}

/**
 * Unpaid orders hold stock that nobody else can buy: one customer may hold at most a share of a
 * tool's stock (what is on hand plus what they already hold), though always one minimum order.
 */
function assertWithinShare(
  taken: { minimumOrder: number; quantityLeft: number },
  heldUnits: number,
  units: number,
  sharePercent: number,
): void {
  const cap = unpaidShareCap({
    onHand: taken.quantityLeft + units,
    heldUnits,
    minimumOrder: taken.minimumOrder,
    sharePercent,
  });
  if (heldUnits + units <= cap) return;
  const room = Math.max(0, cap - heldUnits);
  const n = formatCount;
  throw conflict(
    'unpaid_limit',
    heldUnits > 0
      ? `You already hold ${n(heldUnits)} units of this tool in unpaid orders; one customer can hold at most ${n(cap)} unpaid. Pay for your open order first${room >= taken.minimumOrder ? `, or order at most ${n(room)} units now` : ''}.`
      : `One customer can hold at most ${n(cap)} units of this tool in unpaid orders. Order at most ${n(cap)} units now; once that order is paid you can order more.`,
  );
}

/** A key names one order: asking again with other details is a mistake, not a new order. */
function assertSameOrder(earlier: repo.OrderRow, body: CreateOrderBody): repo.OrderRow {
  const same =
    earlier.toolId === body.toolId &&
    earlier.orderedNum === body.orderedNum &&
    earlier.phone === body.phone &&
    earlier.address === body.address;
  if (same) return earlier;
  throw new AppError(
    422,
    'idempotency_key_reused',
    'This Idempotency-Key already placed an order with other details; use a new key for a new order.',
  );
}

export function createOrdersService(db: Db, options: OrdersOptions) {
  const { mailer } = options;
  return {
    /**
     * Takes the stock and records the order in one transaction. Price and product name come
     * from the database, never from the request.
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
      assertEmailVerified(user, 'placing an order');
      const placed = await db.transaction(async (tx) => {
        await repo.lockCustomer(tx, user.id);
        // Under the customer's lock: a second attempt waits for the first, then finds its order.
        if (idempotencyKey) {
          const earlier = await repo.findOrderByIdempotencyKey(tx, user.id, idempotencyKey);
          if (earlier) return { row: assertSameOrder(earlier, body), isNew: false };
        }
        const held = await repo.unpaidHoldings(tx, user.id, body.toolId);
        if (held.orders >= options.unpaidCaps.orders) {
          throw conflict(
            'unpaid_limit',
            `You have ${held.orders} unpaid orders, the most one customer can hold. Pay for or cancel one of them before placing another.`,
          );
        }
        const taken = await repo.takeStock(tx, body.toolId, body.orderedNum);
        if (!taken) {
          // Nothing was taken; find out why to answer precisely.
          const tool = await findTool(tx, body.toolId);
          if (!tool) throw notFound('This tool does not exist or was removed from the catalogue.');
          if (body.orderedNum < tool.minimumOrder) {
            throw fieldError(
              'orderedNum',
              `The minimum order for this tool is ${formatCount(tool.minimumOrder)} units.`,
            );
          }
          throw conflict(
            'out_of_stock',
            tool.quantity === 0
              ? 'This tool is out of stock.'
              : `Only ${formatCount(tool.quantity)} units are in stock; order at most ${formatCount(tool.quantity)}.`,
          );
        }
        // Thrown inside the transaction, so the stock just taken goes back.
        assertWithinShare(
          taken,
          held.unitsOfTool,
          body.orderedNum,
          options.unpaidCaps.stockSharePercent,
        );
        if (taken.price * body.orderedNum > MAX_ORDER_TOTAL) {
          throw fieldError(
            'orderedNum',
            `This order is too large to place online; order at most ${formatCount(Math.floor(MAX_ORDER_TOTAL / Math.max(taken.price, 1)))} units or contact us.`,
          );
        }
        const inserted = await repo.insertOrder(tx, {
          userId: user.id,
          toolId: body.toolId,
          productName: taken.name,
          unitPrice: taken.price,
          customerName: user.name,
          email: user.email,
          orderedNum: body.orderedNum,
          phone: body.phone,
          address: body.address,
          totalAmount: taken.price * body.orderedNum,
          currency: options.currency,
          status: 'unpaid',
          // The database's clock, as for createdAt and the job that cancels late orders.
          paymentDueAt: sql`now() + make_interval(secs => ${options.paymentWindowMs / 1000})`,
          idempotencyKey: idempotencyKey ?? null,
        });
        // Queued in the same transaction: the email exists exactly when the order does.
        const order = repo.toOrder(inserted);
        await mailer.enqueue(
          {
            kind: 'order_confirmation',
            to: order.email,
            ...orderConfirmationEmail(options, order),
          },
          tx,
        );
        return { row: inserted, isNew: true };
      });
      if (placed.isNew) {
        options.onStockChanged?.();
        void mailer.drain();
      }
      return repo.toOrder(placed.row);
    },

    async listOfUser(user: SessionUser, email: string): Promise<Order[]> {
      if (!sameEmail(email, user.email)) {
        if (user.role !== 'Admin') throw forbidden('You can only see your own orders.');
        return (await repo.listOrdersOfEmail(db, email)).map(repo.toOrder);
      }
      return (await repo.listOrdersOfUser(db, user.id)).map(repo.toOrder);
    },

    async listAll(): Promise<Order[]> {
      return (await repo.listAllOrders(db)).map(repo.toOrder);
    },

    async get(user: SessionUser, id: string): Promise<Order> {
      const order = await repo.findOrder(db, id);
      if (!order) throw orderNotFound();
      assertCanSee(user, order);
      return repo.toOrder(order);
    },

    /** Unpaid orders only: the order stays in the history as cancelled and its stock returns. */
    async cancel(user: SessionUser, id: string): Promise<{ deletedCount: number }> {
      await db.transaction(async (tx) => {
        const order = await repo.findOrder(tx, id);
        if (!order) throw orderNotFound();
        assertCanSee(user, order);
        const byAdmin = order.userId !== user.id;
        const cancelled = await repo.transition(tx, id, 'unpaid', 'cancelled', {
          cancelReason: byAdmin ? 'admin' : 'customer',
        });
        if (!cancelled) {
          const current = (await repo.findOrder(tx, id))?.status ?? order.status;
          throw conflict(
            'order_not_cancellable',
            `Only unpaid orders can be cancelled; this order is ${current}.`,
          );
        }
        await repo.returnStock(tx, cancelled.toolId, cancelled.orderedNum);
        if (byAdmin) {
          const notice = cancellationEmail(options, repo.toOrder(cancelled), 'admin');
          await mailer.enqueue({ kind: 'order_cancelled', to: cancelled.email, ...notice }, tx);
        }
      });
      options.onStockChanged?.();
      void mailer.drain();
      return { deletedCount: 1 };
    },

    /** Paid orders only. */
    async ship(id: string): Promise<Order> {
      const shipped = await db.transaction(async (tx) => {
        const row = await repo.transition(tx, id, 'paid', 'shipped');
        if (row) {
          const order = repo.toOrder(row);
          await mailer.enqueue(
            { kind: 'order_shipped', to: order.email, ...shippedEmail(options, order) },
            tx,
          );
        }
        return row;
      });
      if (shipped) {
        void mailer.drain();
        return repo.toOrder(shipped);
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
     * The one way an order becomes paid, called by a payment provider's confirmation (never by
     * the browser). Returns the paid order, or undefined when it was no longer unpaid.
     */
    async markPaid(id: string, transactionId: string): Promise<Order | undefined> {
      const paid = await repo.transition(db, id, 'unpaid', 'paid', { transactionId });
      return paid ? repo.toOrder(paid) : undefined;
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
