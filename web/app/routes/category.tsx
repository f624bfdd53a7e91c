import { data, type LoaderFunctionArgs, type MetaArgs, useParams } from 'react-router';
import { formatCount } from '#contract/format.ts';
import {
  type CategoryPlace,
  categoryPlaceQuery,
  leaveOutTree,
} from '#web/features/categories/api/categories-queries.ts';
import { filterCount, readCatalogue } from '#web/features/tools/utils/catalogue-address.ts';
import { pageMeta, rootData } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';
import { pageData, prefetchQueries, RouteQueriesBoundary } from '#web/lib/route-queries.tsx';
import { breadcrumbs } from '#web/lib/structured-data.ts';
import { CategoryPage, crumbsOf } from '../category-page.tsx';
import { isPastTheEnd, prefetchCatalogue } from '../layouts/catalogue-address.ts';
import type { RouteHandle } from '../root.tsx';

/** An unknown category, or a page past its last, is a 404 page with status 404. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const slug = params.slug ?? '';
  const state = readCatalogue(new URL(request.url).searchParams);
  let place = null as CategoryPlace | null;
  let total = 0;
  const { queries, status } = await prefetchQueries(async (queryClient) => {
    place = await queryClient.fetchQuery(categoryPlaceQuery(slug));
    leaveOutTree(queryClient);
    if (place) total = await prefetchCatalogue(queryClient, state, slug);
  });
  const isKnown = place !== null;
  if (status === 200 && (!isKnown || isPastTheEnd(state, total))) {
    throw data(null, { status: 404 });
  }
  return pageData({ queries, place }, status);
}

export { skipServerLoader as clientLoader } from '#web/lib/route-queries.tsx';

/** Served as islands (decision 078): the catalogue's (decision 081); its page, sort and filters stay on the page. */
export const handle: RouteHandle = { islands: { data: 'page' } };

/**
 * A category's address to index is its page number alone: sorted, searched and filtered copies
 * point at it (filtered ones at its first page, docs/decisions/049); searches stay out.
 */
export function meta({ data: page, matches, params, location, error }: MetaArgs<typeof loader>) {
  const { q, page: number, filters } = readCatalogue(new URLSearchParams(location.search));
  const isFiltered = filterCount(filters) > 0;
  const path = paths.category(params.slug ?? '', isFiltered ? undefined : number);
  if (error) return pageMeta(matches, { title: 'Page not found', path, noIndex: true });
  const category = page?.place?.category;
  if (!category) return pageMeta(matches, { title: 'Category', path });
  const title = q
    ? `${category.name} matching “${q}”`
    : isFiltered
      ? `${category.name}, filtered`
      : number > 1
        ? `${category.name}, page ${number}`
        : category.name;
  return pageMeta(matches, {
    title,
    description:
      category.description ||
      `${category.name}: ${formatCount(category.toolCount)} tools at bulk prices, with stock and minimum orders shown.`,
    path,
    noIndex: q !== '',
    structuredData: [
      breadcrumbs(rootData(matches)?.publicUrl ?? '', crumbsOf(page?.place?.trail ?? [])),
    ],
  });
}

export default function CategoryRoute() {
  const { slug = '' } = useParams();
  return (
    <RouteQueriesBoundary>
      <CategoryPage slug={slug} />
    </RouteQueriesBoundary>
  );
}
