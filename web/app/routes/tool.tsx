import { data, type LoaderFunctionArgs, type MetaArgs, useParams } from 'react-router';
import type { ToolDetail } from '#contract/tools.ts';
import {
  categoriesQuery,
  categorySpecificationsQuery,
  leaveOutTree,
} from '#web/features/categories/api/categories-queries.ts';
import { toolReviewsQuery } from '#web/features/reviews/api/reviews.ts';
import { toolQuery } from '#web/features/tools/api/tools-queries.ts';
import { Island } from '#web/islands/island.tsx';
import { isApiError } from '#web/lib/api-error.ts';
import { pageMeta, rootData } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';
import { pageData, prefetchQueries, RouteQueriesBoundary } from '#web/lib/route-queries.tsx';
import { breadcrumbs, product } from '#web/lib/structured-data.ts';
import type { RouteHandle } from '../root.tsx';
import { ToolPage } from '../tool-page.tsx';

/** An unknown or deleted tool is a 404 page, with status 404. */
export async function loader({ params }: LoaderFunctionArgs) {
  let tool: ToolDetail | undefined;
  const { queries, status } = await prefetchQueries(async (queryClient) => {
    try {
      // The tree names the tool's specifications and their units (the page reads those of its
      // category alone); its newest reviews show below.
      [tool] = await Promise.all([
        queryClient.fetchQuery(toolQuery(params.id ?? '')),
        queryClient.prefetchQuery(categoriesQuery()),
        queryClient.prefetchQuery(toolReviewsQuery(params.id ?? '')),
      ]);
      await queryClient.prefetchQuery(categorySpecificationsQuery(tool.categoryId));
      leaveOutTree(queryClient);
    } catch (error) {
      if (isApiError(error) && (error.status === 404 || error.status === 400)) {
        throw data(null, { status: 404 });
      }
      // Anything else (the store busy, say): the browser loads the tool itself, and the page
      // says 503 (not kept, not indexed).
    }
  });
  return pageData({ queries, tool }, status);
}

export { skipServerLoader as clientLoader } from '#web/lib/route-queries.tsx';

/** The page is one island (its buy panel, gallery, reviews and compare need script): decision 078. */
export const handle: RouteHandle = { islands: { data: 'page' } };

export function meta({ data: page, matches, params, error }: MetaArgs<typeof loader>) {
  const path = paths.tool(params.id ?? '');
  if (error) return pageMeta(matches, { title: 'Page not found', path, noIndex: true });
  const tool = page?.tool;
  if (!tool) return pageMeta(matches, { title: 'Tool', path });
  const root = rootData(matches);
  const publicUrl = root?.publicUrl ?? '';
  return pageMeta(matches, {
    title: tool.name,
    description: tool.description,
    path,
    // Link previews show raster pictures only: an SVG falls back to the store's picture.
    image: tool.img && !tool.img.endsWith('.svg') ? tool.img : undefined,
    structuredData: [
      product(publicUrl, tool, root?.currency ?? 'USD'),
      breadcrumbs(publicUrl, [
        { name: 'Home', path: paths.home() },
        { name: 'Tools', path: paths.tools() },
        { name: tool.name, path },
      ]),
    ],
  });
}

export default function ToolRoute() {
  const { id = '' } = useParams();
  return (
    <RouteQueriesBoundary>
      <Island name="tool-page" props={{ id }}>
        <ToolPage id={id} />
      </Island>
    </RouteQueriesBoundary>
  );
}
