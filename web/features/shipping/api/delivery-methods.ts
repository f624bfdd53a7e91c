import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateDeliveryMethodBody,
  UpdateDeliveryMethodBody,
} from '#contract/delivery-methods.ts';
import { callApi } from '#web/lib/api-client.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';
import { queryKeys } from '#web/lib/query-client.ts';

const deliveryMethodsQuery = queryOptions({
  queryKey: queryKeys.deliveryMethods,
  queryFn: ({ signal }) => callApi(apiRoutes.delivery.list, {}, { signal }),
});

/** Every delivery method, for admins. */
export const useDeliveryMethods = () => useQuery(deliveryMethodsQuery);

/** Every change reads the list again. */
function useMethodChange<V, R>(change: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.deliveryMethods }),
  });
}

export const useAddDeliveryMethod = () =>
  useMethodChange((body: CreateDeliveryMethodBody) => callApi(apiRoutes.delivery.create, { body }));

export const useUpdateDeliveryMethod = () =>
  useMethodChange(({ id, body }: { id: string; body: UpdateDeliveryMethodBody }) =>
    callApi(apiRoutes.delivery.update, { params: { id }, body }),
  );

export const useDeleteDeliveryMethod = () =>
  useMethodChange((id: string) => callApi(apiRoutes.delivery.remove, { params: { id } }));

/**
 * What delivery is quoted for: the caller's cart (read again when it changes: `version`), an order
 * of one tool (buy now; nothing asked until the quantity can be ordered), or the order accepting a
 * quote's offer would place.
 */
export type DeliverySubject =
  | { kind: 'cart'; version: number | undefined }
  | { kind: 'tool'; toolId: string; quantity: number | null }
  | { kind: 'quote'; quoteId: string };

function optionsOf(subject: DeliverySubject, country: string, signal: AbortSignal) {
  if (subject.kind === 'tool')
    return callApi(
      apiRoutes.delivery.toolOptions,
      { params: { id: subject.toolId }, query: { country, quantity: subject.quantity ?? 0 } },
      { signal },
    );
  if (subject.kind === 'quote')
    return callApi(
      apiRoutes.quotes.deliveryOptions,
      { params: { id: subject.quoteId }, query: { country } },
      { signal },
    );
  return callApi(apiRoutes.delivery.options, { query: { country } }, { signal });
}

const isReady = (subject: DeliverySubject) =>
  subject.kind === 'cart'
    ? subject.version !== undefined
    : subject.kind === 'tool'
      ? subject.quantity !== null
      : true;

/**
 * The methods that deliver `subject` to `country`, priced and dated by the store. Nothing is asked
 * without a country.
 */
export const useDeliveryOptions = (country: string | null, subject: DeliverySubject) =>
  useQuery({
    queryKey: [...queryKeys.deliveryMethods, 'options', country, subject],
    queryFn: ({ signal }) => optionsOf(subject, country ?? '', signal),
    enabled: country !== null && isReady(subject),
  });
