import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AddToListBody,
  CreateListBody,
  SetListLinesBody,
  UpdateListBody,
} from '#contract/saved-lists.ts';
import { callApi, callApiPage } from '#web/lib/api-client.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';
import { queryKeys } from '#web/lib/query-client.ts';

function listsPageQuery(page: { limit: number; offset: number }) {
  return queryOptions({
    queryKey: [...queryKeys.savedLists, 'page', page],
    queryFn: async ({ signal }) => {
      const { items, total } = await callApiPage(apiRoutes.lists.list, { query: page }, { signal });
      return { lists: items, total };
    },
  });
}

function listQuery(id: string) {
  return queryOptions({
    queryKey: [...queryKeys.savedLists, 'one', id],
    queryFn: ({ signal }) => callApi(apiRoutes.lists.read, { params: { id } }, { signal }),
  });
}

/** A page of the caller's lists and their company's; the previous page stays while one loads. */
export const useSavedListsPage = (page: { limit: number; offset: number }, isEnabled = true) =>
  useQuery({ ...listsPageQuery(page), placeholderData: keepPreviousData, enabled: isEnabled });

export const useSavedList = (id: string) => useQuery(listQuery(id));

/** Every change to a list reads the lists again. */
function useListChange<V, R>(change: (variables: V) => Promise<R>, alsoCart = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.savedLists }),
        alsoCart ? queryClient.invalidateQueries({ queryKey: queryKeys.cart }) : undefined,
      ]),
  });
}

export const useCreateList = () =>
  useListChange((body: CreateListBody) => callApi(apiRoutes.lists.create, { body }));

export const useUpdateList = () =>
  useListChange(({ id, body }: { id: string; body: UpdateListBody }) =>
    callApi(apiRoutes.lists.update, { params: { id }, body }),
  );

export const useDeleteList = () =>
  useListChange((id: string) => callApi(apiRoutes.lists.remove, { params: { id } }));

export const useSetListLines = () =>
  useListChange(({ id, body }: { id: string; body: SetListLinesBody }) =>
    callApi(apiRoutes.lists.setLines, { params: { id }, body }),
  );

export const useAddToList = () =>
  useListChange(({ id, body }: { id: string; body: AddToListBody }) =>
    callApi(apiRoutes.lists.addLines, { params: { id }, body }),
  );

/** The whole list into the caller's cart: the cart is read again too. */
export const useListToCart = () =>
  useListChange((id: string) => callApi(apiRoutes.lists.toCart, { params: { id } }), true);
