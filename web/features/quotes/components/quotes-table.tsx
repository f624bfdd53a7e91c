import { Link } from 'react-router';
import { formatDate } from '#contract/dates.ts';
import { formatMoney } from '#contract/money.ts';
import type { QuoteSummary } from '#contract/quote-schemas.ts';
import { type Column, DataTable } from '#web/components/ui/table.tsx';
import { formatQuoteDay } from '../utils/quote-days.ts';
import { QuoteStatusBadge } from './quote-status-badge.tsx';

/** Quotes, newest first, each linked to its page (the customer's or the store's). */
export function QuotesTable({
  quotes,
  caption,
  hrefOf,
  showRequester,
}: {
  quotes: QuoteSummary[];
  caption: string;
  hrefOf: (quote: QuoteSummary) => string;
  /** Who asked (and their company): for admins, and for a company's shared list. */
  showRequester: boolean;
}) {
  const columns: Column<QuoteSummary>[] = [
    {
      header: 'Quote',
      isRowHeader: true,
      cell: (quote) => (
        <Link to={hrefOf(quote)} className="font-semibold text-navy-700 underline">
          {quote.number}
        </Link>
      ),
    },
    { header: 'Asked', cell: (quote) => formatDate(quote.createdAt) },
    ...(showRequester
      ? [
          {
            header: 'Asked by',
            cell: (quote: QuoteSummary) =>
              `${quote.requestedBy.name}${quote.companyName ? ` (${quote.companyName})` : ''}`,
          },
        ]
      : []),
    {
      header: 'Lines',
      isNumeric: true,
      cell: (quote) => String(quote.lineCount),
    },
    {
      header: 'Listed',
      isNumeric: true,
      cell: (quote) => formatMoney(quote.listTotal, quote.currency),
    },
    {
      header: 'Offered',
      isNumeric: true,
      cell: (quote) =>
        quote.offeredTotal === null ? '—' : formatMoney(quote.offeredTotal, quote.currency),
    },
    {
      header: 'Valid until',
      cell: (quote) => (quote.validUntil ? formatQuoteDay(quote.validUntil) : '—'),
    },
    { header: 'Status', cell: (quote) => <QuoteStatusBadge quote={quote} /> },
  ];
  return (
    <DataTable caption={caption} columns={columns} rows={quotes} rowKey={(quote) => quote._id} />
  );
}
