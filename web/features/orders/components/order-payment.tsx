import type { ReactNode } from 'react';
import { formatLongDateTime } from '#contract/dates.ts';
import type { Order } from '#contract/orders.ts';
import { apiHref } from '#web/lib/api-client.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';

/**
 * Paying for the order: while unpaid, the deadline, the last failed attempt and what can be done
 * (`actions`); once paid, its invoice to download. Nothing for an order cancelled unpaid.
 */
export function OrderPayment({ order, actions }: { order: Order; actions: ReactNode }) {
  if (order.status === 'unpaid') {
    return (
      <section
        aria-labelledby="order-payment-title"
        className="rounded-xl border border-amber-200 bg-amber-50 p-5"
      >
        <h2 id="order-payment-title" className="text-lg font-bold text-navy-900">
          Waiting for payment
        </h2>
        <p className="mt-2 text-stone-800" data-testid="payment-due">
          Pay by{' '}
          <strong>
            <time dateTime={order.paymentDueAt}>{formatLongDateTime(order.paymentDueAt)}</time>
          </strong>
          . Unpaid then, the order is cancelled and its stock released.
        </p>
        {order.paymentFailure && (
          <p className="mt-2 text-sm font-medium text-red-800">
            Last payment attempt: {order.paymentFailure}
          </p>
        )}
        <div className="mt-4 flex flex-wrap gap-3 empty:hidden">{actions}</div>
      </section>
    );
  }
  if (!order.invoice) return null;
  return (
    <section
      aria-labelledby="order-invoice-title"
      className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <h2 id="order-invoice-title" className="text-lg font-bold text-navy-900">
        Invoice
      </h2>
      <p className="mt-2 text-stone-800">
        Invoice <strong data-testid="invoice-number">{order.invoice.number}</strong>, issued{' '}
        <time dateTime={order.invoice.issuedAt}>{formatLongDateTime(order.invoice.issuedAt)}</time>.
      </p>
      <a
        href={apiHref(apiRoutes.orders.invoice, { params: { id: order._id } })}
        download={`${order.invoice.number}.pdf`}
        className="mt-3 inline-flex min-h-10 items-center gap-2 font-semibold text-navy-700 underline underline-offset-2 hover:text-navy-900"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
          <path d="M10 2a1 1 0 0 1 1 1v7.6l2.3-2.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L9 10.6V3a1 1 0 0 1 1-1ZM4 15a1 1 0 0 1 1 1v1h10v-1a1 1 0 1 1 2 0v2a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1v-2a1 1 0 0 1 1-1Z" />
        </svg>
        Download invoice (PDF)
      </a>
    </section>
  );
}
