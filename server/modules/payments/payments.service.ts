import type Stripe from 'stripe';
import type {
  PaymentOrder,
  PaymentResult,
  PayWithCardBody,
  StripeIntent,
} from '../../../contract/payments.ts';
import type { Db } from '../../db/client.ts';
import { AppError, conflict, forbidden, notFound, serviceUnavailable } from '../../errors.ts';
import { assertOwnerOrAdmin, type SessionUser } from '../../http/session.ts';
import {
  applyRefundReport,
  asOrder,
  createOrderEvents,
  findOrder,
  type Lifecycle,
  type OrderEvents,
  type OrderRow,
  payOrder,
} from '../orders/index.ts';
import * as repo from './payments.repo.ts';
import { stripeRefundReport } from './refund-sender.ts';
import { chargeTestCard } from './test-gateway.ts';

export interface PaymentsOptions extends Lifecycle {
  /** Stripe mode when given; the built-in test gateway otherwise. */
  stripe: { client: Stripe; publishableKey: string } | null;
  /** What happens after orders change (order-events.ts); by default, only the mail is sent. */
  events?: OrderEvents;
}

const orderNotFound = () => notFound('This order does not exist.');

/** Only the customer who placed an order pays it, and only while it is unpaid. */
function assertPayable(user: SessionUser, order: OrderRow | undefined): asserts order is OrderRow {
  if (!order) throw orderNotFound();
  assertOwnerOrAdmin(
    user,
    { id: order.userId },
    'Only the customer who placed this order can pay for it.',
    { adminsToo: false },
  );
  if (order.status === 'paid' || order.status === 'shipped') {
    throw conflict('order_not_payable', 'This order has already been paid.');
  }
  if (order.status === 'cancelled') {
    throw conflict('order_not_payable', 'This order was cancelled and can no longer be paid.');
  }
  if (order.status === 'rejected') {
    throw conflict('order_not_payable', 'This order was rejected and can no longer be paid.');
  }
  if (order.status === 'awaiting_approval') {
    throw conflict(
      'order_not_payable',
      "This order waits for your company's approval: it can be paid once it is approved.",
    );
  }
}

/**
 * The refunds a Stripe event reports on: a refund's own events, or the refunds listed on a
 * refunded charge (charge.refunded). Null for events about something else.
 */
function refundsIn(event: Stripe.Event): Stripe.Refund[] | null {
  switch (event.type) {
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
    case 'charge.refund.updated':
      return [event.data.object];
    case 'charge.refunded':
      return event.data.object.refunds?.data ?? [];
    default:
      return null;
  }
}

/** Seconds Stripe is asked to wait before it sends an event again. */
const STRIPE_RETRY_AFTER_SECONDS = 30;

/** Stripe reports on an order this database cannot see yet: 503, and Stripe sends it again. */
const notReadyYet = () =>
  serviceUnavailable('Not ready for this event yet; retry later.', STRIPE_RETRY_AFTER_SECONDS);

export function createPaymentsService(db: Db, options: PaymentsOptions) {
  const { mailer, stripe } = options;
  const events = options.events ?? createOrderEvents({ nudgeMail: () => mailer.nudge() });

  return {
    mode: stripe ? ('stripe' as const) : ('test' as const),

    async getForPayment(user: SessionUser, id: string): Promise<PaymentOrder> {
      const order = await findOrder(db, id);
      if (!order) throw orderNotFound();
      if (order.userId !== user.id && user.role !== 'Admin')
        throw forbidden('This order belongs to another customer.');
      const o = await asOrder(db, order);
      return {
        _id: o._id,
        number: o.number,
        name: o.name,
        email: o.email,
        productName: o.productName,
        orderedNum: o.orderedNum,
        totalAmount: o.totalAmount,
        currency: o.currency,
        status: o.status,
        transactionId: o.transactionId,
        paymentFailure: o.paymentFailure,
        paymentDueAt: o.paymentDueAt,
      };
    },

    /**
     * Test mode: the server charges the test card and, on success, marks the order paid in the
     * same transaction that holds the order's lock, so a racing cancel waits and then finds it paid.
     */
    async payWithTestCard(
      user: SessionUser,
      id: string,
      card: PayWithCardBody,
    ): Promise<PaymentResult> {
      if (stripe)
        throw notFound('This store takes card payments through Stripe; test cards are off.');
      const outcome = await events.transaction(db, async (tx, happened) => {
        const order = await repo.lockOrder(tx, id);
        assertPayable(user, order);
        const charge = chargeTestCard(card);
        const common = {
          orderId: order.id,
          provider: 'test',
          amount: order.totalAmount,
          currency: order.currency,
          cardBrand: charge.brand,
          cardLast4: charge.last4,
        };
        if (!charge.ok) {
          await repo.recordPayment(tx, {
            ...common,
            reference: `decline_${Date.now()}_${Math.random().toString(36).slice(2)}`,
            status: 'failed',
            failureReason: charge.reason,
          });
          await repo.setPaymentFailure(tx, order.id, charge.reason);
          happened('payment_failed', order.userId);
          return charge;
        }
        await repo.recordPayment(tx, {
          ...common,
          reference: charge.transactionId,
          status: 'succeeded',
        });
        await payOrder(
          tx,
          happened,
          options,
          order.id,
          charge.transactionId,
          `${charge.brand} ending in ${charge.last4}`,
        );
        return charge;
      });
      if (!outcome.ok)
        throw new AppError(
          402,
          'card_declined',
          `${outcome.reason} No money was taken; try another card.`,
        );
      return {
        orderId: id,
        status: 'paid',
        transactionId: outcome.transactionId,
        cardBrand: outcome.brand,
        cardLast4: outcome.last4,
      };
    },

    /**
     * Stripe mode: one PaymentIntent per order, created with the amount and currency from the
     * database and an idempotency key derived from the order, so retries reuse it.
     */
    async createStripeIntent(user: SessionUser, id: string): Promise<StripeIntent> {
      if (!stripe)
        throw notFound('This store runs the built-in test gateway; Stripe is not configured.');
      const order = await db.transaction(async (tx) => {
        const row = await repo.lockOrder(tx, id);
        assertPayable(user, row);
        return row;
      });
      try {
        let intent = order.paymentIntentId
          ? await stripe.client.paymentIntents.retrieve(order.paymentIntentId)
          : undefined;
        if (!intent || intent.status === 'canceled') {
          intent = await stripe.client.paymentIntents.create(
            {
              amount: order.totalAmount,
              currency: order.currency.toLowerCase(),
              metadata: { orderId: order.id },
              automatic_payment_methods: { enabled: true },
              description: `${order.orderedNum} × ${order.productName}`,
            },
            // Retries of one creation share the key; after a cancelled intent the key names it,
            // or Stripe would replay the cancelled one for the next 24 hours.
            {
              idempotencyKey: `toolyard-order-${order.id}-${order.totalAmount}${
                order.paymentIntentId ? `-after-${order.paymentIntentId}` : ''
              }`,
            },
          );
          const created = intent;
          await db.transaction((tx) =>
            repo.setPaymentIntent(tx, order.id, created.id, order.paymentIntentId),
          );
        }
        if (!intent.client_secret) throw new Error('PaymentIntent without client secret');
        return { clientSecret: intent.client_secret, publishableKey: stripe.publishableKey };
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError(
          502,
          'payment_provider_error',
          'The payment provider did not answer. Please try again.',
        );
      }
    },

    /** Applies one verified Stripe event, at most once (its id is stored with the effect). */
    async handleStripeEvent(event: Stripe.Event): Promise<'applied' | 'duplicate' | 'ignored'> {
      return events.transaction(db, async (tx, happened) => {
        if (!(await repo.claimStripeEvent(tx, event.id, event.type))) return 'duplicate' as const;
        const refunds = refundsIn(event);
        if (refunds) {
          let isKnown = false;
          for (const refund of refunds) {
            isKnown =
              (await applyRefundReport(tx, happened, options, stripeRefundReport(refund))) ||
              isKnown;
          }
          return isKnown ? ('applied' as const) : ('ignored' as const);
        }
        if (
          event.type !== 'payment_intent.succeeded' &&
          event.type !== 'payment_intent.payment_failed'
        ) {
          return 'ignored' as const;
        }
        const intent = event.data.object;
        const orderId = intent.metadata?.orderId;
        if (!orderId) return 'ignored' as const;
        const order = await repo.lockOrder(tx, orderId);
        if (!order) throw notReadyYet();
        const common = {
          orderId,
          provider: 'stripe',
          reference: intent.id,
          amount: intent.amount,
          currency: intent.currency.toUpperCase(),
        };

        if (event.type === 'payment_intent.payment_failed') {
          const reason = intent.last_payment_error?.message ?? 'The payment failed.';
          await repo.recordPayment(tx, { ...common, status: 'failed', failureReason: reason });
          if (order.status === 'unpaid') {
            await repo.setPaymentFailure(tx, orderId, reason);
            happened('payment_failed', order.userId);
          }
          return 'applied' as const;
        }
        const matches =
          intent.amount === order.totalAmount &&
          intent.currency.toLowerCase() === order.currency.toLowerCase();
        if (!matches) {
          await repo.recordPayment(tx, {
            ...common,
            status: 'flagged',
            failureReason: `Amount ${intent.amount} ${intent.currency} does not match the order total ${order.totalAmount} ${order.currency}.`,
          });
          return 'applied' as const;
        }
        if (order.status === 'unpaid') {
          await repo.recordPayment(tx, { ...common, status: 'succeeded' });
          await payOrder(tx, happened, options, order.id, intent.id, null);
        } else if (order.status === 'cancelled' || order.transactionId !== intent.id) {
          // Money arrived for an order that can no longer take it: keep it for an admin to refund.
          await repo.recordPayment(tx, {
            ...common,
            status: 'flagged',
            failureReason: `Payment received while the order was ${order.status}; refund it.`,
          });
        }
        return 'applied' as const;
      });
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
