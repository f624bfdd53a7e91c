import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateToolBody, UpdateToolBody } from '#contract/tools.ts';
import { callApi } from '#web/lib/api-client.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';
import { queryKeys } from '#web/lib/query-client.ts';

function useInvalidateTools() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.tools });
}

export function useCreateTool() {
  const invalidate = useInvalidateTools();
  return useMutation({
    mutationFn: (body: CreateToolBody) => callApi(apiRoutes.tools.create, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateTool() {
  const invalidate = useInvalidateTools();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateToolBody }) =>
      callApi(apiRoutes.tools.update, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteTool() {
  const invalidate = useInvalidateTools();
  return useMutation({
    mutationFn: ({ id }: { id: string; name: string }) =>
      callApi(apiRoutes.tools.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}
