import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role, UpdateProfileBody, UserSummary } from '../../../../contract/users.ts';
import { callApi } from '../../../lib/api-client.ts';
import { apiRoutes } from '../../../lib/api-routes.ts';
import { queryKeys } from '../../../lib/query-client.ts';

export function userDetailsQuery(email: string) {
  return queryOptions({
    queryKey: [...queryKeys.users, 'details', email],
    queryFn: ({ signal }) => callApi(apiRoutes.users.details, { params: { email } }, { signal }),
  });
}

export const allUsersQuery = queryOptions({
  queryKey: [...queryKeys.users, 'all'],
  queryFn: ({ signal }) => callApi(apiRoutes.users.listAll, {}, { signal }),
});

export const useUserDetails = (email: string) => useQuery(userDetailsQuery(email));
export const useAllUsers = () => useQuery(allUsersQuery);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) =>
      callApi(apiRoutes.users.updateProfile, { params: { email: body.email }, body }),
    onSuccess: (details) => {
      queryClient.setQueryData(userDetailsQuery(details.email).queryKey, details);
    },
  });
}

export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, role }: { user: UserSummary; role: Role }) =>
      callApi(apiRoutes.users.setRole, { query: { email: user.email }, body: { role } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.users }),
        // The caller may have changed their own role.
        queryClient.invalidateQueries({ queryKey: queryKeys.session }),
      ]),
  });
}
