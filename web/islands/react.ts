/**
 * React, for the islands' build: Preact's compatible API (a few KB instead of React DOM's 60),
 * with two differences made good. React renders a `useSyncExternalStore` first with its server
 * snapshot when it hydrates (what the server's HTML shows), then with the browser's; Preact uses
 * the browser's at once, and since Preact does not compare attributes while hydrating, the page
 * would keep the server's (a button still disabled, a count missing). Here a hook hydrating
 * answers the server's snapshot, and the browser's after its first effect, as React does.
 */
import * as compat from 'preact/compat';
import type { Context } from 'react';

let hydrating = false;

/** Set while the islands hydrate (web/islands/client.tsx); parts mounted later need no second pass. */
export function setHydrating(value: boolean): void {
  hydrating = value;
}

/**
 * True for the render that hydrates (when `applies`), false from the first effect on: the one
 * second pass both hooks below need, in which Preact writes what differs from the server's HTML.
 */
function useHydratingPass(applies: boolean): boolean {
  const [isHydrating, setHydrated] = compat.useState(() => hydrating && applies);
  compat.useEffect(() => {
    if (isHydrating) setHydrated(false);
  }, [isHydrating]);
  return isHydrating;
}

export function useSyncExternalStore<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
  getServerSnapshot?: () => T,
): T {
  const isServerView = useHydratingPass(getServerSnapshot !== undefined);
  const value = compat.useSyncExternalStore(subscribe, getSnapshot);
  return isServerView && getServerSnapshot ? getServerSnapshot() : value;
}

/** Each island's prefix for its ids: Preact numbers ids per root, and each island is one. */
export const IslandIdPrefix = compat.createContext('') as unknown as Context<string>;

/**
 * React's ids from the server's HTML are not Preact's: while hydrating, Preact leaves the
 * server's `id`, `htmlFor` and `aria-*` in place, and an element added later (a message) would get
 * Preact's id while the field it describes keeps React's. So a hydrating `useId` answers a
 * stand-in, and after the first effect Preact's own: every attribute made from it differs then,
 * and Preact writes them all, so the part uses Preact's ids throughout.
 */
export function useId(): string {
  const id = `${compat.useContext(IslandIdPrefix as unknown as compat.Context<string>)}${compat.useId()}`;
  return useHydratingPass(true) ? `${id}-server` : id;
}

// @ts-expect-error Preact's types declare compat as one `export =`; its module has named exports.
export * from 'preact/compat';

/**
 * `import React from 'react'`, for the one library of the islands that reads React that way
 * (react-hook-form): what it uses, and no more. A copy of all of compat here would keep every
 * part of it in the islands' shared script (Suspense, lazy, portals, Children: 2 KB gzip that most
 * pages never run), since the bundle cannot tell which of an object's properties are read.
 */
export default {
  Fragment: compat.Fragment,
  createContext: compat.createContext,
  createElement: compat.createElement,
  useCallback: compat.useCallback,
  useContext: compat.useContext,
  useEffect: compat.useEffect,
  useLayoutEffect: compat.useLayoutEffect,
  useMemo: compat.useMemo,
  useRef: compat.useRef,
  useState: compat.useState,
  useSyncExternalStore,
  useId,
};
