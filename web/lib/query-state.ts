import type { DehydratedState } from '@tanstack/react-query';

/**
 * The cache with every answer's time set to `at`. The server sends 0: a page is the same bytes
 * until its data changes (its ETag, and the hashes its Content-Security-Policy lists, with it);
 * the browser stamps the answers with the moment the page arrived, as fresh as the page is.
 */
export function stamped(state: DehydratedState, at: number): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      dehydratedAt: at,
      state: { ...query.state, dataUpdatedAt: at },
    })),
  };
}
