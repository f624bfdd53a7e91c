/**
 * Addresses of the web app's pages: the one spelling a page is kept and served under, and which
 * addresses belong to the API instead. Shared by the page route (plugins/web.ts) and the form
 * check (plugins/security.ts).
 */

import { isKnownAuthError, urlErrorCode } from '../../contract/auth-errors.ts';
import { SPEC_PARAM } from '../../contract/catalogue-filters.ts';
import { comparedIds } from '../../contract/compare.ts';
import { ToolSortSchema } from '../../contract/tool-lists.ts';

/**
 * A parameter's value in the one spelling that shows the page the web app shows for it, or
 * undefined when the page shows what it shows without the parameter. Each reads the value as the
 * page does (web/app/routes/*.tsx), so the page rendered for the canonical address is the page the
 * browser then shows for the address it asked for.
 */
type Canonical = (value: string, search: URLSearchParams) => string | undefined;

const trimmed: Canonical = (value) => value.trim() || undefined;

/** The catalogue's sort, unless unknown or the default for the search (web/app/routes/tools.tsx). */
const catalogueSort: Canonical = (value, search) => {
  const sort = ToolSortSchema.safeParse(value);
  if (!sort.success) return undefined;
  const isSearch = (search.get('q')?.trim() ?? '') !== '';
  const isDefault = isSearch
    ? sort.data === 'relevance'
    : ['relevance', 'newest'].includes(sort.data);
  return isDefault ? undefined : sort.data;
};

/** A page number as `Number.parseInt` reads it; the first page is the address without one. */
const pageNumber: Canonical = (value) => {
  const page = Number.parseInt(value, 10);
  return Number.isSafeInteger(page) && page > 1 ? String(page) : undefined;
};

/** A quantity as `Number()` reads it (web/app/routes/purchase.tsx): none when 0 or not a number. */
const quantity: Canonical = (value) => {
  const number = Number(value);
  return number ? String(number) : undefined;
};

/** An account error: a code the web app has words for, or `other`, which all others show alike. */
const authError: Canonical = (value) => {
  const code = urlErrorCode(value);
  return isKnownAuthError(code) ? code : 'other';
};

const asGiven: Canonical = (value) => value;

/** The tools compared, as the comparison reads them (web/app/routes/compare.tsx). */
const compared: Canonical = (value) => comparedIds(value.split(',')).join(',') || undefined;

/** Values each once, trimmed, empty ones dropped, in one order (`brand=B&brand=A` is `A`, `B`). */
const valuesOf = (values: string[]) =>
  [...new Set(values.map((value) => value.trim()).filter(Boolean))].sort();

/** A price bound as the catalogue reads it: whole minor units, leading zeros dropped. */
const price: Canonical = (value) =>
  /^\d{1,12}$/.test(value.trim()) ? String(Number(value.trim())) : undefined;

/**
 * The catalogue's filters (web/features/tools/utils/catalogue-address.ts reads them alike): every
 * brand, in stock, the price bounds, and each `spec.<key>` by key, its values in order.
 */
function catalogueFilters(search: URLSearchParams): [string, string][] {
  const params: [string, string][] = valuesOf(search.getAll('brand')).map((brand) => [
    'brand',
    brand,
  ]);
  if (search.get('inStock') === 'true') params.push(['inStock', 'true']);
  for (const name of ['minPrice', 'maxPrice']) {
    const value = search.get(name);
    const kept = value === null ? undefined : price(value, search);
    if (kept !== undefined) params.push([name, kept]);
  }
  for (const name of [...new Set(search.keys())].filter((key) => SPEC_PARAM.test(key)).sort()) {
    for (const value of valuesOf(search.getAll(name))) params.push([name, value]);
  }
  return params;
}

/** The parameters named, each read by its own rule, in this order. */
const named =
  (params: Record<string, Canonical>) =>
  (search: URLSearchParams): [string, string][] =>
    Object.entries(params).flatMap(([name, canonical]) => {
      const value = search.get(name);
      const kept = value === null || value === '' ? undefined : canonical(value, search);
      return kept === undefined ? [] : [[name, kept] as [string, string]];
    });

/** The catalogue and each category page: words, sort, filters, page (the web app's order). */
const catalogue = (search: URLSearchParams) => [
  ...named({ q: trimmed, sort: catalogueSort })(search),
  ...catalogueFilters(search),
  ...named({ page: pageNumber })(search),
];

/**
 * The query parameters each page reads (everything else in an address changes nothing on it).
 * A page is rendered, and kept, for its path and these alone, each in its one spelling:
 * `/tools?utm=1` and `/tools?sort=nonsense&page=abc` are `/tools`.
 */
const PAGE_PARAMS: [RegExp, (search: URLSearchParams) => [string, string][]][] = [
  [/^\/tools$/, catalogue],
  [/^\/categories\/[^/]+$/, catalogue],
  [/^\/purchase\/[^/]+$/, named({ quantity })],
  [/^\/compare$/, named({ ids: compared })],
  [/^\/reset-password$/, named({ token: asGiven, error: authError })],
  [/^\/confirm-email$/, named({ token: asGiven })],
  [/^\/join-company$/, named({ token: asGiven })],
  [/^\/(login|email-verified)$/, named({ error: authError })],
];

/** Other names of a page, each sent to the page's one address: the spec's `/home` is `/`. */
const ALIASES: Record<string, string> = { '/home': '/' };

/**
 * Pages that are one person's (a search's words, a one-time token, a comparison): never kept. A
 * filtered catalogue page is kept like any page: a link to it is shared and crawled, and walking
 * every combination of filters only ever pushes out pages no one else asked for (the cache's
 * protected segment, decision 031; decision 049).
 */
const UNKEPT_PARAMS = ['q', 'token', 'ids'];
const isUnkept = (name: string) => UNKEPT_PARAMS.includes(name);

/**
 * An address in the one spelling a page is kept under: lower case, no doubled or trailing slash,
 * no dot segments, no other name for the page, and only the parameters the page reads, in a fixed
 * order. `redirect` is set
 * when the path itself was spelled otherwise (the browser is sent to the one spelling).
 */
export function pageAddress(raw: string): { path: string; isKept: boolean; redirect?: string } {
  const rawPath = raw.split('?')[0] ?? '';
  // Leading slashes (and backslashes, which URLs read as slashes) collapsed first: `//tools` or
  // `/\evil.example:99999` would otherwise read as a host, or fail to parse at all.
  const url = new URL(raw.replace(/^[/\\]+/, '/'), 'http://page.invalid');
  let pathname = url.pathname.toLowerCase().replace(/\/{2,}/g, '/');
  if (pathname.length > 1) pathname = pathname.replace(/\/+$/, '');
  pathname = ALIASES[pathname] ?? pathname;
  const params = PAGE_PARAMS.find(([pattern]) => pattern.test(pathname))?.[1];
  const search = new URLSearchParams(params?.(url.searchParams) ?? []);
  const query = search.toString();
  const path = query ? `${pathname}?${query}` : pathname;
  return {
    path,
    isKept: ![...search.keys()].some(isUnkept),
    ...(rawPath !== pathname ? { redirect: path } : {}),
  };
}

/** Whether a path (as decoded by the router: `/%61pi` is `/api`) names the API. */
export function isApiPath(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Not percent-encoding after all: read as it is.
  }
  const path = decoded.toLowerCase();
  return path === '/api' || path.startsWith('/api/');
}
