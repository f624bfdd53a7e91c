import { Breadcrumbs } from '#web/components/ui/breadcrumbs.tsx';
import { useSession } from '#web/features/auth/api/session.ts';
import { AddToCartButton } from '#web/features/cart/components/add-to-cart-button.tsx';
import { useCategorySpecifications } from '#web/features/categories/api/categories-queries.ts';
import { CompareToggle } from '#web/features/compare/components/compare-toggle.tsx';
import { ToolReviews } from '#web/features/reviews/components/tool-reviews.tsx';
import { SaveToListButton } from '#web/features/saved-lists/components/save-to-list.tsx';
import { useTool } from '#web/features/tools/api/tools-queries.ts';
import { BuyPanel } from '#web/features/tools/components/buy-panel.tsx';
import { RelatedTools } from '#web/features/tools/components/related-tools.tsx';
import { ToolDetails } from '#web/features/tools/components/tool-details.tsx';
import { ToolView } from '#web/features/tools/components/tool-view.tsx';
import * as paths from '#web/lib/paths.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { PageContainer } from './layouts/page-container.tsx';

/**
 * A tool's public page: everything about it, and how many to buy. The same in the app and in the
 * page's island (web/islands/client.tsx).
 */
export function ToolPage({ id }: { id: string }) {
  const tool = useTool(id);
  const specifications = useCategorySpecifications(tool.data?.categoryId);
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
              <ToolDetails tool={t} specifications={specifications.data} />
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
