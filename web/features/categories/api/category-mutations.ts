import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateCategoryBody, UpdateCategoryBody } from '#contract/categories.ts';
import type { CreateAttributeBody, UpdateAttributeBody } from '#contract/specifications.ts';
import { callApi } from '#web/lib/api-client.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';
import { queryKeys } from '#web/lib/query-client.ts';

/** A change to the tree changes the catalogue's lists too (counts, category pages). */
function useInvalidateCatalogue() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.tools });
}

export function useCreateCategory() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (body: CreateCategoryBody) => callApi(apiRoutes.categories.create, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateCategory() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateCategoryBody }) =>
      callApi(apiRoutes.categories.update, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteCategory() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: ({ id }: { id: string }) =>
      callApi(apiRoutes.categories.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useAddAttribute() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: ({ categoryId, body }: { categoryId: string; body: CreateAttributeBody }) =>
      callApi(apiRoutes.categories.addAttribute, { params: { id: categoryId }, body }),
    onSuccess: invalidate,
  });
}

export function useUpdateAttribute() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: ({
      categoryId,
      attributeId,
      body,
    }: {
      categoryId: string;
      attributeId: string;
      body: UpdateAttributeBody;
    }) =>
      callApi(apiRoutes.categories.updateAttribute, {
        params: { id: categoryId, attributeId },
        body,
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteAttribute() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: ({ categoryId, attributeId }: { categoryId: string; attributeId: string }) =>
      callApi(apiRoutes.categories.removeAttribute, { params: { id: categoryId, attributeId } }),
    onSuccess: invalidate,
  });
}
