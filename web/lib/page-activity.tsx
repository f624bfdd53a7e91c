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
  }
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
