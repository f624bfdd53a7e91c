import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QuoteStatus } from '#contract/quote-schemas.ts';
import { callApi, callApiPage } from '#web/lib/api-client.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';
import { queryKeys } from '#web/lib/query-client.ts';

export interface QuotePage {
  status?: QuoteStatus | undefined;
  limit: number;
  offset: number;
}

/** A page of the customer's quotes (their company's too when they may read them). */
function myQuotesQuery(page: QuotePage) {
  return queryOptions({
    queryKey: [...queryKeys.quotes, 'mine', page],
    queryFn: async ({ signal }) => {
      const { items, total } = await callApiPage(
        apiRoutes.quotes.listMine,
        { query: page },
        { signal },
      );
      return { quotes: items, total };
    },
  });
}

/** A page of every quote, for admins. */
function quoteRequestsQuery(page: QuotePage) {
  return queryOptions({
    queryKey: [...queryKeys.quotes, 'requests', page],
    queryFn: async ({ signal }) => {
      const { items, total } = await callApiPage(
        apiRoutes.quotes.listRequests,
        { query: page },
        { signal },
      );
      return { quotes: items, total };
    },
  });
}

/** The previous page stays on screen while the next one loads. */
export const useMyQuotes = (page: QuotePage) =>
  useQuery({ ...myQuotesQuery(page), placeholderData: keepPreviousData });
export const useQuoteRequests = (page: QuotePage) =>
  useQuery({ ...quoteRequestsQuery(page), placeholderData: keepPreviousData });

/** One quote with its lines and messages: on the customer's route, or the admin's. */
export function useQuote(id: string, side: 'customer' | 'store') {
  return useQuery({
    queryKey: [...queryKeys.quotes, side, 'one', id],
    queryFn: ({ signal }) =>
      side === 'store'
        ? callApi(apiRoutes.quotes.getRequest, { params: { id } }, { signal })
        : callApi(apiRoutes.quotes.get, { params: { id } }, { signal }),
  });
}
