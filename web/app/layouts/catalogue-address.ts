import type { QueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { ToolSort } from '#contract/tool-lists.ts';
import {
  type CatalogueScope,
  facetsQuery,
  type ToolListParams,
  toolListQuery,
} from '#web/features/tools/api/tools-queries.ts';
import {
  type CatalogueFilters,
  type CatalogueState,
  catalogueSearch,
  readCatalogue,
} from '#web/features/tools/utils/catalogue-address.ts';

/** Tools on one page of the catalogue or of a category. */
export const CATALOGUE_PAGE_SIZE = 12;

/** What a catalogue page asks the store for: the page of tools, and the facets of its query. */
export function catalogueRequests(
  state: CatalogueState,
  category?: string,
): { scope: CatalogueScope; list: ToolListParams } {
  const scope = { q: state.q || undefined, category, filters: state.filters };
  return {
    scope,
    list: {
      ...scope,
      sort: state.sort,
      limit: CATALOGUE_PAGE_SIZE,
      offset: (state.page - 1) * CATALOGUE_PAGE_SIZE,
    },
  };
}

/**
 * A loader's part: the page of tools and the facets, asked at once, so the page is rendered with
 * the filters applied. The list decides the page's status: facets that failed are left out (the
 * browser asks for them itself, the list shows meanwhile). Answers how many tools match (0 when
 * the list failed).
 */
export async function prefetchCatalogue(
  queryClient: QueryClient,
  state: CatalogueState,
  category?: string,
): Promise<number> {
  const { scope, list } = catalogueRequests(state, category);
  await Promise.all([
    queryClient.prefetchQuery(toolListQuery(list)),
    queryClient.prefetchQuery(facetsQuery(scope)),
  ]);
  const facets = facetsQuery(scope).queryKey;
  if (queryClient.getQueryState(facets)?.status === 'error')
    queryClient.removeQueries({ queryKey: facets, exact: true });
  return queryClient.getQueryData(toolListQuery(list).queryKey)?.total ?? 0;
}

/** Whether a loader's page lies past the last page of its list (a 404). */
export const isPastTheEnd = (state: CatalogueState, total: number) =>
  state.page > 1 && (state.page - 1) * CATALOGUE_PAGE_SIZE >= total;

export type CatalogueChanges = {
  q?: string;
  sort?: ToolSort;
  page?: number;
  filters?: CatalogueFilters;
};

/**
 * The catalogue's state from the address, the address of a change (`?…`), and the change made:
 * the address is the state, so links, Back and a shared address all show the same list.
 */
export function useCatalogueAddress() {
  const [params, setParams] = useSearchParams();
  const state = readCatalogue(params);
  const hrefFor = (changes: CatalogueChanges) => catalogueSearch(state, changes);
  const go = (changes: CatalogueChanges, { replace = false } = {}) =>
    setParams(new URLSearchParams(hrefFor(changes).slice(1)), {
      replace,
      preventScrollReset: true,
    });
  return { state, hrefFor, go };
}
