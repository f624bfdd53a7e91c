import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { LoadingState } from '../../components/ui/spinner.tsx';
import { RouteErrorBoundary } from '../route-error.tsx';
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

export function RootLayout() {
  const { pathname } = useLocation();
  useStartAtContentOnNavigate();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <SiteHeader />
      {/* At least a screen tall: the footer never shows above content still loading, so it never
          jumps down when the content arrives (layout shift). */}
      <main id="main" tabIndex={-1} className="min-h-svh flex-1 pb-16 outline-none">
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
    </>
  );
}
