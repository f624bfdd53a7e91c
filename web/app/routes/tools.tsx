import type { LoaderFunctionArgs, MetaArgs } from 'react-router';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { filterCount, readCatalogue } from '#web/features/tools/utils/catalogue-address.ts';
import { pageMeta, rootData } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';
import { pageData, prefetchQueries, RouteQueriesBoundary } from '#web/lib/route-queries.tsx';
import { breadcrumbs } from '#web/lib/structured-data.ts';
import { isPastTheEnd, prefetchCatalogue } from '../layouts/catalogue-address.ts';
import { CatalogueView } from '../layouts/catalogue-view.tsx';
import { PageContainer } from '../layouts/page-container.tsx';
import type { RouteHandle } from '../root.tsx';

export async function loader({ request }: LoaderFunctionArgs) {
  const state = readCatalogue(new URL(request.url).searchParams);
  let total = 0;
  const { queries, status } = await prefetchQueries(async (queryClient) => {
    total = await prefetchCatalogue(queryClient, state);
  });
  // A page past the last one is no page (it says so, and answers 404).
  return pageData({ queries }, status === 200 && isPastTheEnd(state, total) ? 404 : status);
}

export { skipServerLoader as clientLoader } from '#web/lib/route-queries.tsx';

/** Served as islands (decision 078): the catalogue's (decision 081); its page, sort and filters stay on the page. */
export const handle: RouteHandle = { islands: { data: 'page' } };

/**
 * The catalogue's address to index is its page number alone: sorted and filtered copies point at
 * it (filtered ones at its first page, docs/decisions/049), and search results (endless, and
 * thin) are left out of the index.
 */
export function meta({ matches, location }: MetaArgs) {
  const { q, page, filters } = readCatalogue(new URLSearchParams(location.search));
  const isFiltered = filterCount(filters) > 0;
  const title = q
    ? `Tools matching “${q}”`
    : isFiltered
      ? 'Tools, filtered'
      : page > 1
        ? `Tools, page ${page}`
        : 'Tools';
  return pageMeta(matches, {
    title,
    description:
      'Every tool we make and trade, at bulk prices: drills, saws, hammers, hand tools and safety gear, with stock and minimum orders shown.',
    path: paths.tools({ page: isFiltered ? undefined : page }),
    noIndex: q !== '',
    structuredData: [
      breadcrumbs(rootData(matches)?.publicUrl ?? '', [
        { name: 'Home', path: paths.home() },
        { name: 'Tools', path: paths.tools() },
      ]),
    ],
  });
}

export function ToolsPage() {
  return (
    <PageContainer>
      <PageHeading
        eyebrow="Catalogue"
        title="All tools"
        description="Every tool we make and trade, at bulk prices. Search the catalogue, sort the list, or narrow it by brand, stock, price and specifications."
      />
      <CatalogueView />
    </PageContainer>
  );
}

export default function Tools() {
  return (
    <RouteQueriesBoundary>
      <ToolsPage />
    </RouteQueriesBoundary>
  );
}
