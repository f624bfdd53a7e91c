import { Link, type LoaderFunctionArgs, type MetaArgs, useSearchParams } from 'react-router';
import { formatCount } from '#contract/format.ts';
import { type ToolSort, ToolSortSchema } from '#contract/tool-lists.ts';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import {
  type ToolListParams,
  toolListQuery,
  useToolList,
} from '#web/features/tools/api/tools-queries.ts';
import { CatalogueControls } from '#web/features/tools/components/catalogue-controls.tsx';
import { pageMeta, rootData } from '#web/lib/page-meta.ts';
import { paths } from '#web/lib/paths.ts';
import { pageData, prefetchQueries, RouteQueriesBoundary } from '#web/lib/route-queries.tsx';
import { breadcrumbs } from '#web/lib/structured-data.ts';
import { BuyableToolGrid } from '../layouts/buyable-tool-grid.tsx';
import { PageContainer } from '../layouts/page-container.tsx';

export const TOOLS_PAGE_SIZE = 12;
/** Search results come best match first; the whole catalogue newest first. */
const defaultSort = (q: string): ToolSort => (q ? 'relevance' : 'newest');

/** The catalogue page an address asks for (`sortAsked`: the sort the address names, if any). */
function catalogueParams(params: URLSearchParams) {
  const q = params.get('q')?.trim() ?? '';
  const asked = ToolSortSchema.safeParse(params.get('sort'));
  const sortAsked = asked.success && (q || asked.data !== 'relevance') ? asked.data : undefined;
  const sort = sortAsked ?? defaultSort(q);
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  return { q, sort, sortAsked, page };
}

/** What the page asks the store for. */
function listParams({
  q,
  sort,
  page,
}: {
  q: string;
  sort: ToolSort;
  page: number;
}): ToolListParams {
  return {
    q: q || undefined,
    sort,
    limit: TOOLS_PAGE_SIZE,
    offset: (page - 1) * TOOLS_PAGE_SIZE,
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const params = listParams(catalogueParams(new URL(request.url).searchParams));
  let total = 0;
  const { queries, status } = await prefetchQueries(async (queryClient) => {
    await queryClient.prefetchQuery(toolListQuery(params));
    total = queryClient.getQueryData(toolListQuery(params).queryKey)?.total ?? 0;
  });
  // A page past the last one is no page (it says so, and answers 404).
  const isPastTheEnd = status === 200 && (params.offset ?? 0) > 0 && (params.offset ?? 0) >= total;
  return pageData({ queries }, isPastTheEnd ? 404 : status);
}

export { skipServerLoader as clientLoader } from '#web/lib/route-queries.tsx';

/**
 * The catalogue's address to index is its page number alone: sorted copies point at it, and
 * search results (endless, and thin) are left out of the index.
 */
export function meta({ matches, location }: MetaArgs) {
  const { q, page } = catalogueParams(new URLSearchParams(location.search));
  const title = q ? `Tools matching “${q}”` : page > 1 ? `Tools, page ${page}` : 'Tools';
  return pageMeta(matches, {
    title,
    description:
      'Every tool we make and trade, at bulk prices: drills, saws, hammers, hand tools and safety gear, with stock and minimum orders shown.',
    path: paths.tools({ page }),
    noIndex: q !== '',
    structuredData: [
      breadcrumbs(rootData(matches)?.publicUrl ?? '', [
        { name: 'Home', path: paths.home() },
        { name: 'Tools', path: paths.tools() },
      ]),
    ],
  });
}

/** Search words, sort order and page live in the URL, so links and Back work. */
function useCatalogueParams() {
  const [params, setParams] = useSearchParams();
  const { q, sort, sortAsked, page } = catalogueParams(params);

  const hrefFor = (changes: { q?: string; sort?: ToolSort; page?: number }) => {
    const next = { q, page, ...changes };
    // A sort someone chose stays; otherwise the default for the (new) words applies.
    const nextSort = changes.sort ?? sortAsked;
    const search = new URLSearchParams();
    if (next.q) search.set('q', next.q);
    if (nextSort && nextSort !== defaultSort(next.q) && (next.q || nextSort !== 'relevance'))
      search.set('sort', nextSort);
    if (next.page > 1) search.set('page', String(next.page));
    const text = search.toString();
    return text ? `?${text}` : '?';
  };
  const go = (changes: { q?: string; sort?: ToolSort }, replace: boolean) =>
    setParams(new URLSearchParams(hrefFor({ ...changes, page: 1 }).slice(1)), { replace });

  return { q, sort, page, hrefFor, go };
}

export function ToolsPage() {
  const { q, sort, page, hrefFor, go } = useCatalogueParams();
  const query = useToolList(listParams({ q, sort, page }));
  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / TOOLS_PAGE_SIZE));
  const first = (page - 1) * TOOLS_PAGE_SIZE + 1;
  const last = Math.min(page * TOOLS_PAGE_SIZE, total);

  return (
    <PageContainer>
      <PageHeading
        eyebrow="Catalogue"
        title="All tools"
        description="Every tool we make and trade, at bulk prices. Search the catalogue or sort the list."
      />
      <CatalogueControls
        q={q}
        sort={sort}
        isSearching={q !== ''}
        onSearch={(text) => go({ q: text }, true)}
        onSort={(next) => go({ sort: next }, false)}
      />
      <p aria-live="polite" className="mt-6 mb-4 min-h-6 text-sm text-stone-600">
        {query.data && total > 0 && last >= first && (
          <>
            Showing {formatCount(first)}–{formatCount(last)} of {formatCount(total)} tools
            {q && <> matching “{q}”</>}
            {query.isPlaceholderData && <span className="ml-2 text-stone-500">Updating…</span>}
          </>
        )}
      </p>
      <QueryView
        query={query}
        loadingLabel="Loading the catalogue…"
        errorTitle="We could not load the catalogue"
        isEmpty={(data) => data.tools.length === 0}
        emptyTitle={
          q
            ? `No tools match “${q}”`
            : total > 0
              ? 'There is no such page'
              : 'No tools in the catalogue yet'
        }
        emptyText={
          (q || total > 0) && (
            <Link
              to={q ? hrefFor({ q: '', page: 1 }) : hrefFor({ page: 1 })}
              className="font-semibold text-navy-700 underline"
            >
              {q ? 'Clear the search' : 'Go to the first page'}
            </Link>
          )
        }
      >
        {(data) => <BuyableToolGrid tools={data.tools} />}
      </QueryView>
      <Pagination
        page={page}
        pageCount={pageCount}
        hrefFor={(n) => hrefFor({ page: n })}
        label="Catalogue pages"
      />
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
