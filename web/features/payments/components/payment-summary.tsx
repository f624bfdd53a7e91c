import type { ReactNode } from 'react';
import { formatDateTime } from '#contract/dates.ts';
import { formatUnits } from '#contract/format.ts';
import { formatMoney } from '#contract/money.ts';
import type { PaymentOrder } from '#contract/payments.ts';

/** Who pays, for what, and how much; `status` shows the order's status. */
export function PaymentSummary({ order, status }: { order: PaymentOrder; status: ReactNode }) {
  const isUnpaid = order.status === 'unpaid';
  return (
    <div className="rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
      <p className="text-lg text-stone-800">
        Hello <strong className="text-navy-900">{order.name}</strong>,
      </p>
      <p className="mt-1 text-stone-700">
        {isUnpaid ? 'please pay for' : 'your order of'}{' '}
        <strong className="text-navy-900">{order.productName}</strong>.
      </p>
      <dl className="mt-5 divide-y divide-stone-100 text-sm">
        <div className="flex justify-between gap-4 py-2">
          <dt className="text-stone-600">Order</dt>
          <dd className="font-semibold text-navy-900" data-testid="order-number">
            {order.number}
          </dd>
        </div>
        <div className="flex justify-between gap-4 py-2">
          <dt className="text-stone-600">Quantity</dt>
          <dd className="font-medium">{formatUnits(order.orderedNum)}</dd>
        </div>
        <div className="flex items-center justify-between gap-4 py-2">
          <dt className="text-stone-600">Status</dt>
          <dd>{status}</dd>
        </div>
        {isUnpaid && (
          <div className="flex justify-between gap-4 py-2">
            <dt className="shrink-0 text-stone-600">Pay by</dt>
            <dd className="text-right font-medium">
              <time dateTime={order.paymentDueAt}>{formatDateTime(order.paymentDueAt)}</time>
              <span className="block text-xs font-normal text-stone-600">
                Unpaid then, the order is cancelled.
              </span>
            </dd>
          </div>
        )}
        {order.paymentFailure && isUnpaid && (
          <div className="flex justify-between gap-4 py-2">
            <dt className="text-stone-600">Last attempt</dt>
            <dd className="text-right text-red-700">{order.paymentFailure}</dd>
          </div>
        )}
        {order.transactionId && (
          <div className="flex justify-between gap-4 py-2">
            <dt className="text-stone-600">Transaction</dt>
            <dd className="font-mono text-xs break-all">{order.transactionId}</dd>
          </div>
        )}
        <div className="flex items-baseline justify-between gap-4 pt-4">
          <dt className="font-semibold text-stone-800">{isUnpaid ? 'Total to pay' : 'Total'}</dt>
          <dd className="text-2xl font-bold text-navy-900">
            {formatMoney(order.totalAmount, order.currency)}
          </dd>
        </div>
      </dl>
    </div>
  );
}
