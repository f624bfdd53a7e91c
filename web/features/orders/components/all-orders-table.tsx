import { Link } from 'react-router';
import { orderAddressText } from '#contract/addresses.ts';
import { formatMoney } from '#contract/money.ts';
import type { Order } from '#contract/orders.ts';
import { OrderStatusBadge } from '#web/components/order-status-badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { EmailAddress } from '#web/components/ui/email-address.tsx';
import { type Column, DataTable } from '#web/components/ui/table.tsx';
import { formatOrderUnits } from '#web/lib/format.ts';
import * as paths from '#web/lib/paths.ts';

/** Every order for admins; paid orders have a Ship button, the others no action. */
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
          <EmailAddress email={order.email} className="block text-xs text-stone-600" />
          {order.companyName && (
            <span className="block text-xs text-stone-700">{order.companyName}</span>
          )}
        </span>
      ),
    },
    {
      header: 'Deliver to',
      cell: (order) => (
        <span className="block max-w-64">
          <span className="block whitespace-pre-line">{orderAddressText(order)}</span>
          <span className="block text-xs text-stone-600">{order.phone}</span>
        </span>
      ),
    },
    { header: 'Product', cell: (order) => order.productName },
    { header: 'Quantity', isNumeric: true, cell: (order) => formatOrderUnits(order) },
    {
      header: 'Total',
      isNumeric: true,
      cell: (order) => formatMoney(order.totalAmount, order.currency),
    },
    { header: 'Status', cell: (order) => <OrderStatusBadge status={order.status} /> },
    {
      header: 'Shipping',
      hideHeader: true,
      // Only a paid order can be shipped: the others show no action (their status says why), and
      // the column keeps its width without one.
      width: 'w-24',
      cell: (order) =>
        order.status === 'paid' ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onShip(order)}
            aria-label={`Ship order ${order.number} to ${order.name}`}
          >
            Ship
          </Button>
        ) : null,
    },
  ];
  return (
    <DataTable caption={caption} columns={columns} rows={orders} rowKey={(order) => order._id} />
  );
}
