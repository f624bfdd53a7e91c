import { type ReactNode, useEffect, useRef } from 'react';
import {
  isRouteErrorResponse,
  type MetaArgs,
  Outlet,
  useLocation,
  useNavigationType,
  useRouteError,
} from 'react-router';
import { Island } from '#web/islands/island.tsx';
import { pageMeta } from '#web/lib/page-meta.ts';
import { RouteError } from '../route-error.tsx';
import { NotFoundPage } from '../routes/not-found.tsx';
import { SessionCartProvider } from './session-cart-provider.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/**
 * After moving to another page, start at its top, and start keyboard and screen reader users at
 * its content. Back and forward keep the browser's own scroll position.
 */
function useStartAtContentOnNavigate() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname, navigationType]);
}

/** The frame of every page: skip link, header, the page, footer; the cart for all of them. */
function SiteFrame({ children }: { children: ReactNode }) {
  useStartAtContentOnNavigate();
  return (
    <SessionCartProvider>
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <Island name="site-header">
        <SiteHeader />
      </Island>
      {/* At least a screen tall: the footer never shows above content still loading, so it never
          jumps down when the content arrives (layout shift). */}
      <main id="main" tabIndex={-1} className="min-h-svh flex-1 pb-16 outline-none">
        {children}
      </main>
      <SiteFooter />
    </SessionCartProvider>
  );
}

/**
 * No Suspense boundary around the page: the page hydrates in the same pass as its frame. A page
 * in a boundary of its own would hydrate later, after the frame had asked who is signed in; the
 * answer, arriving in between, would make the page render otherwise than the server did (React's
 * hydration error #418). Nothing in a page suspends: its data is loaded before it renders.
 */
export function RootLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}

export default RootLayout;

/** A page that failed says so in its title too (every page says its own title otherwise). */
export function meta({ error, matches, location }: MetaArgs) {
  if (!error) return [];
  const title =
    isRouteErrorResponse(error) && error.status === 404 ? 'Page not found' : 'Something went wrong';
  return pageMeta(matches, { title, path: location.pathname, noIndex: true });
}

/**
 * A page that is not there (a 404 from a route's loader, such as an unknown tool) or that failed
 * (a crash, or a page whose code could not be downloaded): said inside the usual frame.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <SiteFrame>
      {isRouteErrorResponse(error) && error.status === 404 ? (
        <NotFoundPage />
      ) : (
        <RouteError error={error} />
      )}
    </SiteFrame>
  );
}
