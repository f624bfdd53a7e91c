import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Category } from '#contract/categories.ts';
import { specificationsOf } from '#contract/category-tree.ts';
import type { Attribute } from '#contract/specifications.ts';
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

/*
 * A public page that needs a little of the tree reads a view of it: a query answered from the
 * tree's own (fetched once and shared in the browser) that keeps only what the page shows. A page
 * served as islands carries its answers in its HTML (decision 078): its loader fetches the view
 * and leaves the tree, with every category's specifications and description, out of the page
 * (leaveOutTree).
 */

/** A category's page as it reads the tree: where it sits, its own words, the categories below. */
export interface CategoryPlace {
  /** The category and those above it, the top first (its breadcrumbs). */
  trail: Pick<Category, '_id' | 'slug' | 'name'>[];
  category: Pick<Category, '_id' | 'slug' | 'name' | 'description' | 'toolCount'>;
  /** The categories right below it, in their order. */
  children: Pick<Category, 'slug' | 'name' | 'toolCount'>[];
}

/** The category with this slug as its page reads it; null when the tree has no such category. */
export function categoryPlaceQuery(slug: string) {
  return queryOptions({
    queryKey: [...queryKeys.tools, 'categories', 'place', slug],
    queryFn: async ({ client }): Promise<CategoryPlace | null> => {
      const tree = await client.fetchQuery(categoriesQuery());
      const trail = ancestry(tree, slug);
      const category = trail.at(-1);
      if (!category) return null;
      return {
        trail: trail.map(({ _id, slug, name }) => ({ _id, slug, name })),
        category: {
          _id: category._id,
          slug: category.slug,
          name: category.name,
          description: category.description,
          toolCount: category.toolCount,
        },
        children: childrenOf(tree, category._id).map(({ slug, name, toolCount }) => ({
          slug,
          name,
          toolCount,
        })),
      };
    },
  });
}

export function useCategoryPlace(slug: string) {
  return useQuery(categoryPlaceQuery(slug));
}

/** A specification as a tool's page names it: its name and unit, by its key. */
type SpecificationName = Pick<Attribute, '_id' | 'key' | 'name' | 'unit'>;

/**
 * The specifications a tool in this category has (its own and those of the categories above it,
 * in their order: specificationsOf), as a tool's page reads the tree; none for no category.
 */
export function categorySpecificationsQuery(categoryId: string | null) {
  return queryOptions({
    queryKey: [...queryKeys.tools, 'categories', 'specifications', categoryId],
    queryFn: async ({ client }): Promise<SpecificationName[]> =>
      categoryId === null
        ? []
        : specificationsOf(await client.fetchQuery(categoriesQuery()), categoryId).map(
            ({ _id, key, name, unit }) => ({ _id, key, name, unit }),
          ),
  });
}

/**
 * The specifications of a tool's category, once the tool (and so its category) is known. Until
 * then (`undefined`: a tool's page moved to within the app), the tree they are read from is asked
 * for beside the tool rather than once it has arrived; a served page came with both.
 */
export function useCategorySpecifications(categoryId: string | null | undefined) {
  const queryClient = useQueryClient();
  const isCategoryUnknown = categoryId === undefined;
  useEffect(() => {
    if (isCategoryUnknown) void queryClient.prefetchQuery(categoriesQuery());
  }, [isCategoryUnknown, queryClient]);
  return useQuery({
    ...categorySpecificationsQuery(categoryId ?? null),
    enabled: categoryId !== undefined,
  });
}

/**
 * On the server, once a page's views are answered: the tree itself out of the answers the page
 * carries, as the page reads only its views of it.
 */
export function leaveOutTree(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: categoriesQuery().queryKey, exact: true });
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
