import { useId } from 'react';
import { Link, type MetaArgs, useParams } from 'react-router';
import { Breadcrumbs } from '#web/components/ui/breadcrumbs.tsx';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useQuote } from '#web/features/quotes/api/quotes-queries.ts';
import { OfferForm } from '#web/features/quotes/components/offer-form.tsx';
import { QuoteLines } from '#web/features/quotes/components/quote-lines.tsx';
import { QuoteMessages } from '#web/features/quotes/components/quote-messages.tsx';
import { QuoteSummary } from '#web/features/quotes/components/quote-summary.tsx';
import { RefuseForm } from '#web/features/quotes/components/refuse-form.tsx';
import { pageMeta } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';
import { useFocusTitleOnChange } from '#web/lib/use-focus-title.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Quote', path: location.pathname, noIndex: true });

/** One quote for the store: price its lines, set how long the offer holds, send it or refuse. */
export function QuoteRequestPage() {
  const { id = '' } = useParams();
  const quote = useQuote(id, 'store');
  const title = quote.data ? `Quote ${quote.data.number}` : 'Quote';
  usePageTitle(title);
  // Accepting, declining, withdrawing or refusing takes away the form or button that did it.
  const titleId = useId();
  useFocusTitleOnChange(quote.data?.status, titleId);
  return (
    <>
      <Breadcrumbs trail={[{ label: 'Quotes', to: paths.quoteRequests() }, { label: title }]} />
      <QueryView
        query={quote}
        loadingLabel="Loading the quote…"
        errorTitle="We could not load this quote"
      >
        {(data) => {
          const isOpen = data.status === 'requested' || data.status === 'offered';
          return (
            <div className="space-y-8">
              <PageHeading title={title} titleId={titleId} />
              <QuoteSummary quote={data} />
              <QuoteLines quote={data} />
              {data.order && (
                <p className="text-sm text-stone-700">
                  Accepted as order{' '}
                  <Link
                    to={paths.order(data.order.id)}
                    className="font-semibold text-navy-700 underline"
                  >
                    {data.order.number}
                  </Link>
                  .
                </p>
              )}
              {isOpen && (
                <div className="space-y-6 rounded-lg border border-stone-200 bg-white p-4 sm:p-6">
                  <OfferForm quote={data} />
                  <RefuseForm quote={data} />
                </div>
              )}
              <QuoteMessages quote={data} side="store" canWrite={isOpen} />
            </div>
          );
        }}
      </QueryView>
    </>
  );
}

export default QuoteRequestPage;
