import { Link } from 'react-router';
import type { Order } from '../../../../contract/orders.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format.ts';

/** What a customer sees after ordering: the order and the way to pay. */
export function OrderPlaced({ order, onOrderAgain }: { order: Order; onOrderAgain: () => void }) {
  return (
    <div role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-6">
      <p className="text-lg font-bold text-emerald-900">Your order is placed</p>
      <p className="mt-2 text-stone-800">
        {formatNumber(order.orderedNum)} × {order.productName}, total{' '}
        <strong>{formatMoney(order.totalAmount, order.currency)}</strong>. It is reserved for you
        until{' '}
        <strong>
          <time dateTime={order.paymentDueAt}>{formatDateTime(order.paymentDueAt)}</time>
        </strong>
        : pay by then, or it is cancelled and the stock released.
      </p>
      <div className="mt-5 flex flex-wrap gap-3">
        <Link to={`/dashboard/payment/${order._id}`} className={buttonClasses()}>
          Pay now
        </Link>
        <Link to="/dashboard/myorder" className={buttonClasses({ variant: 'outline' })}>
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
