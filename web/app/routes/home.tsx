import type { ReactNode } from 'react';
import { Link, type MetaArgs } from 'react-router';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { site } from '#web/content/site.ts';
import {
  categoriesQuery,
  childrenOf,
  useCategories,
} from '#web/features/categories/api/categories-queries.ts';
import { CategoryLinks } from '#web/features/categories/components/category-links.tsx';
import { CompanyProfile } from '#web/features/home/components/company-profile.tsx';
import { HomeCarousel } from '#web/features/home/components/hero-carousel.tsx';
import { StatsBand } from '#web/features/home/components/stats-band.tsx';
import {
  HOME_REVIEW_COUNT,
  latestReviewsQuery,
  useLatestReviews,
} from '#web/features/reviews/api/reviews.ts';
import { ReviewCard } from '#web/features/reviews/components/review-card.tsx';
import { toolListQuery, useToolList } from '#web/features/tools/api/tools-queries.ts';
import { BestSeller } from '#web/features/tools/components/best-seller.tsx';
import { ToolGrid } from '#web/features/tools/components/tool-grid.tsx';
import { Island } from '#web/islands/island.tsx';
import { pageMeta, rootData } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';
import { pageData, prefetchQueries, RouteQueriesBoundary } from '#web/lib/route-queries.tsx';
import { organization } from '#web/lib/structured-data.ts';
import type { RouteHandle } from '../root.tsx';

const FEATURED = { sort: 'newest', limit: 6 } as const;
const BEST_SELLER = { q: site.home.bestSeller.searchName, sort: 'oldest', limit: 1 } as const;

export async function loader() {
  const { queries, status } = await prefetchQueries((queryClient) =>
    Promise.all([
      queryClient.prefetchQuery(toolListQuery(FEATURED)),
      queryClient.prefetchQuery(toolListQuery(BEST_SELLER)),
      queryClient.prefetchQuery(latestReviewsQuery(HOME_REVIEW_COUNT)),
      queryClient.prefetchQuery(categoriesQuery()),
    ]),
  );
  return pageData({ queries }, status);
}

export { skipServerLoader as clientLoader } from '#web/lib/route-queries.tsx';

/** Text, pictures and links, and the carousel: served as islands (decision 078). */
export const handle: RouteHandle = { islands: { data: 'settings' } };

export const meta = ({ matches }: MetaArgs) =>
  pageMeta(matches, {
    path: paths.home(),
    structuredData: [organization(rootData(matches)?.publicUrl ?? '')],
  });

export function HomePage() {
  const { home } = site;
  const featured = useToolList(FEATURED);
  const bestSeller = useToolList(BEST_SELLER);
  const reviews = useLatestReviews();
  const categories = useCategories();

  return (
    <>
      <Island name="hero-carousel">
        <HomeCarousel />
      </Island>
      <StatsBand stats={home.stats} />
      <div className="mx-auto max-w-7xl space-y-20 px-4 pt-16 sm:px-6 lg:px-8">
        <section aria-labelledby="featured-title">
          <SectionHeader id="featured-title" title={home.featured.title} text={home.featured.text}>
            <Link
              to={paths.tools()}
              className="font-semibold text-navy-700 underline-offset-4 hover:underline"
            >
              {home.featured.allLabel} <span aria-hidden="true">→</span>
            </Link>
          </SectionHeader>
          <QueryView
            query={featured}
            loadingLabel="Loading the newest tools…"
            errorTitle="We could not load the newest tools"
            isEmpty={(data) => data.tools.length === 0}
            emptyTitle="No tools in the catalogue yet"
          >
            {(data) => <ToolGrid tools={data.tools} />}
          </QueryView>
        </section>

        <section aria-labelledby="categories-title">
          <SectionHeader
            id="categories-title"
            title="Shop by category"
            text="Find tools by what they do, from power tools to safety gear."
          />
          <QueryView
            query={categories}
            loadingLabel="Loading the categories…"
            errorTitle="We could not load the categories"
            isEmpty={(tree) => tree.length === 0}
            emptyTitle="No categories yet"
          >
            {(tree) => <CategoryLinks categories={childrenOf(tree, null)} label="Categories" />}
          </QueryView>
        </section>

        <BestSeller content={home.bestSeller} tool={bestSeller.data?.tools[0]} />

        <CompanyProfile content={home.profile} />

        <section aria-labelledby="reviews-title">
          <SectionHeader id="reviews-title" title={home.reviews.title} />
          <QueryView
            query={reviews}
            loadingLabel="Loading reviews…"
            errorTitle="We could not load the reviews"
            isEmpty={(data) => data.length === 0}
            emptyTitle={home.reviews.empty}
          >
            {(data) => (
              <ul className="grid gap-6 lg:grid-cols-3">
                {data.map((review) => (
                  <li key={review._id}>
                    <ReviewCard review={review} />
                  </li>
                ))}
              </ul>
            )}
          </QueryView>
        </section>
      </div>
    </>
  );
}

function SectionHeader({
  id,
  title,
  text,
  children,
}: {
  id: string;
  title: string;
  text?: string;
  children?: ReactNode;
}) {
  return (
    <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h2 id={id} className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">
          {title}
        </h2>
        {text && <p className="mt-2 text-stone-600">{text}</p>}
      </div>
      {children}
    </div>
  );
}

export default function Home() {
  return (
    <RouteQueriesBoundary>
      <HomePage />
    </RouteQueriesBoundary>
  );
}
