import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApiPage } from '#web/lib/api-client.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';
import { queryKeys } from '#web/lib/query-client.ts';

/** A page of the customer's credit notes (refunds change orders, so they live under orders). */
function myCreditNotesQuery(page: { limit: number; offset: number }) {
  return queryOptions({
    queryKey: [...queryKeys.orders, 'credit-notes', page],
    queryFn: async ({ signal }) => {
      const { items, total } = await callApiPage(
        apiRoutes.creditNotes.listMine,
        { query: page },
        { signal },
      );
      return { notes: items, total };
    },
  });
}

/** The previous page stays on screen while the next one loads. */
export const useMyCreditNotes = (page: { limit: number; offset: number }) =>
  useQuery({ ...myCreditNotesQuery(page), placeholderData: keepPreviousData });
