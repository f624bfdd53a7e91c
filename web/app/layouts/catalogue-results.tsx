import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/state.tsx';
import type { ToolSummary } from '#web/features/tools/utils/tool-summary.ts';
import { isApiError } from '#web/lib/api-error.ts';
import { BuyableToolGrid } from './buyable-tool-grid.tsx';

const linkLook = 'font-semibold text-navy-700 underline';

export interface Suggestion {
  spelling?: { text: string; href: string } | undefined;
  category?: { name: string; count: number; href: string } | undefined;
}

/** "Did you mean …?" and the category where the words find tools, when the store knows them. */
function SuggestionLinks({ suggestion }: { suggestion: Suggestion | undefined }) {
  if (!suggestion?.spelling && !suggestion?.category) return null;
  const { spelling, category } = suggestion;
  return (
    <p className="mb-2">
      {spelling && (
        <>
          Did you mean{' '}
          <Link to={spelling.href} className={linkLook}>
            {spelling.text}
          </Link>
          ?{' '}
        </>
      )}
      {category && (
        <>
          {spelling ? 'It finds ' : 'These words find '}
          <Link to={category.href} className={linkLook}>
            {category.count === 1 ? '1 tool' : `${category.count} tools`} in {category.name}
          </Link>
          .
        </>
      )}
    </p>
  );
}

/**
 * The list's states: loading, an error said in a sentence (with "Try again" when that can help),
 * nothing found (with the way back: fewer filters, no search words, the first page), the tools.
 * While new results load the old ones stay, marked busy.
 */
export function CatalogueResults({
  query,
  q,
  isFiltered,
  categoryName,
  clearSearchHref,
  clearAllHref,
  firstPageHref,
  suggestion,
}: {
  query: UseQueryResult<{ tools: ToolSummary[]; total: number }>;
  q: string;
  isFiltered: boolean;
  categoryName: string | undefined;
  clearSearchHref: string;
  clearAllHref: string;
  firstPageHref: string;
  /** For a search that found nothing: its words spelled as the catalogue does, a category. */
  suggestion?: Suggestion | undefined;
}) {
  if (query.isPending) return <LoadingState label="Loading the tools…" />;
  if (query.data === undefined) {
    // A filter the store does not know (an old or edited address) is refused as asked: say so.
    if (isFiltered && isApiError(query.error) && query.error.status === 400) {
      return (
        <EmptyState title="We cannot apply these filters">
          <p>
            This address asks for a filter this catalogue does not offer (it may have changed since
            the link was made).{' '}
            <Link to={clearAllHref} className={linkLook}>
              Clear all filters
            </Link>
          </p>
        </EmptyState>
      );
    }
    return (
      <ErrorState
        error={query.error}
        title="We could not load the tools"
        onRetry={() => void query.refetch()}
      />
    );
  }
  const { tools, total } = query.data;
  if (tools.length === 0) {
    if (total > 0) {
      return (
        <EmptyState title="There is no such page">
          <Link to={firstPageHref} className={linkLook}>
            Go to the first page
          </Link>
        </EmptyState>
      );
    }
    if (isFiltered) {
      return (
        <EmptyState title="No tool matches these filters">
          <p>
            Remove one of the filters above, or{' '}
            <Link to={clearAllHref} preventScrollReset className={linkLook}>
              clear all filters
            </Link>
            .
          </p>
          <SuggestionLinks suggestion={suggestion} />
        </EmptyState>
      );
    }
    if (q) {
      return (
        <EmptyState title={`No tools match “${q}”`}>
          <SuggestionLinks suggestion={suggestion} />
          <Link to={clearSearchHref} className={linkLook}>
            Clear the search
          </Link>
        </EmptyState>
      );
    }
    return (
      <EmptyState
        title={categoryName ? `No tools in ${categoryName} yet` : 'No tools in the catalogue yet'}
      />
    );
  }
  return (
    <div
      aria-busy={query.isPlaceholderData || undefined}
      className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
    >
      <BuyableToolGrid tools={tools} />
    </div>
  );
}
