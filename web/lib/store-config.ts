import { queryOptions, useQuery } from '@tanstack/react-query';
import { formatMoney } from '#contract/money.ts';
import { callApi } from './api-client.ts';
import { apiRoutes } from './api-routes.ts';
import { queryKeys } from './query-client.ts';

export const storeConfigQuery = queryOptions({
  queryKey: queryKeys.config,
  queryFn: ({ signal }) => callApi(apiRoutes.system.config, {}, { signal }),
});

/** Public store settings; `undefined` only while the first request is in flight. */
export function useStoreConfig() {
  return useQuery(storeConfigQuery).data;
}

/** The store currency (USD until the settings arrive; the server's default too). */
export function useCurrency(): string {
  return useStoreConfig()?.currency ?? 'USD';
}

/** Formats minor units in the store currency. */
export function useMoney(): (minorUnits: number) => string {
  const currency = useCurrency();
  return (minorUnits) => formatMoney(minorUnits, currency);
}
