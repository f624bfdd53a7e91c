import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigation } from 'react-router';

/**
 * Whether the page is still at work, said on `<html data-busy="true|false">` once React has taken
 * the page over: a request to the store in flight, a query loading, a change being saved, or a
 * move to another page. Until then the attribute is not there. The browser journeys wait for
 * "false" (e2e/fixtures.ts waitForReady) instead of for the network to stay quiet for half a
 * second after every load (docs/decisions/059).
 */
let requestsInFlight = 0;
let pageBusy: boolean | undefined;

function show(): void {
  if (pageBusy === undefined) return;
  document.documentElement.dataset.busy = String(pageBusy || requestsInFlight > 0);
}

/** Counts a request to the store while it is in flight (in the browser; the server's render has no page). */
export async function whileInFlight<T>(request: () => Promise<T>): Promise<T> {
  if (typeof document === 'undefined') return request();
  requestsInFlight += 1;
  show();
  try {
    return await request();
  } finally {
    requestsInFlight -= 1;
    show();
    if (requestsInFlight === 0) for (const run of waiting.splice(0)) afterRequests(run);
  }
}

const waiting: (() => void)[] = [];

/**
 * Runs `run` once no request to the store is in flight, looking after the current task (so that
 * the requests the same handler goes on to send are counted) and again after each settles. A page
 * load waits so (web/islands/router.tsx): leaving the page would cut a request off unanswered.
 */
export function afterRequests(run: () => void): void {
  setTimeout(() => {
    if (requestsInFlight === 0) run();
    else waiting.push(run);
  }, 0);
}

/** Put once in the app, inside the query client: keeps `data-busy` true to what the page does. */
export function PageActivity(): null {
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const navigation = useNavigation();
  const busy = fetching > 0 || mutating > 0 || navigation.state !== 'idle';
  useEffect(() => {
    pageBusy = busy;
    show();
  }, [busy]);
  return null;
}
