import type { ReactNode } from 'react';
import { APPROVAL_REASON_SENTENCES } from '#contract/approvals.ts';
import { formatLongDateTime } from '#contract/dates.ts';
import { formatMoney } from '#contract/money.ts';
import type { Order } from '#contract/orders.ts';

/** The same reasons, told to the buyer who waits. */
const WHY_TO_BUYER = {
  order_limit: 'It is above your limit per order.',
  monthly_limit: 'It would take your orders this month above your monthly limit.',
  company_budget: "It would take the company's orders this month above its monthly budget.",
} as const;

const HEADING = {
  buyer: 'Waiting for your company’s approval',
  approver: 'This order needs your approval',
  viewer: 'Waiting for the company’s approval',
} as const;

/**
 * An order waiting for the company's approval: why, until when, and what the reader can do
 * (`actions`: approve and reject for an approver, cancel for the buyer). Nothing otherwise.
 */
export function OrderApproval({
  order,
  reader,
  actions,
}: {
  order: Order;
  /** Who reads it: the buyer who placed it (and waits), someone who decides on it, or who only reads. */
  reader: keyof typeof HEADING;
  actions: ReactNode;
}) {
  if (order.status !== 'awaiting_approval' || !order.approval) return null;
  const isBuyer = reader === 'buyer';
  return (
    <section
      aria-labelledby="order-approval-title"
      className="rounded-xl border border-orange-200 bg-orange-50 p-5"
    >
      <h2 id="order-approval-title" className="text-lg font-bold text-navy-900">
        {HEADING[reader]}
      </h2>
      <p className="mt-2 text-stone-800">
        {isBuyer
          ? `${WHY_TO_BUYER[order.approval.reason]} Your company's owner and approvers have been asked; its stock is held meanwhile.`
          : `${order.name} ordered ${formatMoney(order.totalAmount, order.currency)}. ${APPROVAL_REASON_SENTENCES[order.approval.reason]}`}
      </p>
      <p className="mt-2 text-stone-800" data-testid="approval-due">
        Unless it is approved by{' '}
        <strong>
          <time dateTime={order.paymentDueAt}>{formatLongDateTime(order.paymentDueAt)}</time>
        </strong>
        , it is cancelled and its stock released.
      </p>
      <div className="mt-4 flex flex-wrap gap-3 empty:hidden">{actions}</div>
    </section>
  );
}
