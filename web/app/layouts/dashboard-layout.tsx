import { useState } from 'react';
import { Link, Outlet, useLocation, useMatch } from 'react-router';
import { useSignedInUser } from '#web/features/auth/api/session.ts';
import { useOrderAsRead } from '#web/features/orders/api/orders-queries.ts';
import { isPlacedBy } from '#web/features/orders/utils/order-reader.ts';
import * as paths from '#web/lib/paths.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';

const OVERVIEW = { to: paths.overview(), label: 'Overview', end: false };
const PROFILE = { to: paths.profile(), label: 'Profile', end: true };
const CUSTOMER = [
  { to: paths.myOrders(), label: 'My orders', end: false },
  { to: paths.creditNotes(), label: 'Credit notes', end: false },
  { to: paths.myQuotes(), label: 'Quotes', end: false },
  { to: paths.company(), label: 'Company', end: true },
  { to: paths.companyOrders(), label: 'Company orders', end: false },
  { to: paths.invoices(), label: 'Invoices', end: false },
  { to: paths.addressBook(), label: 'Address book', end: false },
  { to: paths.savedLists(), label: 'Saved lists', end: false },
  { to: paths.review(), label: 'Review', end: false },
];
const ADMIN = [
  { to: paths.addProduct(), label: 'Add tool', end: false },
  { to: paths.people(), label: 'Make admin', end: false },
  { to: paths.manageOrders(), label: 'Manage all orders', end: false },
  { to: paths.quoteRequests(), label: 'Quotes', end: false },
  { to: paths.manageProducts(), label: 'Manage tools', end: false },
  { to: paths.manageCategories(), label: 'Manage categories', end: false },
  { to: paths.deliveryMethods(), label: 'Delivery methods', end: false },
  { to: paths.paymentTerms(), label: 'Payment terms', end: false },
  { to: paths.tax(), label: 'Tax', end: false },
  { to: paths.catalogueFile(), label: 'Catalogue file', end: false },
  { to: paths.manageReviews(), label: 'Manage reviews', end: false },
  { to: paths.auditLog(), label: 'Audit log', end: false },
];

const ORDER_SCREENS = ['/dashboard/orders/', '/dashboard/payment/'];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-semibold transition-colors ${
    isActive
      ? 'bg-navy-800 text-white'
      : 'bg-white text-stone-700 ring-1 ring-stone-200 hover:bg-navy-50 hover:text-navy-900 lg:bg-transparent lg:ring-0'
  }`;

/** The dashboard frame: a side menu by role, and the chosen screen. */
export function DashboardLayout() {
  const user = useSignedInUser();
  const isAdmin = user.role === 'Admin';
  // Admins start from the overview; everyone keeps the spec's /dashboard (the profile).
  const links = isAdmin ? [OVERVIEW, PROFILE, ...ADMIN] : [PROFILE, ...CUSTOMER];
  const title = isAdmin ? 'Admin dashboard' : 'My dashboard';
  const { pathname } = useLocation();
  // An order's page and its payment belong to the orders screen the person has: a colleague's
  // order to Company orders, as its breadcrumb says, once its page has read it (no request here).
  const isOrderScreen = ORDER_SCREENS.some((prefix) => pathname.startsWith(prefix));
  const orderPage = useMatch('/dashboard/orders/:id');
  const openOrder = useOrderAsRead(orderPage?.params.id ?? '');
  const ordersLink = isAdmin
    ? paths.manageOrders()
    : openOrder && !isPlacedBy(openOrder, user)
      ? paths.companyOrders()
      : paths.myOrders();
  const current = links.find((link) =>
    link.end
      ? pathname === link.to
      : pathname === link.to ||
        pathname.startsWith(`${link.to}/`) ||
        (isOrderScreen && link.to === ordersLink),
  );
  // Opened on one screen, the folded menu closes when another is chosen.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const isMenuOpen = menuOpenOn === pathname;
  const isHydrated = useHydrated();
  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 sm:px-6 lg:grid lg:grid-cols-[15rem_1fr] lg:gap-10 lg:px-8">
      <aside className="mb-6 lg:mb-0">
        <nav aria-label="Dashboard" className="lg:sticky lg:top-6">
          <p className="mb-3 hidden text-xs font-bold tracking-wider text-stone-600 uppercase lg:block">
            {title}
          </p>
          {/* On phones and tablets the menu folds into one button naming the screen shown, so the
              screen itself starts near the top. */}
          <button
            type="button"
            className="flex w-full items-center justify-between gap-3 rounded-md border border-stone-300 bg-white px-3 py-2 text-left text-sm font-semibold text-navy-900 lg:hidden"
            aria-expanded={isMenuOpen}
            aria-controls="dashboard-menu"
            disabled={!isHydrated}
            onClick={() => setMenuOpenOn(isMenuOpen ? null : pathname)}
          >
            <span className="min-w-0">
              <span className="text-stone-600">{title}: </span>
              {current?.label ?? 'Menu'}
            </span>
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="size-5 shrink-0"
              fill="currentColor"
            >
              <path d={isMenuOpen ? 'M5 12.5 10 7.5l5 5H5Z' : 'M5 7.5h10l-5 5-5-5Z'} />
            </svg>
          </button>
          <ul
            id="dashboard-menu"
            className={`${isMenuOpen ? 'mt-2 flex' : 'hidden'} flex-wrap gap-2 lg:flex lg:flex-col lg:gap-1`}
          >
            {links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  aria-current={link === current ? 'page' : undefined}
                  className={linkClass({ isActive: link === current })}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}

export default DashboardLayout;
