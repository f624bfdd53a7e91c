import {
  data,
  type LoaderFunctionArgs,
  type MetaArgs,
  useParams,
  useSearchParams,
} from 'react-router';
import type { Category } from '#contract/categories.ts';
import { formatCount } from '#contract/format.ts';
import { Breadcrumbs } from '#web/components/ui/breadcrumbs.tsx';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import {
  ancestry,
  categoriesQuery,
  childrenOf,
  useCategories,
} from '#web/features/categories/api/categories-queries.ts';
import { CategoryLinks } from '#web/features/categories/components/category-links.tsx';
import { toolListQuery, useToolList } from '#web/features/tools/api/tools-queries.ts';
import { pageMeta, rootData } from '#web/lib/page-meta.ts';
import { paths } from '#web/lib/paths.ts';
import { pageData, prefetchQueries, RouteQueriesBoundary } from '#web/lib/route-queries.tsx';
import { breadcrumbs } from '#web/lib/structured-data.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { BuyableToolGrid } from '../layouts/buyable-tool-grid.tsx';
import { PageContainer } from '../layouts/page-container.tsx';

const PAGE_SIZE = 12;

const pageOf = (search: URLSearchParams) =>
  Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);

/** The category's tools, newest first, a page at a time. */
const listParams = (slug: string, page: number) => ({
  category: slug,
  sort: 'newest' as const,
  limit: PAGE_SIZE,
  offset: (page - 1) * PAGE_SIZE,
});

/** An unknown category, or a page past its last, is a 404 page with status 404. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const slug = params.slug ?? '';
  const page = pageOf(new URL(request.url).searchParams);
  let trail: Category[] = [];
  let total = 0;
  let isKnown = true;
  const { queries, status } = await prefetchQueries(async (queryClient) => {
    const tree = await queryClient.fetchQuery(categoriesQuery());
    trail = ancestry(tree, slug);
    isKnown = trail.length > 0;
    if (!isKnown) return;
    await queryClient.prefetchQuery(toolListQuery(listParams(slug, page)));
    total = queryClient.getQueryData(toolListQuery(listParams(slug, page)).queryKey)?.total ?? 0;
  });
  if (status === 200 && (!isKnown || (page > 1 && (page - 1) * PAGE_SIZE >= total))) {
    throw data(null, { status: 404 });
  }
  return pageData({ queries, trail }, status);
}

export { skipServerLoader as clientLoader } from '#web/lib/route-queries.tsx';

/** The trail as breadcrumbs name it: Home, Tools, each category down to this one. */
function crumbsOf(trail: readonly Category[]) {
  return [
    { name: 'Home', path: paths.home() },
    { name: 'Tools', path: paths.tools() },
    ...trail.map((category) => ({ name: category.name, path: paths.category(category.slug) })),
  ];
}

export function meta({ data: page, matches, params, location, error }: MetaArgs<typeof loader>) {
  const number = pageOf(new URLSearchParams(location.search));
  const path = paths.category(params.slug ?? '', number);
  if (error) return pageMeta(matches, { title: 'Page not found', path, noIndex: true });
  const category = page?.trail.at(-1);
  if (!category) return pageMeta(matches, { title: 'Category', path });
  return pageMeta(matches, {
    title: number > 1 ? `${category.name}, page ${number}` : category.name,
    description:
      category.description ||
      `${category.name}: ${formatCount(category.toolCount)} tools at bulk prices, with stock and minimum orders shown.`,
    path,
    structuredData: [breadcrumbs(rootData(matches)?.publicUrl ?? '', crumbsOf(page?.trail ?? []))],
  });
}

/** A category's public page: where it sits, the categories below it, and its tools. */
export function CategoryPage() {
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  const page = pageOf(search);
  const tree = useCategories();
  const tools = useToolList(listParams(slug, page));
  const trail = tree.data ? ancestry(tree.data, slug) : [];
  const category = trail.at(-1);
  usePageTitle(category?.name ?? 'Category');
  const total = tools.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <PageContainer>
      <Breadcrumbs
        trail={crumbsOf(trail).map((crumb, index, all) => ({
          label: crumb.name,
          to: index < all.length - 1 ? crumb.path : undefined,
        }))}
      />
      <QueryView
        query={tree}
        loadingLabel="Loading the category…"
        errorTitle="We could not load this category"
        isEmpty={() => category === undefined}
        emptyTitle="There is no such category"
      >
        {() =>
          category && (
            <>
              <PageHeading
                eyebrow="Category"
                title={category.name}
                description={category.description || undefined}
              />
              <div className="mb-8">
                <CategoryLinks
                  categories={childrenOf(tree.data ?? [], category._id)}
                  label={`Categories in ${category.name}`}
                />
              </div>
              <p aria-live="polite" className="mb-4 min-h-6 text-sm text-stone-600">
                {tools.data && total > 0 && (
                  <>
                    {formatCount(total)} {total === 1 ? 'tool' : 'tools'} in {category.name}
                  </>
                )}
              </p>
              <QueryView
                query={tools}
                loadingLabel="Loading the tools…"
                errorTitle="We could not load the tools of this category"
                isEmpty={(found) => found.tools.length === 0}
                emptyTitle={`No tools in ${category.name} yet`}
              >
                {(found) => <BuyableToolGrid tools={found.tools} />}
              </QueryView>
              <Pagination
                page={page}
                pageCount={pageCount}
                hrefFor={(n) => paths.category(slug, n)}
                label={`Pages of ${category.name}`}
              />
            </>
          )
        }
      </QueryView>
    </PageContainer>
  );
}

export default function CategoryRoute() {
  return (
    <RouteQueriesBoundary>
      <CategoryPage />
    </RouteQueriesBoundary>
  );
}
