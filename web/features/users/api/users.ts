import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  Role,
  UpdateCompanyDetailsBody,
  UpdateProfileBody,
  UserSummary,
} from '#contract/users.ts';
import { callApi, callApiPage } from '#web/lib/api-client.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';
import { queryKeys } from '#web/lib/query-client.ts';

function userDetailsQuery(email: string) {
  return queryOptions({
    queryKey: [...queryKeys.users, 'details', email],
    queryFn: ({ signal }) => callApi(apiRoutes.users.details, { params: { email } }, { signal }),
  });
}

/** What the admin's list of people asks for: a search, a role, a page. */
export interface UserListParams {
  q?: string | undefined;
  role?: Role | undefined;
  limit: number;
  offset: number;
}

/** A page of the people that match, and how many match in all. */
function usersPageQuery(params: UserListParams) {
  return queryOptions({
    queryKey: [...queryKeys.users, 'page', params],
    queryFn: async ({ signal }) => {
      const { items, total } = await callApiPage(
        apiRoutes.users.listAll,
        { query: params },
        { signal },
      );
      return { users: items, total };
    },
  });
}

export const useUserDetails = (email: string) => useQuery(userDetailsQuery(email));
/** The previous page stays on screen while the next one loads. */
export const useUsersPage = (params: UserListParams) =>
  useQuery({ ...usersPageQuery(params), placeholderData: keepPreviousData });

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

/** The company details of the profile alone: no LinkedIn or education needed. */
export function useUpdateCompanyDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCompanyDetailsBody) =>
      callApi(apiRoutes.users.updateCompanyDetails, { params: { email: body.email }, body }),
    onSuccess: (details) => {
      queryClient.setQueryData(userDetailsQuery(details.email).queryKey, details);
    },
  });
}

export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, role }: { user: UserSummary; role: Role; isSelf: boolean }) =>
      callApi(apiRoutes.users.setRole, { query: { email: user.email }, body: { role } }),
    onSettled: (_summary, _error, { isSelf }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.users }),
        queryClient.invalidateQueries({ queryKey: queryKeys.audit }),
        // A change of one's own role: the screen leaves the admin pages first, then asks.
        isSelf ? undefined : queryClient.invalidateQueries({ queryKey: queryKeys.session }),
      ]),
  });
}
