import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** After moving to another page, start keyboard and screen reader users at its content. */
function useFocusMainOnNavigate() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

export function RootLayout() {
  const navigation = useNavigation();
  useFocusMainOnNavigate();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 pb-16 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      {navigation.state === 'loading' && (
        <div role="status" className="fixed inset-x-0 top-0 z-50">
          <div className="h-1 animate-pulse bg-orange-500 motion-reduce:animate-none" />
          <div className="absolute top-3 right-3 flex items-center gap-2 rounded-full bg-white px-3 py-1.5 text-sm font-medium text-navy-900 shadow-lg ring-1 ring-stone-200">
            <Spinner className="size-4 text-orange-600" />
            Loading…
          </div>
        </div>
      )}
      <ScrollRestoration />
    </>
  );
}
