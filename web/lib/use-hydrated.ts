import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the page is the server's HTML (on the server, and in the browser until React has
 * taken the page over), true from then on. A control that needs script can say it is not ready
 * yet instead of ignoring a click.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
