import type { RouteConfigEntry } from '@react-router/dev/routes';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import * as paths from '#web/lib/paths.ts';
import routes from './routes.ts';

type PageRoute = RouteObject & { file: string };

/** The route table as the router reads it, each route knowing its module. */
function toRouteObjects(entries: RouteConfigEntry[]): PageRoute[] {
  return entries.map(({ file, path, index, children }) =>
    index
      ? { file, index: true }
      : { file, path, ...(children ? { children: toRouteObjects(children) } : {}) },
  );
}

const table = toRouteObjects(routes);

/** The module that renders an address (not-found.tsx when no page has it). */
function pageOf(address: string): string | undefined {
  const url = new URL(address, 'https://store.example');
  const matches = matchRoutes(table, url.pathname);
  return (matches?.at(-1)?.route as PageRoute | undefined)?.file;
}

const ID = '0b0e5a3c-7d8f-4a1e-9c2b-5f6d7e8a9b0c';

/** Every helper of web/lib/paths.ts with the page it must lead to. */
const PAGES: [string, string][] = [
  [paths.home(), 'routes/home.tsx'],
  [paths.tools(), 'routes/tools.tsx'],
  [paths.tools({ q: 'claw hammer', page: 2 }), 'routes/tools.tsx'],
  [paths.tool(ID), 'routes/tool.tsx'],
  [paths.category('hammer-drills', 2), 'routes/category.tsx'],
  // Filters live in the query: a filtered list is the same page (docs/decisions/049).
  [
    `${paths.category('drills')}?brand=Bosch&spec.voltage=18&spec.weight=1..2.5`,
    'routes/category.tsx',
  ],
  [`${paths.tools()}?q=saw&inStock=true&minPrice=5000`, 'routes/tools.tsx'],
  [paths.purchase(ID, 40), 'routes/purchase.tsx'],
  [paths.cart(), 'routes/cart.tsx'],
  [paths.compare([ID, ID]), 'routes/compare.tsx'],
  [paths.quickOrder(), 'routes/quick-order.tsx'],
  [paths.blog(), 'routes/blog.tsx'],
  [paths.portfolio(), 'routes/portfolio.tsx'],
  [paths.login(), 'routes/login.tsx'],
  [paths.registration(), 'routes/registration.tsx'],
  [paths.forgotPassword(), 'routes/forgot-password.tsx'],
  [paths.resetPassword(), 'routes/reset-password.tsx'],
  [paths.confirmEmail(), 'routes/confirm-email.tsx'],
  [paths.emailVerified(), 'routes/email-verified.tsx'],
  [paths.emailVerified({ error: 'invalid_token' }), 'routes/email-verified.tsx'],
  [paths.profile(), 'routes/dashboard/profile.tsx'],
  [paths.myOrders(), 'routes/dashboard/my-orders.tsx'],
  [paths.creditNotes(), 'routes/dashboard/credit-notes.tsx'],
  [paths.addressBook(), 'routes/dashboard/addresses.tsx'],
  [paths.savedLists(), 'routes/dashboard/saved-lists.tsx'],
  [paths.savedList(ID), 'routes/dashboard/saved-list.tsx'],
  [paths.order(ID), 'routes/dashboard/order.tsx'],
  [paths.payment(ID), 'routes/dashboard/payment.tsx'],
  [paths.review(), 'routes/dashboard/add-review.tsx'],
  [paths.myQuotes(), 'routes/dashboard/my-quotes.tsx'],
  [paths.quote(ID), 'routes/dashboard/quote.tsx'],
  [paths.quoteRequests(), 'routes/dashboard/quote-requests.tsx'],
  [paths.quoteRequest(ID), 'routes/dashboard/quote-request.tsx'],
  [paths.overview(), 'routes/dashboard/overview.tsx'],
  [paths.addProduct(), 'routes/dashboard/add-product.tsx'],
  [paths.manageProducts(), 'routes/dashboard/manage-products.tsx'],
  [paths.manageOrders(), 'routes/dashboard/manage-orders.tsx'],
  [paths.manageReviews(), 'routes/dashboard/manage-reviews.tsx'],
  [paths.manageCategories(), 'routes/dashboard/manage-categories.tsx'],
  [paths.deliveryMethods(), 'routes/dashboard/delivery-methods.tsx'],
  [paths.paymentTerms(), 'routes/dashboard/payment-terms.tsx'],
  [paths.tax(), 'routes/dashboard/tax.tsx'],
  [paths.catalogueFile(), 'routes/dashboard/catalogue-file.tsx'],
  [paths.people({ q: 'ana@example.com' }), 'routes/dashboard/make-admin.tsx'],
  [paths.auditLog(), 'routes/dashboard/audit-log.tsx'],
  [paths.company(), 'routes/dashboard/company.tsx'],
  [paths.companyOrders(), 'routes/dashboard/company-orders.tsx'],
  [paths.invoices(), 'routes/dashboard/invoices.tsx'],
  [paths.joinCompany('abc'), 'routes/join-company.tsx'],
];

describe('the addresses of web/lib/paths.ts', () => {
  it('each lead to their page in the route table', () => {
    for (const [address, page] of PAGES) expect(pageOf(address), address).toBe(page);
    expect(pageOf('/no-such-page')).toBe('routes/not-found.tsx');
  });

  it('cover every page of the route table', () => {
    const linked = new Set(PAGES.map(([, page]) => page));
    const pages = new Set<string>();
    const walk = (entries: RouteConfigEntry[]) => {
      for (const entry of entries) {
        if (entry.children) walk(entry.children);
        else pages.add(entry.file);
      }
    };
    walk(routes);
    pages.delete('routes/not-found.tsx');
    expect([...pages].filter((page) => !linked.has(page))).toEqual([]);
  });

  it('encode ids and write queries without empty values', () => {
    expect(paths.tool('a/b?c')).toBe('/tools/a%2Fb%3Fc');
    expect(paths.tools({ q: '', page: 1 })).toBe('/tools');
    expect(paths.tools({ q: 'claw hammer', page: 2 })).toBe('/tools?q=claw+hammer&page=2');
    expect(paths.purchase(ID)).toBe(`/purchase/${ID}`);
    expect(paths.purchase(ID, 40)).toBe(`/purchase/${ID}?quantity=40`);
    expect(paths.people({ q: 'ana@example.com' })).toBe('/dashboard/makeadmin?q=ana%40example.com');
  });
});
