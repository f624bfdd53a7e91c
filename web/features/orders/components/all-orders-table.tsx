import { Link } from 'react-router';
import { formatMoney } from '#contract/money.ts';
import type { Order } from '#contract/orders.ts';
import { Button } from '#web/components/ui/button.tsx';
import { type Column, DataTable } from '#web/components/ui/table.tsx';
import { formatOrderUnits } from '#web/lib/format.ts';
import { paths } from '#web/lib/paths.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';

/** Every order for admins; only paid orders can be shipped. */
export function AllOrdersTable({
  orders,
  caption,
  onShip,
}: {
  orders: Order[];
  /** What the rows are and in which order, for screen readers. */
  caption: string;
  onShip: (order: Order) => void;
}) {
  const columns: Column<Order>[] = [
    {
      header: 'Order',
      cell: (order) => (
        <Link
          to={paths.order(order._id)}
          className="font-semibold whitespace-nowrap text-navy-700 underline"
        >
          {order.number}
        </Link>
      ),
    },
    {
      header: 'Customer',
      cell: (order) => (
        <span>
          <span className="block font-semibold text-navy-900">{order.name}</span>
          <span className="block text-xs text-stone-600">{order.email}</span>
        </span>
      ),
    },
    {
      header: 'Deliver to',
      cell: (order) => (
        <span className="block max-w-64">
          <span className="block whitespace-pre-line">{order.address}</span>
          <span className="block text-xs text-stone-600">{order.phone}</span>
        </span>
      ),
    },
    { header: 'Product', cell: (order) => order.productName },
    { header: 'Quantity', cell: (order) => formatOrderUnits(order) },
    {
      header: 'Total',
      cell: (order) => (
        <span className="whitespace-nowrap">{formatMoney(order.totalAmount, order.currency)}</span>
      ),
    },
    { header: 'Status', cell: (order) => <OrderStatusBadge status={order.status} /> },
    {
      header: 'Shipping',
      cell: (order) => (
        <Button
          size="sm"
          variant="secondary"
          disabled={order.status !== 'paid'}
          onClick={() => onShip(order)}
          title={order.status === 'paid' ? undefined : 'Only paid orders can be shipped'}
          aria-label={`${order.status === 'shipped' ? 'Shipped' : 'Ship'} order ${order.number} to ${order.name}`}
        >
          {order.status === 'shipped' ? 'Shipped' : 'Ship'}
        </Button>
      ),
    },
  ];
  return (
    <DataTable caption={caption} columns={columns} rows={orders} rowKey={(order) => order._id} />
  );
}
