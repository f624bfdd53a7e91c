import type { RefundStatus } from '../../../contract/order-refunds.ts';

/** What the store asks a payment provider to send back, for one refund row. */
export interface RefundRequest {
  /** The refund's own id: Stripe's idempotency key and metadata carry it. */
  refundId: string;
  orderId: string;
  /** The provider's id of the payment being refunded (a PaymentIntent, a test transaction). */
  paymentReference: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
}

/** The provider's first answer; `pending` waits for its confirmation (Stripe's webhook). */
export interface RefundAnswer {
  status: RefundStatus;
  reference: string | null;
  failureReason: string | null;
}

/**
 * Sends a refund back through the provider an order was paid with. Throws when the provider did
 * not answer (then nothing is known to have moved). The payments module provides it.
 */
export type SendRefund = (
  provider: 'test' | 'stripe',
  request: RefundRequest,
) => Promise<RefundAnswer>;

/** What a provider later reports about a refund (Stripe's refund and charge events). */
export interface RefundReport {
  provider: 'stripe';
  reference: string;
  /** The refund's own id when the provider carries it back (metadata). */
  refundId: string | null;
  status: RefundStatus;
  failureReason: string | null;
}
