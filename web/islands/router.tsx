/**
 * What the islands (web/islands/client.tsx) use of React Router, on a page React Router does not
 * run. The location is the browser's. A link or a move to another page is a page load (served
 * from the store's page cache); one that changes only the address's query (a catalogue's page,
 * sort or filters) stays on the page, as in the app: the history gets an entry and the islands
 * read the new query. The islands' build puts this module in React Router's place.
 */
import {
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  useMemo,
  useSyncExternalStore,
} from 'react';
import { createListeners } from '#web/lib/listeners.ts';
import { afterRequests } from '#web/lib/page-activity.tsx';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  /** What the next page reads from its history entry (React Router's `location.state`). */
  state?: unknown;
  replace?: boolean;
  preventScrollReset?: boolean;
  /** A page load even where the app would move without one: the browser follows it. */
  reloadDocument?: boolean;
};

/**
 * A history entry as React Router keeps it (`{ usr, key, idx }`), so the app reads `usr` as
 * `location.state`, and its `idx` (how far into the tab's history) goes on from the entry now.
 */
function historyEntry(state: unknown, replace: boolean) {
  const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + (replace ? 0 : 1);
  return { usr: state, key: Math.random().toString(36).slice(2, 10), idx };
}

/**
 * A page load to `to` whose history entry carries `state`, so the app on the next page reads it
 * as `location.state`: the entry is made first, then loaded (a reload keeps an entry's state).
 */
function loadWithState(to: string, state: unknown): void {
  window.history.pushState(historyEntry(state, false), '', to);
  window.location.reload();
}

interface Place {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

let place: Place | undefined;

/** The browser's location, as one value until it changes. */
function currentPlace(): Place {
  const { pathname, search, hash } = window.location;
  if (place?.pathname !== pathname || place.search !== search || place.hash !== hash) {
    const entry = window.history.state as { usr?: unknown; key?: string } | null;
    place = { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
  }
  return place;
}

/** The location changes by Back and Forward, and by a move on the page (moveOnPage). */
const changes = createListeners();
window.addEventListener('popstate', changes.notify);

/**
 * Whether moving to `to` changes only the query of this page's address: then it stays on the
 * page. A move to another page, or to a place in this one (`#…`), is the browser's.
 */
function staysOnPage(to: string): URL | null {
  const target = new URL(to, window.location.href);
  const here = window.location;
  return target.origin === here.origin && target.pathname === here.pathname && target.hash === ''
    ? target
    : null;
}

/**
 * A new address on this page, in the history as React Router keeps its entries; the address the
 * page is at already replaces its entry, as React Router does (Back then leaves the page).
 */
function moveOnPage(target: URL, asked = false): void {
  const address = `${target.pathname}${target.search}`;
  const replace = asked || address === currentAddress();
  const entry = historyEntry(null, replace);
  if (replace) window.history.replaceState(entry, '', address);
  else window.history.pushState(entry, '', address);
  changes.notify();
}

const currentAddress = () => `${window.location.pathname}${window.location.search}`;

/** How long leaving a page waits at most for the store's answers still under way. */
const LEAVE_WAIT_MS = 5_000;

/**
 * Leaves for another page once no request to the store is in flight (a change to the cart being
 * saved, signing out), or after LEAVE_WAIT_MS should one hang: leaving would cut it off.
 */
function leave(to: string, state?: unknown): void {
  let isGone = false;
  const go = () => {
    if (isGone) return;
    isGone = true;
    if (state === undefined) window.location.assign(to);
    else loadWithState(to, state);
  };
  afterRequests(go);
  setTimeout(go, LEAVE_WAIT_MS);
}

/**
 * What a plain click on a link does: stays on the page when only the query changes; leaves for
 * another page of the store once its requests are answered; anything else (a place on this page,
 * another site) is the browser's.
 */
function follow(
  event: MouseEvent<HTMLAnchorElement>,
  to: string,
  options: { state?: unknown; replace?: boolean } = {},
): void {
  if (event.defaultPrevented || !isPlainClick(event)) return;
  const onPage = options.state === undefined ? staysOnPage(to) : null;
  if (onPage) {
    event.preventDefault();
    moveOnPage(onPage, options.replace);
    return;
  }
  const target = new URL(to, window.location.href);
  if (target.origin !== window.location.origin) return;
  if (options.state === undefined && target.pathname === window.location.pathname) return;
  event.preventDefault();
  leave(target.href, options.state);
}

/** A plain left click, which the link may take over (not one opening a tab or a window). */
const isPlainClick = (event: MouseEvent<HTMLAnchorElement>) =>
  event.button === 0 &&
  !event.metaKey &&
  !event.altKey &&
  !event.ctrlKey &&
  !event.shiftKey &&
  !event.currentTarget.target;

interface NavLinkState {
  isActive: boolean;
  isPending: boolean;
  isTransitioning: boolean;
}

type NavLinkProps = Omit<LinkProps, 'className' | 'children' | 'state'> & {
  end?: boolean;
  className?: string | ((state: NavLinkState) => string | undefined);
  children?: ReactNode | ((state: NavLinkState) => ReactNode);
};

export function useLocation(): Place {
  return useSyncExternalStore(changes.subscribe, currentPlace);
}

/**
 * Moves to `to`: on this page when only the query changes; otherwise as a page load, once the
 * store has answered what this page asked.
 */
export function useNavigate() {
  return (to: string, options?: { state?: unknown; replace?: boolean }) => {
    const onPage = options?.state === undefined ? staysOnPage(to) : null;
    if (onPage) moveOnPage(onPage, options?.replace);
    else leave(to, options?.state);
  };
}

/** The query of the page's address, and a way to change it on the page (as React Router's). */
export function useSearchParams() {
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = (
    next: URLSearchParams | string | Record<string, string>,
    options?: { replace?: boolean; preventScrollReset?: boolean },
  ) => {
    const query = new URLSearchParams(next).toString();
    moveOnPage(
      new URL(`${window.location.pathname}${query ? `?${query}` : ''}`, window.location.href),
      options?.replace,
    );
  };
  return [params, setParams] as const;
}

/** Moves on a page load as the page goes; within a page, the store's answers say it is busy. */
export function useNavigation() {
  return { state: 'idle' as const };
}

export function Link({
  to,
  state,
  replace,
  preventScrollReset: _keepsScroll,
  reloadDocument,
  onClick,
  ...rest
}: LinkProps) {
  return (
    <a
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (!reloadDocument) follow(event, to, { state, replace });
      }}
      {...rest}
    />
  );
}

/** React Router's rule: `to` is the page or a folder above it; "/" and `end` only the page. */
function isActivePath(pathname: string, to: string, end: boolean): boolean {
  const location = pathname.toLowerCase();
  const target = to.toLowerCase().replace(/\/+$/, '') || '/';
  if (location === target) return true;
  if (end || target === '/') return false;
  return location.startsWith(target) && location.charAt(target.length) === '/';
}

export function NavLink({
  to,
  end = false,
  className,
  children,
  replace,
  preventScrollReset: _keepsScroll,
  reloadDocument,
  onClick,
  ...rest
}: NavLinkProps) {
  const { pathname } = useLocation();
  const state: NavLinkState = {
    isActive: isActivePath(pathname, to, end),
    isPending: false,
    isTransitioning: false,
  };
  return (
    <a
      href={to}
      aria-current={state.isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className(state) : className}
      onClick={(event) => {
        onClick?.(event);
        if (!reloadDocument) follow(event, to, { replace });
      }}
      {...rest}
    >
      {typeof children === 'function' ? children(state) : children}
    </a>
  );
}
