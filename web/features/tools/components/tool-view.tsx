import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Tool } from '#contract/tools.ts';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/state.tsx';
import * as paths from '#web/lib/paths.ts';

/**
 * One tool's page body in its three states: loading, not available (gone, or the store not
 * answering, with a way on), and the tool.
 */
export function ToolView<T extends Tool>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (tool: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState label="Loading the tool…" />;
  if (query.data === undefined) {
    return (
      <>
        <PageHeading title="This tool is not available" />
        <ErrorState
          error={query.error}
          title="We could not load this tool"
          onRetry={() => void query.refetch()}
        />
        <Link to={paths.tools()} className="font-semibold text-navy-700 underline">
          Browse the catalogue
        </Link>
      </>
    );
  }
  return <>{children(query.data)}</>;
}
