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
 * The methods that deliver the caller's cart to `country`, priced and dated by the store; read
 * again when the cart changes (`cartVersion`). Nothing is asked without a country.
 */
export const useDeliveryOptions = (country: string | null, cartVersion: number | undefined) =>
  useQuery({
    queryKey: [...queryKeys.deliveryMethods, 'options', country, cartVersion],
    queryFn: ({ signal }) =>
      callApi(apiRoutes.delivery.options, { query: { country: country ?? '' } }, { signal }),
    enabled: country !== null && cartVersion !== undefined,
  });
