import type { ReactNode } from 'react';
import { APPROVAL_REASON_SENTENCES } from '#contract/approvals.ts';
import { formatLongDateTime } from '#contract/dates.ts';
import { formatCount } from '#contract/format.ts';
import { formatMoney } from '#contract/money.ts';
import type { OrderRefund } from '#contract/order-refunds.ts';
import type { Order } from '#contract/orders.ts';

/** Who is reading: the customer who placed the order, or one of our team. */
export type OrderViewer = 'owner' | 'admin';

interface Step {
  key: string;
  label: string;
  at: string;
  details?: ReactNode;
}

function whoCancelled(order: Order, viewer: OrderViewer): string | null {
  switch (order.cancelReason) {
    case 'customer':
      return viewer === 'owner' ? 'Cancelled by you.' : 'Cancelled by the customer.';
    case 'admin':
      return viewer === 'owner' ? 'Cancelled by our team.' : 'Cancelled by an admin.';
    case 'payment_window':
      return order.approval && !order.approval.approvedAt
        ? 'It was not approved and paid before the payment window ran out.'
        : 'The payment window ran out before it was paid.';
    default:
      return null;
  }
}

/** An order placed above a limit: that it waited, and who approved or rejected it. */
function approvalSteps(order: Order): Step[] {
  const { approval } = order;
  if (!approval) return [];
  const steps: Step[] = [
    {
      key: 'awaiting-approval',
      label: 'Sent for approval',
      at: order.createdAt,
      details: APPROVAL_REASON_SENTENCES[approval.reason],
    },
  ];
  if (approval.approvedAt) {
    steps.push({
      key: 'approved',
      label: 'Approved',
      at: approval.approvedAt,
      details: approval.approvedBy && `Approved by ${approval.approvedBy}.`,
    });
  }
  if (approval.rejectedAt) {
    steps.push({
      key: 'rejected',
      label: 'Rejected',
      at: approval.rejectedAt,
      details: (
        <span className="whitespace-pre-line wrap-anywhere">
          {approval.rejectedBy ? `Rejected by ${approval.rejectedBy}: ` : 'Rejected: '}
          {approval.rejectionReason}
        </span>
      ),
    });
  }
  return steps;
}

function stepsOf(order: Order, viewer: OrderViewer): Step[] {
  const steps: Step[] = [
    { key: 'placed', label: 'Placed', at: order.createdAt },
    ...approvalSteps(order),
  ];
  if (order.paidAt) {
    steps.push({
      key: 'paid',
      label: 'Paid',
      at: order.paidAt,
      details: order.transactionId && (
        <>
          Transaction{' '}
          <code className="font-mono break-all" data-testid="transaction-id">
            {order.transactionId}
          </code>
        </>
      ),
    });
  }
  if (order.shippedAt) {
    // Several parcels are listed beside the delivery; the timeline says how many.
    const parcels = order.shipments.length;
    const how =
      parcels > 1
        ? [`In ${parcels} parcels`]
        : [
            order.carrier && `Carrier: ${order.carrier}`,
            order.trackingNumber && `Tracking number: ${order.trackingNumber}`,
          ].filter(Boolean);
    steps.push({
      key: 'shipped',
      label: 'Shipped',
      at: order.shippedAt,
      details: how.length > 0 && <span className="wrap-anywhere">{how.join('. ')}</span>,
    });
  }
  for (const [index, refund] of order.refunds.entries()) {
    steps.push({
      key: `refund-${index}`,
      label: refundLabel(refund, order.currency),
      at: refund.createdAt,
      details: (
        <span className="whitespace-pre-line wrap-anywhere">
          {refund.note}
          {viewer === 'admin' && refund.recordedBy && ` (by ${refund.recordedBy})`}
          {refund.lines.length > 0 && `\n${refundedLines(refund)}`}
          {refund.creditNote && `\nCredit note ${refund.creditNote.number}.`}
          {refund.status === 'failed' &&
            `\n${refund.failureReason ?? 'The payment provider refused it.'} Nothing was refunded.`}
        </span>
      ),
    });
  }
  if (order.cancelledAt) {
    steps.push({
      key: 'cancelled',
      label: 'Cancelled',
      at: order.cancelledAt,
      details: whoCancelled(order, viewer),
    });
  }
  // Refunds come after the shipment or before it, as they happened.
  return steps.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** The units a refund by lines gave back, and whether they went back into stock. */
function refundedLines(refund: OrderRefund): string {
  const units = refund.lines
    .map((line) => `${formatCount(line.quantity)} × ${line.productName}`)
    .join(', ');
  return refund.returnToStock ? `${units}, returned to stock.` : `${units}.`;
}

/** A refund as a sentence: done, on its way back (the provider confirms it), or refused. */
function refundLabel(refund: OrderRefund, currency: string): string {
  const amount = formatMoney(refund.amount, currency);
  if (refund.status === 'pending') return `Refund of ${amount} on its way`;
  if (refund.status === 'failed') return `Refund of ${amount} failed`;
  return `Refunded ${amount}`;
}

/** What happened to the order and when, oldest first: an ordered list, one item per step. */
export function OrderTimeline({ order, viewer }: { order: Order; viewer: OrderViewer }) {
  return (
    <section aria-labelledby="order-timeline-title">
      <h2 id="order-timeline-title" className="mb-3 text-lg font-bold text-navy-900">
        Timeline
      </h2>
      <ol className="space-y-4 border-l-2 border-stone-200 pl-5" aria-label="Order timeline">
        {stepsOf(order, viewer).map((step) => (
          <li key={step.key} className="relative" data-testid={`timeline-${step.key}`}>
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[1.6rem] size-3 rounded-full bg-navy-700 ring-4 ring-white"
            />
            <p className="font-semibold text-navy-900">{step.label}</p>
            <p className="text-sm text-stone-700">
              <time dateTime={step.at}>{formatLongDateTime(step.at)}</time>
            </p>
            {step.details && <p className="mt-1 text-sm text-stone-700">{step.details}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
