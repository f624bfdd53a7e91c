import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '#web/lib/api-client.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';
import { queryKeys } from '#web/lib/query-client.ts';

/** Tax by destination (docs/decisions/064). */

/**
 * How the signed-in buyer's order to `country` (and `postcode`) is taxed, as the store would decide
 * it now; a typed address (no country) is taxed at the store's rate. Placement decides again.
 */
export const useTaxDecision = (country: string | null, postcode: string | null) =>
  useQuery({
    queryKey: [...queryKeys.tax, 'destination', country, postcode],
    queryFn: ({ signal }) =>
      callApi(
        apiRoutes.tax.destination,
        {
          query: {
            ...(country ? { country } : {}),
            ...(country && postcode ? { postcode } : {}),
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
