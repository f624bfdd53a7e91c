import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AcceptQuoteBody,
  OfferQuoteBody,
  Quote,
  RequestQuoteBody,
} from '#contract/quote-schemas.ts';
import { callApi } from '#web/lib/api-client.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';
import { queryKeys } from '#web/lib/query-client.ts';

/** Every change answers the quote as it is now: it is shown at once, and the lists read again. */
function useQuoteChange<V>(
  change: (variables: V) => Promise<Quote>,
  alsoRefresh: 'orders' | null = null,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (quote) => {
      for (const side of ['customer', 'store'] as const) {
        queryClient.setQueryData([...queryKeys.quotes, side, 'one', quote._id], (old?: Quote) =>
          old ? { ...quote, canAct: old.canAct } : undefined,
        );
      }
      await queryClient.invalidateQueries({ queryKey: queryKeys.quotes });
      if (alsoRefresh === 'orders') {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
          queryClient.invalidateQueries({ queryKey: queryKeys.tools }),
        ]);
      }
    },
  });
}

export const useRequestQuote = () =>
  useQuoteChange((body: RequestQuoteBody) => callApi(apiRoutes.quotes.request, { body }));

/** A message from the buyer's side, or (`store`) from the store. */
export const useWriteQuoteMessage = (side: 'customer' | 'store') =>
  useQuoteChange(({ id, body }: { id: string; body: string }) =>
    side === 'store'
      ? callApi(apiRoutes.quotes.writeStoreMessage, { params: { id }, body: { body } })
      : callApi(apiRoutes.quotes.writeMessage, { params: { id }, body: { body } }),
  );

export const useWithdrawQuote = () =>
  useQuoteChange((id: string) => callApi(apiRoutes.quotes.withdraw, { params: { id } }));

export const useDeclineQuote = () =>
  useQuoteChange((id: string) => callApi(apiRoutes.quotes.decline, { params: { id } }));

/** Accepting places an order: the orders and the stock on screen are read again. */
export const useAcceptQuote = () =>
  useQuoteChange(
    ({ id, body }: { id: string; body: AcceptQuoteBody }) =>
      callApi(apiRoutes.quotes.accept, { params: { id }, body }),
    'orders',
  );

export const useOfferQuote = () =>
  useQuoteChange(({ id, body }: { id: string; body: OfferQuoteBody }) =>
    callApi(apiRoutes.quotes.offer, { params: { id }, body }),
  );

export const useRefuseQuote = () =>
  useQuoteChange(({ id, reason }: { id: string; reason: string }) =>
    callApi(apiRoutes.quotes.refuse, { params: { id }, body: { reason } }),
  );
