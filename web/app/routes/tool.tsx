import { data, type LoaderFunctionArgs, type MetaArgs, useParams } from 'react-router';
import { specificationsOf } from '#contract/category-tree.ts';
import type { ToolDetail } from '#contract/tools.ts';
import { Breadcrumbs } from '#web/components/ui/breadcrumbs.tsx';
import { useSession } from '#web/features/auth/api/session.ts';
import { AddToCartButton } from '#web/features/cart/components/add-to-cart-button.tsx';
import { categoriesQuery, useCategories } from '#web/features/categories/api/categories-queries.ts';
import { CompareToggle } from '#web/features/compare/components/compare-toggle.tsx';
import { toolReviewsQuery } from '#web/features/reviews/api/reviews.ts';
import { ToolReviews } from '#web/features/reviews/components/tool-reviews.tsx';
import { SaveToListButton } from '#web/features/saved-lists/components/save-to-list.tsx';
import { toolQuery, useTool } from '#web/features/tools/api/tools-queries.ts';
import { BuyPanel } from '#web/features/tools/components/buy-panel.tsx';
import { RelatedTools } from '#web/features/tools/components/related-tools.tsx';
import { ToolDetails } from '#web/features/tools/components/tool-details.tsx';
import { ToolView } from '#web/features/tools/components/tool-view.tsx';
import { isApiError } from '#web/lib/api-error.ts';
import { pageMeta, rootData } from '#web/lib/page-meta.ts';
import { paths } from '#web/lib/paths.ts';
import { pageData, prefetchQueries, RouteQueriesBoundary } from '#web/lib/route-queries.tsx';
import { breadcrumbs, product } from '#web/lib/structured-data.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { PageContainer } from '../layouts/page-container.tsx';

/** An unknown or deleted tool is a 404 page, with status 404. */
export async function loader({ params }: LoaderFunctionArgs) {
  let tool: ToolDetail | undefined;
  const { queries, status } = await prefetchQueries(async (queryClient) => {
    try {
      // The tree names the tool's specifications and their units; its newest reviews show below.
      [tool] = await Promise.all([
        queryClient.fetchQuery(toolQuery(params.id ?? '')),
        queryClient.prefetchQuery(categoriesQuery()),
        queryClient.prefetchQuery(toolReviewsQuery(params.id ?? '')),
      ]);
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

/** A tool's public page: everything about it, and how many to buy. */
export function ToolPage() {
  const { id = '' } = useParams();
  const tool = useTool(id);
  const categories = useCategories();
  const session = useSession();
  const viewer = session.isPending ? 'unknown' : session.user ? 'customer' : 'visitor';
  usePageTitle(tool.data?.name ?? 'Tool');

  return (
    <PageContainer>
      <Breadcrumbs
        trail={[
          { label: 'Home', to: paths.home() },
          { label: 'Tools', to: paths.tools() },
          { label: tool.data?.name ?? 'Tool' },
        ]}
      />
      <ToolView query={tool}>
        {(t) => (
          <>
            <div className="grid gap-10 lg:grid-cols-[3fr_2fr] lg:items-start">
              <ToolDetails
                tool={t}
                specifications={specificationsOf(categories.data ?? [], t.categoryId)}
              />
              <div>
                <BuyPanel
                  tool={t}
                  isSignedIn={viewer === 'customer'}
                  addToCart={(quantity) => (
                    <>
                      <AddToCartButton tool={t} quantity={quantity} size="lg" className="w-full" />
                      {viewer === 'customer' && (
                        <SaveToListButton
                          what="this tool"
                          className="mt-3 w-full"
                          source={() => ({
                            from: 'lines',
                            lines: [{ toolId: t._id, quantity: quantity ?? t.minimumOrder }],
                          })}
                        />
                      )}
                    </>
                  )}
                />
                <CompareToggle toolId={t._id} toolName={t.name} />
              </div>
            </div>
            <RelatedTools tool={t} />
            <ToolReviews tool={t} viewer={viewer} />
          </>
        )}
      </ToolView>
    </PageContainer>
  );
}

export default function ToolRoute() {
  return (
    <RouteQueriesBoundary>
      <ToolPage />
    </RouteQueriesBoundary>
  );
}
