import { Link } from 'react-router';
import { formatDate } from '#contract/dates.ts';
import { formatMoney } from '#contract/money.ts';
import type { Order } from '#contract/orders.ts';
import { OrderStatusBadge } from '#web/components/order-status-badge.tsx';
import { type Column, DataTable } from '#web/components/ui/table.tsx';
import { apiHref } from '#web/lib/api-client.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';
import { formatOrderUnits } from '#web/lib/format.ts';
import * as paths from '#web/lib/paths.ts';

/** The company's orders with who placed each, each number linking to its page. */
export function CompanyOrdersTable({ orders }: { orders: Order[] }) {
  const columns: Column<Order>[] = [
    {
      header: 'Order',
      isRowHeader: true,
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
      header: 'Placed by',
      cell: (order) => (
        <span>
          <span className="block font-semibold text-navy-900">{order.name}</span>
          <span className="block text-xs break-all text-stone-600">{order.email}</span>
        </span>
      ),
    },
    {
      header: 'Product',
      cell: (order) => (
        <span>
          <span className="block text-navy-900">{order.productName}</span>
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
      cell: (order) => (
        <span className="flex flex-col items-end gap-1 md:items-start">
          <OrderStatusBadge status={order.status} />
          {order.invoice && (
            <a
              href={apiHref(apiRoutes.orders.invoice, { params: { id: order._id } })}
              className="text-xs font-semibold text-navy-700 underline"
            >
              Invoice {order.invoice.number} (PDF)
            </a>
          )}
        </span>
      ),
    },
  ];
  return (
    <DataTable
      caption="The company's orders, newest first"
      columns={columns}
      rows={orders}
      rowKey={(order) => order._id}
    />
  );
}
