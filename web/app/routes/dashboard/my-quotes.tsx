import { Link, type MetaArgs } from 'react-router';
import { z } from 'zod';
import { QUOTE_STATUSES } from '#contract/quotes.ts';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { useMyQuotes } from '#web/features/quotes/api/quotes-queries.ts';
import { QuoteList } from '#web/features/quotes/components/quote-list-page.tsx';
import { pageMeta } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';
import { useUrlList } from '#web/lib/url-list.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Quotes', path: location.pathname, noIndex: true });

const PAGE_SIZE = 20;
const StatusSchema = z.enum(QUOTE_STATUSES);

/** The customer's quotes, and their company's when they may read them. */
export function MyQuotesPage() {
  const list = useUrlList(PAGE_SIZE);
  const parsed = StatusSchema.safeParse(list.get('status'));
  const status = parsed.success ? parsed.data : undefined;
  const quotes = useMyQuotes({ status, limit: PAGE_SIZE, offset: list.offset });
  return (
    <>
      <PageHeading
        title="Quotes"
        description="Prices, quantities and dates you asked us for, and our offers. Ask for a quote from your cart."
      />
      <QuoteList
        list={list}
        query={quotes}
        status={status}
        pageSize={PAGE_SIZE}
        hrefOf={(quote) => paths.quote(quote._id)}
        showRequester
        label="your quotes"
        empty={
          <Link to={paths.cart()} className="font-semibold text-navy-700 underline">
            Ask for a quote from your cart
          </Link>
        }
      />
    </>
  );
}

export default MyQuotesPage;
