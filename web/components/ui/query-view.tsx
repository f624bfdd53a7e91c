import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadingState } from './spinner.tsx';
import { EmptyState, ErrorState } from './state.tsx';

/**
 * The loading, error, empty and data states of one query, the same way everywhere: a spinner
 * while it loads, an error with "Try again" when it fails, and the empty message when there is
 * nothing. Data already on screen stays there when a later refresh fails.
 */
export function QueryView<T>({
  query,
  loadingLabel,
  errorTitle,
  isEmpty,
  emptyTitle,
  emptyText,
  children,
}: {
  query: UseQueryResult<T>;
  loadingLabel: string;
  errorTitle?: string;
  isEmpty?: (data: T) => boolean;
  emptyTitle?: string;
  emptyText?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState label={loadingLabel} />;
  if (query.data === undefined) {
    return (
      <ErrorState error={query.error} title={errorTitle} onRetry={() => void query.refetch()} />
    );
  }
  if (isEmpty?.(query.data))
    return <EmptyState title={emptyTitle ?? 'Nothing here yet'}>{emptyText}</EmptyState>;
  return <>{children(query.data)}</>;
}
