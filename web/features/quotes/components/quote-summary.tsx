import { formatDate } from '#contract/dates.ts';
import type { Quote } from '#contract/quote-schemas.ts';
import { formatQuoteDay } from '../utils/quote-days.ts';
import { QuoteStatusBadge } from './quote-status-badge.tsx';

/** Who asked, when, for when, and how long the offer holds. */
export function QuoteSummary({ quote }: { quote: Quote }) {
  const facts: [string, string][] = [
    ['Asked by', `${quote.requestedBy.name} (${quote.requestedBy.email})`],
    ...(quote.companyName ? ([['Company', quote.companyName]] as [string, string][]) : []),
    ['Asked on', formatDate(quote.createdAt)],
    ['Wanted by', quote.wantedBy ? formatQuoteDay(quote.wantedBy) : 'No date given'],
    ...(quote.validUntil
      ? ([['Offer valid until', `${formatQuoteDay(quote.validUntil)} (end of day, UTC)`]] as [
          string,
          string,
        ][])
      : []),
  ];
  return (
    <div className="space-y-3">
      <QuoteStatusBadge quote={quote} />
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-stone-600">{label}</dt>
            <dd className="font-medium wrap-anywhere text-stone-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
