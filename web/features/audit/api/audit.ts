import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditAction, AuditTargetType } from '#contract/audit.ts';
import { callApiPage } from '#web/lib/api-client.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';
import { queryKeys } from '#web/lib/query-client.ts';

/** What the audit log screen asks for: an action, a kind of target, an actor, a page. */
export interface AuditListParams {
  action?: AuditAction | undefined;
  targetType?: AuditTargetType | undefined;
  targetId?: string | undefined;
  actor?: string | undefined;
  limit: number;
  offset: number;
}

/** A page of the entries that match, newest first, and how many match in all. */
function auditPageQuery(params: AuditListParams) {
  return queryOptions({
    queryKey: [...queryKeys.audit, params],
    queryFn: async ({ signal }) => {
      const { items, total } = await callApiPage(
        apiRoutes.audit.list,
        { query: params },
        { signal },
      );
      return { entries: items, total };
    },
  });
}

/** The previous page stays on screen while the next one loads. */
export const useAuditPage = (params: AuditListParams) =>
  useQuery({ ...auditPageQuery(params), placeholderData: keepPreviousData });
