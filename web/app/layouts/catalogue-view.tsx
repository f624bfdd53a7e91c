import { useId } from 'react';
import type { Facets } from '#contract/catalogue-filters.ts';
import { formatCount } from '#contract/format.ts';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/state.tsx';
import { CategoryLinks } from '#web/features/categories/components/category-links.tsx';
import {
  showsSpecifications,
  useFacets,
  useToolList,
} from '#web/features/tools/api/tools-queries.ts';
import { CatalogueControls } from '#web/features/tools/components/catalogue-controls.tsx';
import { FilterChips } from '#web/features/tools/components/filter-chips.tsx';
import { FilterDrawer } from '#web/features/tools/components/filter-drawer.tsx';
import { FilterPanel } from '#web/features/tools/components/filter-panel.tsx';
import {
  type CatalogueFilters,
  filterCount,
  NO_FILTERS,
} from '#web/features/tools/utils/catalogue-address.ts';
import { filterChips } from '#web/features/tools/utils/filter-labels.ts';
import { paths } from '#web/lib/paths.ts';
import { useMoney } from '#web/lib/store-config.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import {
  CATALOGUE_PAGE_SIZE,
  catalogueRequests,
  useCatalogueAddress,
} from './catalogue-address.ts';
import { CatalogueResults, type Suggestion } from './catalogue-results.tsx';

/**
 * The catalogue's list with its search, sort and filters: /tools (the whole catalogue) and each
 * category page. Filters sit beside the results on large screens and in a drawer on smaller
 * ones; the chosen ones show as chips above the results.
 */
export function CatalogueView({
  category,
  subcategories = [],
}: {
  category?: { slug: string; name: string };
  /** The categories below, unfiltered: shown while the facets (with filtered counts) are missing. */
  subcategories?: readonly { slug: string; name: string; toolCount: number }[];
}) {
  const { state, hrefFor, go } = useCatalogueAddress();
  const { scope, list } = catalogueRequests(state, category?.slug);
  const tools = useToolList(list);
  const facets = useFacets(scope);
  const money = useMoney();
  const isHydrated = useHydrated();
  const formId = useId();
  const { q, sort, sortAsked, filters, page } = state;
  const chosenCount = filterCount(filters);
  const chips = filterChips(filters, facets.data, money);
  const clearAllHref = hrefFor({ filters: NO_FILTERS });
  const setFilters = (next: CatalogueFilters) => go({ filters: next });
  const kept: [string, string][] = [
    ...(q ? [['q', q] as [string, string]] : []),
    ...(sortAsked ? [['sort', sortAsked] as [string, string]] : []),
  ];

  const total = tools.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE));
  const panel = facets.data ? (
    <FilterPanel
      facets={facets.data}
      filters={filters}
      kept={kept}
      onChange={setFilters}
      showSpecs={showsSpecifications(scope)}
    />
  ) : facets.isPending ? (
    <LoadingState label="Loading the filters…" className="py-8" />
  ) : (
    <ErrorState
      error={facets.error}
      title="We could not load the filters"
      onRetry={() => void facets.refetch()}
      className="my-2"
    />
  );
  /** Categories keep the words and filters; from the whole catalogue, specifications may not apply. */
  const categoryHref = (slug: string) =>
    `${paths.category(slug)}${hrefFor({
      page: 1,
      filters: category ? filters : { ...filters, specs: {} },
    }).replace(/^\?$/, '')}`;

  return (
    <>
      <CatalogueControls
        q={q}
        sort={sort}
        isSearching={q !== ''}
        onSearch={(text) => go({ q: text }, { replace: true })}
        onSort={(next) => go({ sort: next, page: 1 })}
      />
      <div className="mt-6">
        <CategoryLinks
          compact
          categories={
            facets.data
              ? facets.data.categories
                  .filter((each) => each.count > 0)
                  .map((each) => ({ slug: each.slug, name: each.name, toolCount: each.count }))
              : subcategories
          }
          label={category ? `Categories in ${category.name}` : 'Categories'}
          hrefFor={categoryHref}
        />
      </div>
      <div className="mt-6 flex flex-col gap-8 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)]">
        {/* Without the script, phones find the form below the results (the button links to it). */}
        <aside
          id={formId}
          aria-labelledby={`${formId}-heading`}
          className={isHydrated ? 'hidden lg:block' : 'order-last lg:order-none'}
        >
          <h2 id={`${formId}-heading`} className="mb-2 text-lg font-bold text-navy-900">
            Filters
          </h2>
          {panel}
        </aside>
        <div className="min-w-0">
          <div className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2">
            <FilterDrawer
              chosenCount={chosenCount}
              total={facets.data?.total}
              clearAllHref={clearAllHref}
              formId={formId}
            >
              {panel}
            </FilterDrawer>
            <p aria-live="polite" className="min-h-6 text-sm text-stone-600">
              {tools.data && total > 0 && (
                <>
                  {summary({ total, page, q, categoryName: category?.name })}
                  {tools.isPlaceholderData && (
                    <span className="ml-2 text-stone-500">Updating…</span>
                  )}
                </>
              )}
            </p>
          </div>
          <FilterChips
            chips={chips}
            hrefWithout={(chip) => hrefFor({ filters: chip.without })}
            clearAllHref={clearAllHref}
          />
          <CatalogueResults
            query={tools}
            q={q}
            isFiltered={chosenCount > 0}
            categoryName={category?.name}
            clearSearchHref={hrefFor({ q: '' })}
            clearAllHref={clearAllHref}
            firstPageHref={hrefFor({ page: 1 })}
            suggestion={suggestionOf(facets.data?.suggestion, q, hrefFor)}
          />
          <Pagination
            page={page}
            pageCount={pageCount}
            hrefFor={(n) => hrefFor({ page: n })}
            label={category ? `Pages of ${category.name}` : 'Catalogue pages'}
          />
        </div>
      </div>
    </>
  );
}

/** "Showing 1–12 of 40 tools matching “saw”", or on a category "40 tools in Drills". */
function summary({
  total,
  page,
  q,
  categoryName,
}: {
  total: number;
  page: number;
  q: string;
  categoryName: string | undefined;
}) {
  const first = (page - 1) * CATALOGUE_PAGE_SIZE + 1;
  const last = Math.min(page * CATALOGUE_PAGE_SIZE, total);
  const matching = q ? ` matching “${q}”` : '';
  const tools = total === 1 ? 'tool' : 'tools';
  if (categoryName) return `${formatCount(total)} ${tools} in ${categoryName}${matching}`;
  if (last < first) return '';
  return `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(total)} ${tools}${matching}`;
}

/** The facets' suggestion for a search that found nothing, as links. */
function suggestionOf(
  suggestion: Facets['suggestion'] | undefined,
  q: string,
  hrefFor: (change: { q: string; page: number }) => string,
): Suggestion | undefined {
  if (!suggestion) return undefined;
  const words = suggestion.spelling ?? q;
  return {
    spelling: suggestion.spelling
      ? { text: suggestion.spelling, href: hrefFor({ q: suggestion.spelling, page: 1 }) }
      : undefined,
    category: suggestion.category
      ? {
          name: suggestion.category.name,
          count: suggestion.category.count,
          href: `${paths.category(suggestion.category.slug)}?q=${encodeURIComponent(words)}`,
        }
      : undefined,
  };
}
