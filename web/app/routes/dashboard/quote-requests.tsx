import type { MetaArgs } from 'react-router';
import { z } from 'zod';
import { QUOTE_STATUSES } from '#contract/quotes.ts';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { useQuoteRequests } from '#web/features/quotes/api/quotes-queries.ts';
import { QuoteList } from '#web/features/quotes/components/quote-list-page.tsx';
import { pageMeta } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';
import { useUrlList } from '#web/lib/url-list.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Quotes', path: location.pathname, noIndex: true });

const PAGE_SIZE = 20;
const StatusSchema = z.enum(QUOTE_STATUSES);

/** Every quote, for admins: the requests to price first (filter "Asked for"). */
export function QuoteRequestsPage() {
  const list = useUrlList(PAGE_SIZE);
  const parsed = StatusSchema.safeParse(list.get('status'));
  const status = parsed.success ? parsed.data : undefined;
  const quotes = useQuoteRequests({ status, limit: PAGE_SIZE, offset: list.offset });
  return (
    <>
      <PageHeading
        title="Quotes"
        description="Requests from buyers: price each line, set how long the offer holds, and answer their messages."
      />
      <QuoteList
        list={list}
        query={quotes}
        status={status}
        pageSize={PAGE_SIZE}
        hrefOf={(quote) => paths.quoteRequest(quote._id)}
        showRequester
        label="quote requests"
        empty={<p>Buyers ask for quotes from their carts.</p>}
      />
    </>
  );
}

export default QuoteRequestsPage;
