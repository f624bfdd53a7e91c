import {
  type DehydratedState,
  dehydrate,
  HydrationBoundary,
  type QueryClient,
} from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { data, useLoaderData } from 'react-router';
import { isApiError } from './api-error.ts';
import { createQueryClient } from './query-client.ts';
import { stamped } from './query-state.ts';

/** What a public route's loader hands the browser: the queries it answered on the server. */
export interface RouteQueries {
  queries: DehydratedState;
}

/**
 * How a page's data went: 200 when every query answered, 404 when the store refused one as
 * asked (a page past the end, say), 503 when the store did not answer.
 */
export type PageStatus = 200 | 404 | 503;

/**
 * Runs a page's queries on the server (in a client of its own: nothing is shared between
 * requests) and hands their answers over, so the page renders with its data and the browser asks
 * for nothing again. A query that fails here is left out: the browser asks for it itself, and
 * shows its loading and error states as usual; the page says so in its status (see pageData).
 */
export async function prefetchQueries(
  prefetch: (queryClient: QueryClient) => Promise<unknown>,
): Promise<RouteQueries & { status: PageStatus }> {
  const queryClient = createQueryClient();
  // One try: a page waits for nothing that is not answering (the browser tries again itself).
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  await prefetch(queryClient);
  const errors = queryClient
    .getQueryCache()
    .getAll()
    .flatMap((query) => (query.state.status === 'error' ? [query.state.error] : []));
  const status: PageStatus =
    errors.length === 0
      ? 200
      : errors.every((error) => isApiError(error) && error.isClientError)
        ? 404
        : 503;
  return { queries: stamped(dehydrate(queryClient), 0), status };
}

/** What `pageData` adds to a loader's answer: how the page's data went (see PageStatus). */
export interface PageDataStatus {
  pageStatus: PageStatus;
}

/**
 * A loader's answer with its page's status: a page missing some of its data (the store busy) is a
 * 503, so it is neither kept in the page cache nor indexed, while the browser fills it in (which
 * is why such a page is never served as islands: root.tsx, PageScripts).
 */
export function pageData<T extends object>(value: T, status: PageStatus) {
  return data({ ...value, pageStatus: status }, { status });
}

/**
 * A route loader's queries, put into the browser's query cache before the page's own hooks ask
 * for them. On later visits within the app the route has no loader data (its `clientLoader`
 * returns null) and the page fetches as usual.
 */
export function RouteQueriesBoundary({ children }: { children: ReactNode }) {
  const data = useLoaderData() as RouteQueries | null | undefined;
  const queries = useMemo(
    () => (data?.queries ? stamped(data.queries, Date.now()) : undefined),
    [data],
  );
  return <HydrationBoundary state={queries}>{children}</HydrationBoundary>;
}

/**
 * For every public route with a loader: after the first page, moving around within the app does
 * not ask the server to render data; the page's own queries fetch what they need.
 */
export const skipServerLoader = () => null;
