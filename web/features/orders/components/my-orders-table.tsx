import { Link } from 'react-router';
import { formatDate, formatDateTime } from '#contract/dates.ts';
import { formatMoney } from '#contract/money.ts';
import type { Order } from '#contract/orders.ts';
import { OrderStatusBadge } from '#web/components/order-status-badge.tsx';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { type Column, DataTable } from '#web/components/ui/table.tsx';
import { formatOrderUnits } from '#web/lib/format.ts';
import * as paths from '#web/lib/paths.ts';

/** A customer's orders, each number linking to its page; unpaid ones can be paid or cancelled, paid ones show their transaction. */
export function MyOrdersTable({
  orders,
  onCancel,
}: {
  orders: Order[];
  onCancel: (order: Order) => void;
}) {
  const columns: Column<Order>[] = [
    {
      header: 'Order',
      cell: (order) => (
        <Link
          to={paths.order(order._id)}
          className="font-semibold whitespace-nowrap text-navy-700 underline underline-offset-2 hover:text-navy-900"
        >
          {order.number}
        </Link>
      ),
    },
    {
      header: 'Product',
      cell: (order) => (
        <span>
          <span className="block font-semibold text-navy-900">{order.productName}</span>
          <span className="block text-xs text-stone-600">Placed {formatDate(order.createdAt)}</span>
        </span>
      ),
    },
    { header: 'Quantity', isNumeric: true, cell: (order) => formatOrderUnits(order) },
    {
      header: 'Total',
      isNumeric: true,
      cell: (order) => (
        <span className="font-semibold">{formatMoney(order.totalAmount, order.currency)}</span>
      ),
    },
    {
      header: 'Status',
      // Wide enough for "Unpaid" with its deadline, so it keeps its width once the order moves on.
      width: 'w-60',
      cell: (order) => (
        <span className="flex flex-col items-end gap-1 md:items-start">
          <OrderStatusBadge status={order.status} />
          {order.status === 'unpaid' && (
            <span className="text-xs text-stone-700">
              Pay by <time dateTime={order.paymentDueAt}>{formatDateTime(order.paymentDueAt)}</time>
            </span>
          )}
          {order.status === 'awaiting_approval' && (
            <span className="text-xs text-stone-700">Your company is asked to approve it</span>
          )}
          {order.status === 'on_account' && order.invoice?.dueAt && (
            <span className="text-xs text-stone-700">
              Invoice due{' '}
              <time dateTime={order.invoice.dueAt}>{formatDate(order.invoice.dueAt)}</time>
            </span>
          )}
          {order.transactionId && (
            <span className="text-xs text-stone-600">
              Transaction <code className="font-mono break-all">{order.transactionId}</code>
            </span>
          )}
        </span>
      ),
    },
    {
      header: 'Actions',
      hideHeader: true,
      // Pay and Cancel show on unpaid orders only: the column keeps its width without them.
      width: 'w-60',
      cell: (order) =>
        order.status === 'unpaid' ? (
          <span className="flex w-full flex-wrap justify-end gap-2 md:flex-nowrap">
            <Link
              to={paths.payment(order._id)}
              aria-label={`Pay for ${order.productName}`}
              className={buttonClasses({ size: 'sm' })}
            >
              Pay
            </Link>
            <Button
              size="sm"
              variant="outline"
              aria-label={`Cancel order for ${order.productName}`}
              onClick={() => onCancel(order)}
            >
              Cancel order
            </Button>
          </span>
        ) : order.status === 'awaiting_approval' ? (
          <span className="flex w-full justify-end">
            <Button
              size="sm"
              variant="outline"
              aria-label={`Cancel order for ${order.productName}`}
              onClick={() => onCancel(order)}
            >
              Cancel order
            </Button>
          </span>
        ) : null,
    },
  ];
  return (
    <DataTable
      caption="My orders, newest first"
      columns={columns}
      rows={orders}
      rowKey={(order) => order._id}
    />
  );
}
