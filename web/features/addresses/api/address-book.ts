import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddressFields, CreateAddressBody } from '#contract/addresses.ts';
import { callApi } from '#web/lib/api-client.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';
import { queryKeys } from '#web/lib/query-client.ts';

const addressBookQuery = queryOptions({
  queryKey: queryKeys.addresses,
  queryFn: ({ signal }) => callApi(apiRoutes.addresses.book, {}, { signal }),
});

/** The caller's address book: their company's, or their own. */
export const useAddressBook = (isEnabled = true) =>
  useQuery({ ...addressBookQuery, enabled: isEnabled });

/** Every change to the book reads it again (the default may have moved). */
function useBookChange<V, R>(change: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.addresses }),
  });
}

export const useAddAddress = () =>
  useBookChange((body: CreateAddressBody) => callApi(apiRoutes.addresses.create, { body }));

export const useUpdateAddress = () =>
  useBookChange(({ id, body }: { id: string; body: AddressFields }) =>
    callApi(apiRoutes.addresses.update, { params: { id }, body }),
  );

export const useDeleteAddress = () =>
  useBookChange((id: string) => callApi(apiRoutes.addresses.remove, { params: { id } }));

export const useMakeDefaultAddress = () =>
  useBookChange((id: string) => callApi(apiRoutes.addresses.makeDefault, { params: { id } }));
