import { formatCount } from '#contract/format.ts';
import { formatMoney } from '#contract/money.ts';
import type { Quote, QuoteLine } from '#contract/quote-schemas.ts';
import { type Column, DataTable } from '#web/components/ui/table.tsx';

/** The lines asked for, each with its list price then and the store's offer (or none). */
export function QuoteLines({ quote }: { quote: Quote }) {
  const money = (amount: number) => formatMoney(amount, quote.currency);
  const isOffered = quote.offeredAt !== null;
  const columns: Column<QuoteLine>[] = [
    {
      header: 'Tool',
      isRowHeader: true,
      cell: (line) => (
        <span>
          <span className="font-semibold text-navy-900">{line.productName}</span>
          <span className="block text-xs text-stone-600">SKU {line.sku}</span>
        </span>
      ),
    },
    { header: 'Quantity', isNumeric: true, cell: (line) => formatCount(line.quantity) },
    { header: 'List price', isNumeric: true, cell: (line) => money(line.listUnitPrice) },
    {
      header: 'Offered price',
      isNumeric: true,
      cell: (line) =>
        line.offeredUnitPrice !== null
          ? money(line.offeredUnitPrice)
          : isOffered
            ? 'Not offered'
            : 'Waiting for our offer',
    },
    {
      header: 'Line total',
      isNumeric: true,
      cell: (line) =>
        money((line.offeredUnitPrice ?? (isOffered ? 0 : line.listUnitPrice)) * line.quantity),
    },
  ];
  return (
    <div className="space-y-2">
      <DataTable
        caption={`Lines of quote ${quote.number}`}
        columns={columns}
        rows={quote.lines}
        rowKey={(line) => String(line.position)}
      />
      <dl className="flex flex-wrap justify-end gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-2">
          <dt className="text-stone-600">Listed</dt>
          <dd className="font-semibold">{money(quote.listTotal)}</dd>
        </div>
        {quote.offeredTotal !== null && (
          <div className="flex gap-2">
            <dt className="text-stone-600">Offered</dt>
            <dd className="font-bold text-navy-900">{money(quote.offeredTotal)}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}
