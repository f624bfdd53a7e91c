import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '#contract/dates.ts';
import { formatMoney } from '#contract/money.ts';
import type { Order } from '#contract/orders.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { formatOrderContents } from '#web/lib/format.ts';
import * as paths from '#web/lib/paths.ts';

/**
 * What a customer sees after ordering: the order and the way to pay, or, for an order above the
 * buyer's limits, that it waits for the company's approval (paying comes after).
 */
export function OrderPlaced({ order, onOrderAgain }: { order: Order; onOrderAgain: () => void }) {
  const isWaiting = order.status === 'awaiting_approval';
  // The form that had focus is gone: the result takes it, so keyboard and screen reader users
  // land on what happened (and it scrolls into view, clear of any notification).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <div
      role="status"
      className={`rounded-xl border p-6 ${isWaiting ? 'border-orange-200 bg-orange-50' : 'border-emerald-200 bg-emerald-50'}`}
    >
      <h3
        ref={heading}
        tabIndex={-1}
        className={`text-lg font-bold focus:outline-none ${isWaiting ? 'text-navy-900' : 'text-emerald-900'}`}
      >
        {isWaiting ? 'Waiting for your company’s approval' : 'Your order is placed'}
      </h3>
      {order.status === 'on_account' && order.invoice?.dueAt ? (
        <p className="mt-2 text-stone-800">
          Order{' '}
          <Link to={paths.order(order._id)} className="font-semibold underline">
            {order.number}
          </Link>
          : {formatOrderContents(order)}, total{' '}
          <strong>{formatMoney(order.totalAmount, order.currency)}</strong>, is confirmed on your
          account. Invoice <strong>{order.invoice.number}</strong> is due on{' '}
          <strong>
            <time dateTime={order.invoice.dueAt}>{formatDate(order.invoice.dueAt)}</time>
          </strong>
          : pay it by bank transfer, quoting its number.
        </p>
      ) : (
        <p className="mt-2 text-stone-800">
          Order{' '}
          <Link to={paths.order(order._id)} className="font-semibold underline">
            {order.number}
          </Link>
          : {formatOrderContents(order)}, total{' '}
          <strong>{formatMoney(order.totalAmount, order.currency)}</strong>.{' '}
          {isWaiting
            ? 'It is above your limits: your company’s owner and approvers are asked to approve it, and you are emailed when they decide. Its stock is held until'
            : 'It is reserved for you until'}{' '}
          <strong>
            <time dateTime={order.paymentDueAt}>{formatDateTime(order.paymentDueAt)}</time>
          </strong>
          {isWaiting
            ? ': unless it is approved by then, it is cancelled and the stock released; once approved, you have the usual time to pay.'
            : ': pay by then, or it is cancelled and the stock released.'}
        </p>
      )}
      <div className="mt-5 flex flex-wrap gap-3">
        {isWaiting || order.status === 'on_account' ? (
          <Link to={paths.order(order._id)} className={buttonClasses()}>
            See the order
          </Link>
        ) : (
          <Link to={paths.payment(order._id)} className={buttonClasses()}>
            Pay now
          </Link>
        )}
        <Link to={paths.myOrders()} className={buttonClasses({ variant: 'outline' })}>
          See my orders
        </Link>
        <button
          type="button"
          onClick={onOrderAgain}
          className={buttonClasses({ variant: 'ghost' })}
        >
          Order more
        </button>
      </div>
    </div>
  );
}
