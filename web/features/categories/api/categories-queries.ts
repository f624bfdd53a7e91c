import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '#contract/categories.ts';
import { callApi } from '#web/lib/api-client.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';
import { queryKeys } from '#web/lib/query-client.ts';

/** The whole category tree, depth first, with the tools in each (GET /api/categories). */
export function categoriesQuery() {
  return queryOptions({
    queryKey: [...queryKeys.tools, 'categories'],
    queryFn: ({ signal }) => callApi(apiRoutes.categories.list, {}, { signal }),
  });
}

export function useCategories() {
  return useQuery(categoriesQuery());
}

/** A category and the ones above it, the top first (its breadcrumbs). */
export function ancestry(tree: readonly Category[], slug: string): Category[] {
  const byId = new Map(tree.map((category) => [category._id, category]));
  const trail: Category[] = [];
  for (
    let at = tree.find((category) => category.slug === slug);
    at && trail.length < tree.length;
    at = at.parentId ? byId.get(at.parentId) : undefined
  ) {
    trail.unshift(at);
  }
  return trail;
}

/** The categories right below `parentId` (null: the top level), in their order. */
export function childrenOf(tree: readonly Category[], parentId: string | null): Category[] {
  return tree.filter((category) => category.parentId === parentId);
}
