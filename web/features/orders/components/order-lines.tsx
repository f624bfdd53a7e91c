import { Link } from 'react-router';
import { formatCount } from '#contract/format.ts';
import { formatMoney } from '#contract/money.ts';
import type { Order, OrderLine } from '#contract/orders.ts';
import { TREATMENT_LABELS } from '#contract/tax.ts';
import { type Column, DataTable } from '#web/components/ui/table.tsx';
import { formatPercent } from '#web/lib/format.ts';
import * as paths from '#web/lib/paths.ts';

/**
 * Every line of an order (each tool links to its page), its delivery, the total, and once an invoice is issued
 * the tax the total includes: shown at 0% too, as the invoice shows it, or why none is charged.
 */
export function OrderLines({ order }: { order: Order }) {
  const money = (minorUnits: number) => formatMoney(minorUnits, order.currency);
  const columns: Column<OrderLine>[] = [
    {
      header: 'Product',
      cell: (line) => (
        <Link
          to={paths.tool(line.toolId)}
          className="font-semibold text-navy-800 underline-offset-2 wrap-anywhere hover:underline"
        >
          {line.productName}
        </Link>
      ),
    },
    {
      header: 'SKU',
      cell: (line) => <span className="font-mono text-sm break-all">{line.sku}</span>,
    },
    {
      header: 'Quantity',
      cell: (line) => <span className="whitespace-nowrap">{formatCount(line.quantity)}</span>,
    },
    {
      header: 'Unit price',
      cell: (line) => (
        <span className="whitespace-nowrap" data-testid="unit-price">
          {money(line.unitPrice)}
        </span>
      ),
    },
    {
      header: 'Line total',
      cell: (line) => (
        <span className="font-semibold whitespace-nowrap" data-testid="line-total">
          {money(line.lineTotal)}
        </span>
      ),
    },
  ];
  return (
    <section aria-labelledby="order-lines-title">
      <h2 id="order-lines-title" className="mb-3 text-lg font-bold text-navy-900">
        What was ordered
      </h2>
      <DataTable
        caption="Lines of this order"
        columns={columns}
        rows={order.lines}
        rowKey={(line) => line.toolId}
      />
      <dl className="mt-3 space-y-1 rounded-lg border border-stone-200 bg-white px-4 py-3 text-sm shadow-sm">
        {order.delivery && (
          <div className="flex items-baseline justify-between gap-4 text-stone-700">
            <dt className="wrap-anywhere">Delivery: {order.delivery.name}</dt>
            <dd className="whitespace-nowrap" data-testid="order-delivery-price">
              {money(order.delivery.price)}
            </dd>
          </div>
        )}
        <div className="flex items-baseline justify-between gap-4">
          <dt className="font-semibold text-stone-800">Total</dt>
          <dd className="text-xl font-bold text-navy-900" data-testid="order-total">
            {money(order.totalAmount)}
          </dd>
        </div>
        {order.invoice && (
          <div className="flex items-baseline justify-between gap-4 text-stone-700">
            <dt>
              {order.invoice.taxTreatment === 'taxed'
                ? `Includes tax (${formatPercent(order.invoice.taxRate)})`
                : TREATMENT_LABELS[order.invoice.taxTreatment]}
            </dt>
            <dd data-testid="order-tax">{money(order.invoice.taxAmount)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
