import {
  type DehydratedState,
  dehydrate,
  HydrationBoundary,
  type QueryClient,
} from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLoaderData } from 'react-router';
import { createQueryClient } from './query-client.ts';

/** What a public route's loader hands the browser: the queries it answered on the server. */
export interface RouteQueries {
  queries: DehydratedState;
}

/**
 * Runs a page's queries on the server (in a client of its own: nothing is shared between
 * requests) and hands their answers over, so the page renders with its data and the browser asks
 * for nothing again. A query that fails here is left out: the browser asks for it itself, and
 * shows its loading and error states as usual.
 */
export async function prefetchQueries(
  prefetch: (queryClient: QueryClient) => Promise<unknown>,
): Promise<RouteQueries> {
  const queryClient = createQueryClient();
  // One try: a page waits for nothing that is not answering (the browser tries again itself).
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  await prefetch(queryClient);
  return { queries: dehydrate(queryClient) };
}

/**
 * A route loader's queries, put into the browser's query cache before the page's own hooks ask
 * for them. On later visits within the app the route has no loader data (its `clientLoader`
 * returns null) and the page fetches as usual.
 */
export function RouteQueriesBoundary({ children }: { children: ReactNode }) {
  const data = useLoaderData() as RouteQueries | null | undefined;
  return <HydrationBoundary state={data?.queries}>{children}</HydrationBoundary>;
}

/**
 * For every public route with a loader: after the first page, moving around within the app does
 * not ask the server to render data; the page's own queries fetch what they need.
 */
export const skipServerLoader = () => null;
