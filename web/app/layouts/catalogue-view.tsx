import { useQuery } from '@tanstack/react-query';
import type { Facets } from '#contract/catalogue-filters.ts';
import { formatCount } from '#contract/format.ts';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/state.tsx';
import { categoryPlaceQuery } from '#web/features/categories/api/categories-queries.ts';
import { CategoryLinks } from '#web/features/categories/components/category-links.tsx';
import { useFacets, useToolList } from '#web/features/tools/api/tools-queries.ts';
import { CatalogueControls } from '#web/features/tools/components/catalogue-controls.tsx';
import { FilterChips } from '#web/features/tools/components/filter-chips.tsx';
import { FilterDrawer } from '#web/features/tools/components/filter-drawer.tsx';
import { FilterPanel } from '#web/features/tools/components/filter-panel.tsx';
import { filterCount, NO_FILTERS } from '#web/features/tools/utils/catalogue-address.ts';
import { filterChips } from '#web/features/tools/utils/filter-labels.ts';
import { Island } from '#web/islands/island.tsx';
import * as paths from '#web/lib/paths.ts';
import { useMoney } from '#web/lib/store-config.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import {
  CATALOGUE_PAGE_SIZE,
  catalogueRequests,
  useCatalogueAddress,
} from './catalogue-address.ts';
import { CatalogueResults, type Suggestion } from './catalogue-results.tsx';

/** The category a catalogue shows (none: the whole catalogue). */
type CatalogueCategory = { slug: string; name: string } | undefined;
/** The categories below, unfiltered: shown while the facets (with filtered counts) are missing. */
type Subcategories = readonly { slug: string; name: string; toolCount: number }[];

/** The id of the filters' form, which the drawer's button links to without the script. */
const FILTERS_ID = 'catalogue-filters';

/**
 * The catalogue's list with its search, sort and filters: /tools (the whole catalogue) and each
 * category page. Filters sit beside the results on large screens and in a drawer on smaller
 * ones; the chosen ones show as chips above the results.
 *
 * Three islands (decision 081): the search and categories, the filters, and the list. On a page
 * served as islands each hydrates in a task of its own, and all three read the address and the
 * same answers, so a change made in one shows in the others.
 */
export function CatalogueView({
  category,
  subcategories = [],
}: {
  category?: CatalogueCategory;
  subcategories?: Subcategories;
}) {
  const props = category ? { category: category.slug } : undefined;
  return (
    <>
      <Island name="catalogue-search" props={props}>
        <CatalogueSearch category={category} subcategories={subcategories} />
      </Island>
      <div className="mt-6 flex flex-col gap-8 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)]">
        <Island name="catalogue-filters" props={props}>
          <CatalogueFilterAside category={category} />
        </Island>
        <Island name="catalogue-list" props={props}>
          <CatalogueList category={category} />
        </Island>
      </div>
    </>
  );
}

/** What the catalogue's parts share: the address's state and the facets of its query. */
function useCatalogue(category: CatalogueCategory) {
  const address = useCatalogueAddress();
  const { scope, list } = catalogueRequests(address.state, category?.slug);
  const facets = useFacets(scope);
  return { ...address, list, facets };
}

/** The search box, the sort, and the categories with tools for them. */
function CatalogueSearch({
  category,
  subcategories,
}: {
  category: CatalogueCategory;
  subcategories: Subcategories;
}) {
  const { state, hrefFor, go, facets } = useCatalogue(category);
  const { q, sort, filters } = state;
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
    </>
  );
}

/** The filters' form, or what stands in its place while the facets load or when they failed. */
function FiltersForm({ category }: { category: CatalogueCategory }) {
  const { state, go, facets } = useCatalogue(category);
  const { q, sortAsked, filters } = state;
  if (facets.data) {
    const kept: [string, string][] = [
      ...(q ? [['q', q] as [string, string]] : []),
      ...(sortAsked ? [['sort', sortAsked] as [string, string]] : []),
    ];
    return (
      <FilterPanel
        facets={facets.data}
        filters={filters}
        kept={kept}
        onChange={(next) => go({ filters: next })}
      />
    );
  }
  return facets.isPending ? (
    <LoadingState label="Loading the filters…" className="py-8" />
  ) : (
    <ErrorState
      error={facets.error}
      title="We could not load the filters"
      onRetry={() => void facets.refetch()}
      className="my-2"
    />
  );
}

/** The filters beside the results on large screens (in the drawer on smaller ones, once the script runs). */
function CatalogueFilterAside({ category }: { category: CatalogueCategory }) {
  const isHydrated = useHydrated();
  return (
    // Without the script, phones find the form below the results (the drawer's button links to it).
    <aside
      id={FILTERS_ID}
      aria-labelledby={`${FILTERS_ID}-heading`}
      className={isHydrated ? 'hidden lg:block' : 'order-last lg:order-none'}
    >
      <h2 id={`${FILTERS_ID}-heading`} className="mb-2 text-lg font-bold text-navy-900">
        Filters
      </h2>
      <FiltersForm category={category} />
    </aside>
  );
}

/** The list: the drawer's button and the count, the chosen filters, the tools, the pages. */
function CatalogueList({ category }: { category: CatalogueCategory }) {
  const { state, hrefFor, list, facets } = useCatalogue(category);
  const tools = useToolList(list);
  const money = useMoney();
  const { q, filters, page } = state;
  const chosenCount = filterCount(filters);
  const chips = filterChips(filters, facets.data, money);
  const clearAllHref = hrefFor({ filters: NO_FILTERS });
  const total = tools.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE));

  return (
    <div className="min-w-0">
      <div className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2">
        <FilterDrawer
          chosenCount={chosenCount}
          total={facets.data?.total}
          clearAllHref={clearAllHref}
          formId={FILTERS_ID}
        >
          <FiltersForm category={category} />
        </FilterDrawer>
        <p aria-live="polite" className="min-h-6 text-sm text-stone-600">
          {tools.data && total > 0 && (
            <>
              {summary({ total, page, q, categoryName: category?.name })}
              {tools.isPlaceholderData && <span className="ml-2 text-stone-500">Updating…</span>}
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
  );
}

/** Which of the catalogue's islands. */
export type CataloguePart = 'catalogue-search' | 'catalogue-filters' | 'catalogue-list';

/**
 * One of the catalogue's islands on a page served as islands (web/islands/client.tsx), for the
 * whole catalogue or, given its slug, a category's: its name and the categories below come from
 * the answers the page was served with.
 */
export function CatalogueIsland({
  part,
  slug,
}: {
  part: CataloguePart;
  slug?: string | undefined;
}) {
  const place = useQuery({ ...categoryPlaceQuery(slug ?? ''), enabled: slug !== undefined }).data;
  const category = place?.category;
  if (part === 'catalogue-search')
    return <CatalogueSearch category={category} subcategories={place?.children ?? []} />;
  if (part === 'catalogue-filters') return <CatalogueFilterAside category={category} />;
  return <CatalogueList category={category} />;
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
