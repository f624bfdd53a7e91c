import { type MetaArgs, useParams } from 'react-router';
import { Breadcrumbs } from '#web/components/ui/breadcrumbs.tsx';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useQuote } from '#web/features/quotes/api/quotes-queries.ts';
import { QuoteAnswers } from '#web/features/quotes/components/quote-answers.tsx';
import { QuoteLines } from '#web/features/quotes/components/quote-lines.tsx';
import { QuoteMessages } from '#web/features/quotes/components/quote-messages.tsx';
import { QuoteSummary } from '#web/features/quotes/components/quote-summary.tsx';
import { PaymentMethodChoice } from '#web/features/terms/components/payment-method-choice.tsx';
import { pageMeta } from '#web/lib/page-meta.ts';
import { paths } from '#web/lib/paths.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Quote', path: location.pathname, noIndex: true });

const isOpen = (status: string) => status === 'requested' || status === 'offered';

/** One quote for the buyer's side: its lines, list and offered prices, messages and answers. */
export function QuotePage() {
  const { id = '' } = useParams();
  const quote = useQuote(id, 'customer');
  const title = quote.data ? `Quote ${quote.data.number}` : 'Quote';
  usePageTitle(title);
  return (
    <>
      <Breadcrumbs trail={[{ label: 'Quotes', to: paths.myQuotes() }, { label: title }]} />
      <QueryView
        query={quote}
        loadingLabel="Loading the quote…"
        errorTitle="We could not load this quote"
      >
        {(data) => (
          <div className="space-y-8">
            <PageHeading title={title} />
            <QuoteSummary quote={data} />
            <QuoteLines quote={data} />
            <QuoteAnswers
              quote={data}
              paymentChoice={(value, onChange, total) => (
                <PaymentMethodChoice value={value} onChange={onChange} total={total} />
              )}
            />
            <QuoteMessages
              quote={data}
              side="customer"
              canWrite={data.canAct && isOpen(data.status)}
            />
          </div>
        )}
      </QueryView>
    </>
  );
}

export default QuotePage;
