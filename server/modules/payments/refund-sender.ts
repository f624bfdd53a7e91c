import type Stripe from 'stripe';
import type { RefundAnswer, RefundReport, RefundRequest, SendRefund } from '../orders/index.ts';
import { refundTestPayment } from './test-gateway.ts';

/** Stripe's refund failure codes, said as sentences a person reads. */
const STRIPE_FAILURES: Record<string, string> = {
  charge_for_pending_refund_disputed: 'The buyer disputed this payment with their bank.',
  declined: 'The card issuer declined the refund.',
  expired_or_canceled_card: 'The card it was paid with has expired or was cancelled.',
  insufficient_funds: 'The store’s Stripe balance is too low for this refund.',
  lost_or_stolen_card: 'The card it was paid with was reported lost or stolen.',
  merchant_request: 'The refund was cancelled at Stripe.',
};

function stripeFailureReason(code: string | null | undefined): string {
  return (code && STRIPE_FAILURES[code]) || 'Stripe could not complete the refund.';
}

/** Stripe's status of a refund, as the store keeps it: done only once Stripe reports it done. */
function stripeStatus(refund: Stripe.Refund, isReport: boolean): RefundAnswer['status'] {
  if (refund.status === 'failed' || refund.status === 'canceled') return 'failed';
  if (refund.status === 'succeeded' && isReport) return 'succeeded';
  return 'pending';
}

/** What one of Stripe's refund objects (in a webhook event) says about a refund made here. */
export function stripeRefundReport(refund: Stripe.Refund): RefundReport {
  const status = stripeStatus(refund, true);
  return {
    provider: 'stripe',
    reference: refund.id,
    refundId: refund.metadata?.refundId ?? null,
    status,
    failureReason: status === 'failed' ? stripeFailureReason(refund.failure_reason) : null,
  };
}

async function sendStripeRefund(client: Stripe, request: RefundRequest): Promise<RefundAnswer> {
  const refund = await client.refunds.create(
    {
      payment_intent: request.paymentReference,
      amount: request.amount,
      metadata: { refundId: request.refundId, orderId: request.orderId },
    },
    // One key per refund row: a retried request (the library's or ours) never refunds twice.
    { idempotencyKey: `toolyard-refund-${request.refundId}` },
  );
  const status = stripeStatus(refund, false);
  return {
    status,
    reference: refund.id,
    failureReason: status === 'failed' ? stripeFailureReason(refund.failure_reason) : null,
  };
}

/**
 * Sends refunds to where the order's money came from: the test gateway answers at once; Stripe
 * takes the refund through its Refunds API and confirms it later by webhook.
 */
export function createRefundSender(stripe: Stripe | null): SendRefund {
  return async (provider, request) => {
    if (provider === 'test') return refundTestPayment(request);
    if (!stripe) throw new Error('A Stripe payment cannot be refunded without Stripe configured.');
    return sendStripeRefund(stripe, request);
  };
}
