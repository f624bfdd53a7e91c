import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, type LoaderFunctionArgs, type MetaArgs, useSearchParams } from 'react-router';
import { specificationsOf } from '#contract/category-tree.ts';
import { comparedIds } from '#contract/compare.ts';
import { formatSpecValue, formatUnits } from '#contract/format.ts';
import type { Attribute } from '#contract/specifications.ts';
import type { Tool } from '#contract/tools.ts';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { RatingSummary } from '#web/components/ui/rating.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/state.tsx';
import { ToolImage } from '#web/components/ui/tool-image.tsx';
import { categoriesQuery, useCategories } from '#web/features/categories/api/categories-queries.ts';
import { useCompareList } from '#web/features/compare/api/compare-list.ts';
import { toolQuery } from '#web/features/tools/api/tools-queries.ts';
import { isApiError } from '#web/lib/api-error.ts';
import { pageMeta } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';
import { pageData, prefetchQueries, RouteQueriesBoundary } from '#web/lib/route-queries.tsx';
import { useMoney } from '#web/lib/store-config.ts';
import { PageContainer } from '../layouts/page-container.tsx';

const idsOf = (search: URLSearchParams) => comparedIds((search.get('ids') ?? '').split(','));

/** The tools in the address, with their categories' specifications, in the server's HTML. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ids = idsOf(new URL(request.url).searchParams);
  const { queries, status } = await prefetchQueries(async (queryClient) => {
    await Promise.all([
      queryClient.prefetchQuery(categoriesQuery()),
      ...ids.map((id) => queryClient.prefetchQuery(toolQuery(id))),
    ]);
  });
  return pageData({ queries }, status);
}

export { skipServerLoader as clientLoader } from '#web/lib/route-queries.tsx';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Compare tools', path: location.pathname, noIndex: true });

interface Row {
  label: string;
  cells: string[];
  /** Whether the tools differ on it (a value missing counts as different). */
  differs: boolean;
}

/** One row per specification any of the tools has, in their categories' order. */
function specificationRows(tools: readonly Tool[], attributes: readonly Attribute[][]): Row[] {
  const seen = new Map<string, Attribute>();
  for (const attribute of attributes.flat()) {
    if (!seen.has(attribute.key)) seen.set(attribute.key, attribute);
  }
  return [...seen.values()].flatMap((attribute) => {
    const cells = tools.map((tool) => {
      const value = tool.specs[attribute.key];
      return value === undefined ? '—' : formatSpecValue(attribute, value);
    });
    if (cells.every((cell) => cell === '—')) return [];
    return [{ label: attribute.name, cells, differs: new Set(cells).size > 1 }];
  });
}

function ComparisonTable({ tools }: { tools: readonly Tool[] }) {
  const money = useMoney();
  const categories = useCategories();
  const list = useCompareList();
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const tree = categories.data ?? [];
  const facts: Row[] = [
    ['Brand', tools.map((tool) => tool.brand)],
    ['SKU', tools.map((tool) => tool.sku)],
    ['Price per unit', tools.map((tool) => money(tool.price))],
    ['Minimum order', tools.map((tool) => formatUnits(tool.minimumOrder))],
    ['In stock', tools.map((tool) => formatUnits(tool.quantity))],
  ].map(([label, cells]) => ({
    label: label as string,
    cells: cells as string[],
    differs: new Set(cells).size > 1,
  }));
  const rows = [
    ...facts,
    ...specificationRows(
      tools,
      tools.map((tool) => specificationsOf(tree, tool.categoryId)),
    ),
  ];
  const shown = onlyDifferences ? rows.filter((row) => row.differs) : rows;
  return (
    <>
      <label className="mb-4 flex items-center gap-2 text-sm font-semibold text-stone-800">
        <input
          type="checkbox"
          className="size-4 accent-navy-700"
          checked={onlyDifferences}
          onChange={(event) => setOnlyDifferences(event.target.checked)}
        />
        Show only what differs
      </label>
      {/* The table scrolls sideways on a phone; the page never widens. */}
      <section
        aria-label="The tools side by side"
        className="overflow-x-auto rounded-xl border border-stone-200 bg-white"
      >
        <table className="w-full text-left text-sm [overflow-wrap:anywhere]">
          <caption className="sr-only">
            {tools.length} tools side by side; rows where they differ say so.
          </caption>
          <thead>
            <tr className="align-top">
              <td className="sticky left-0 z-10 min-w-28 bg-white p-3 sm:min-w-40" />
              {tools.map((tool) => (
                <th key={tool._id} scope="col" className="p-3 font-normal">
                  <ToolImage src={tool.img} alt="" className="h-24 !w-32 rounded" />
                  <Link
                    to={paths.tool(tool._id)}
                    className="mt-2 block font-bold text-navy-900 underline-offset-4 hover:underline"
                  >
                    {tool.name}
                  </Link>
                  {tool.rating.average !== null && (
                    <RatingSummary
                      average={tool.rating.average}
                      count={tool.rating.count}
                      compact
                    />
                  )}
                  {list.ids.includes(tool._id) && (
                    <button
                      type="button"
                      onClick={() => list.remove(tool._id)}
                      aria-label={`Remove from compare: ${tool.name}`}
                      className="mt-1 text-xs font-semibold text-navy-700 underline"
                    >
                      Remove from compare
                    </button>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            {shown.map((row) => (
              <tr key={row.label} className={row.differs ? 'bg-amber-50' : undefined}>
                <th
                  scope="row"
                  // The row's name stays in view while the tools scroll sideways on a phone.
                  className={`sticky left-0 z-10 min-w-28 p-3 font-semibold text-stone-700 [overflow-wrap:normal] sm:min-w-40 ${row.differs ? 'bg-amber-50' : 'bg-white'}`}
                >
                  {row.label}
                  {row.differs && (
                    <span className="block text-xs font-medium text-amber-800">Differs</span>
                  )}
                </th>
                {row.cells.map((cell, index) => (
                  <td key={tools[index]?._id ?? index} className="min-w-36 p-3 text-stone-900">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {shown.length === 0 && (
        <p className="mt-4 text-stone-700">These tools are alike in everything compared here.</p>
      )}
    </>
  );
}

/** Up to four tools side by side: what they are, cost and hold, and each specification. */
export function ComparePage() {
  const [search] = useSearchParams();
  const ids = idsOf(search);
  const results = useQueries({ queries: ids.map((id) => toolQuery(id)) });
  const tools = results.flatMap((result) => (result.data ? [result.data] : []));
  const isLoading = results.some((result) => result.isPending && result.fetchStatus !== 'idle');
  // A tool gone from the catalogue is said so; any other failure is an error to try again.
  const isGone = (error: unknown) => isApiError(error) && [400, 404].includes(error.status);
  const missing = results.filter((result) => result.isError && isGone(result.error)).length;
  const failed = results.find((result) => result.isError && !isGone(result.error));
  return (
    <PageContainer>
      <PageHeading
        title="Compare tools"
        description="Up to four tools side by side, one row per specification; the rows where they differ are marked."
      />
      {missing > 0 && (
        <p role="status" className="mb-4 text-stone-700">
          {missing === 1
            ? 'One of the tools asked for is no longer in the catalogue.'
            : `${missing} of the tools asked for are no longer in the catalogue.`}
        </p>
      )}
      {isLoading ? (
        <LoadingState label="Loading the tools…" />
      ) : failed ? (
        <ErrorState
          error={failed.error}
          onRetry={() => void failed.refetch()}
          title="We could not load the tools to compare"
        />
      ) : tools.length < 2 ? (
        <EmptyState title="Pick at least two tools to compare">
          Open a tool and press “Add to compare”, then do the same on another; up to four.{' '}
          <Link to={paths.tools()} className="font-semibold text-navy-700 underline">
            Browse the catalogue
          </Link>
        </EmptyState>
      ) : (
        <ComparisonTable tools={tools} />
      )}
    </PageContainer>
  );
}

export default function CompareRoute() {
  return (
    <RouteQueriesBoundary>
      <ComparePage />
    </RouteQueriesBoundary>
  );
}
