/**
 * What the islands (web/islands/client.tsx) use of React Router, on a page React Router does not
 * run: links are plain links (the next page is a page load, served from the store's page cache),
 * and the location is the browser's. The islands' build puts this module in React Router's place.
 */
import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { afterRequests } from '#web/lib/page-activity.tsx';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  /** What the next page reads from its history entry (React Router's `location.state`). */
  state?: unknown;
};

/**
 * A page load to `to` whose history entry carries `state` the way React Router keeps it
 * (`{ usr, key, idx }`), so the app on the next page reads it as `location.state`: the entry is
 * made first, then loaded (a reload keeps an entry's state).
 */
function loadWithState(to: string, state: unknown): void {
  const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
  const key = Math.random().toString(36).slice(2, 10);
  window.history.pushState({ usr: state, key, idx }, '', to);
  window.location.reload();
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

export function useLocation() {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: null, key: 'default' };
}

/** Moves to `to` as a page load, once the store has answered what this page asked. */
export function useNavigate() {
  return (to: string, options?: { state?: unknown }) =>
    afterRequests(() =>
      options?.state === undefined ? window.location.assign(to) : loadWithState(to, options.state),
    );
}

/** No move between pages happens inside an island: each is a page load. */
export function useNavigation() {
  return { state: 'idle' as const };
}

export function Link({ to, state, onClick, ...rest }: LinkProps) {
  return (
    <a
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (state === undefined || event.defaultPrevented || !isPlainClick(event)) return;
        event.preventDefault();
        loadWithState(to, state);
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

export function NavLink({ to, end = false, className, children, ...rest }: NavLinkProps) {
  const state: NavLinkState = {
    isActive: isActivePath(window.location.pathname, to, end),
    isPending: false,
    isTransitioning: false,
  };
  return (
    <a
      href={to}
      aria-current={state.isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className(state) : className}
      {...rest}
    >
      {typeof children === 'function' ? children(state) : children}
    </a>
  );
}
