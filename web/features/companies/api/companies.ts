import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  CreateCompanyBody,
  InviteBody,
  MyCompany,
  UpdateCompanyBody,
  UpdateMemberBody,
} from '#contract/company-details.ts';
import type { OrderStatus } from '#contract/orders.ts';
import { callApi, callApiPage } from '#web/lib/api-client.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';
import { queryKeys } from '#web/lib/query-client.ts';

const routes = apiRoutes.companies;

/** The caller's company (null: they belong to none), read fresh whenever the screen opens. */
function myCompanyQuery() {
  return queryOptions({
    queryKey: [...queryKeys.companies, 'mine'],
    queryFn: ({ signal }) => callApi(routes.mine, {}, { signal }),
  });
}

export const useMyCompany = () => useQuery(myCompanyQuery());

export interface CompanyPage {
  limit: number;
  offset: number;
}

const membersKey = [...queryKeys.companies, 'members'] as const;
const invitationsKey = [...queryKeys.companies, 'invitations'] as const;

/**
 * A page of the caller's company's members (owners first, then by name), those with `q` in their
 * name or email when given, and how many in all.
 */
export const useCompanyMembers = (
  page: CompanyPage & { q?: string | undefined },
  isEnabled = true,
) =>
  useQuery({
    enabled: isEnabled,
    queryKey: [...membersKey, page],
    queryFn: async ({ signal }) => {
      const { items, total } = await callApiPage(routes.members, { query: page }, { signal });
      return { members: items, total };
    },
    placeholderData: keepPreviousData,
  });

/** A page of the company's open invitations (newest first), for its owners. */
export const useCompanyInvitations = (page: CompanyPage, isEnabled = true) =>
  useQuery({
    enabled: isEnabled,
    queryKey: [...invitationsKey, page],
    queryFn: async ({ signal }) => {
      const { items, total } = await callApiPage(routes.invitations, { query: page }, { signal });
      return { invitations: items, total };
    },
    placeholderData: keepPreviousData,
  });

/**
 * Every change answers the company as it is now: the screen shows that at once, and reads its
 * lists (members, invitations, orders) again.
 */
function useCompanyChange<T>(send: (input: T) => Promise<MyCompany | null>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (company) => {
      queryClient.setQueryData(myCompanyQuery().queryKey, company);
      for (const queryKey of [membersKey, invitationsKey, [...queryKeys.companies, 'orders']]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}

export const useCreateCompany = () =>
  useCompanyChange((body: CreateCompanyBody) => callApi(routes.create, { body }));
export const useUpdateCompany = () =>
  useCompanyChange((body: UpdateCompanyBody) => callApi(routes.update, { body }));
export const useRevokeInvitation = () =>
  useCompanyChange((id: string) => callApi(routes.revokeInvitation, { params: { id } }));
export const useUpdateMember = () =>
  useCompanyChange(({ userId, ...body }: UpdateMemberBody & { userId: string }) =>
    callApi(routes.updateMember, { params: { userId }, body }),
  );
export const useRemoveMember = () =>
  useCompanyChange((userId: string) => callApi(routes.removeMember, { params: { userId } }));
export const useLeaveCompany = () => useCompanyChange(() => callApi(routes.leave, {}));
export const useAcceptInvitation = () =>
  useCompanyChange((token: string) => callApi(routes.acceptInvitation, { body: { token } }));

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteBody) => callApi(routes.invite, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsKey }),
  });
}

/** What an invitation link offers the signed-in person (it changes nothing). */
export const useInvitation = (token: string, isSignedIn: boolean) =>
  useQuery({
    queryKey: [...queryKeys.companies, 'invitation', token],
    queryFn: ({ signal }) => callApi(routes.openInvitation, { body: { token } }, { signal }),
    enabled: isSignedIn && token !== '',
    retry: false,
  });

export interface CompanyOrderParams {
  buyer?: string | undefined;
  status?: OrderStatus | undefined;
  limit: number;
  offset: number;
}

/** A page of the company's orders, and how many match in all. */
export const useCompanyOrders = (params: CompanyOrderParams, isEnabled = true) =>
  useQuery({
    enabled: isEnabled,
    queryKey: [...queryKeys.companies, 'orders', params],
    queryFn: async ({ signal }) => {
      const { items, total } = await callApiPage(routes.orders, { query: params }, { signal });
      return { orders: items, total };
    },
    placeholderData: keepPreviousData,
  });
