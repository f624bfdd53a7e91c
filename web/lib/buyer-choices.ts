import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, callApiPage } from './api-client.ts';
import { apiRoutes } from './api-routes.ts';
import { queryKeys } from './query-client.ts';

/**
 * Naming a buyer on an admin screen (payment terms, tax exemptions): a company from the list, or a
 * customer without a company by their email.
 */

/** The companies an admin may name: those whose name contains `q`, the first page by name. */
export const useCompanyChoices = (query: { q?: string | undefined; limit: number }) =>
  useQuery({
    queryKey: [...queryKeys.companies, 'all', query],
    queryFn: async ({ signal }) => {
      const { items, total } = await callApiPage(
        apiRoutes.companies.listAll,
        { query },
        { signal },
      );
      return { companies: items, total };
    },
    placeholderData: keepPreviousData,
  });

/** The customer with this email: their id, or null. */
export async function findCustomerByEmail(email: string): Promise<string | null> {
  const [person] = await callApi(apiRoutes.users.listAll, { query: { email, limit: 1 } });
  return person?._id ?? null;
}
