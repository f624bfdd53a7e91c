/**
 * React, for the islands' build: Preact's compatible API (a few KB instead of React DOM's 60),
 * with one difference made good. React renders a `useSyncExternalStore` first with its server
 * snapshot when it hydrates (what the server's HTML shows), then with the browser's; Preact uses
 * the browser's at once, and since Preact does not compare attributes while hydrating, the page
 * would keep the server's (a button still disabled, a count missing). Here a hook hydrating
 * answers the server's snapshot, and the browser's after its first effect, as React does.
 */
import * as compat from 'preact/compat';

let hydrating = false;

/** Set while the islands hydrate (web/islands/client.tsx); parts mounted later need no second pass. */
export function setHydrating(value: boolean): void {
  hydrating = value;
}

export function useSyncExternalStore<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
  getServerSnapshot?: () => T,
): T {
  const [isServerView, setServerView] = compat.useState(
    () => hydrating && getServerSnapshot !== undefined,
  );
  compat.useEffect(() => {
    if (isServerView) setServerView(false);
  }, [isServerView]);
  const value = compat.useSyncExternalStore(subscribe, getSnapshot);
  return isServerView && getServerSnapshot ? getServerSnapshot() : value;
}

// @ts-expect-error Preact's types declare compat as one `export =`; its module has named exports.
export * from 'preact/compat';
export default { ...compat, useSyncExternalStore };
