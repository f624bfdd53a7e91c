/**
 * Addresses of the web app's pages: the one spelling a page is kept and served under, and which
 * addresses belong to the API instead. Shared by the page route (plugins/web.ts) and the form
 * check (plugins/security.ts).
 */

/**
 * The query parameters each page reads (everything else in an address changes nothing on it).
 * A page is rendered, and kept, for its path and these alone: `/tools?utm=1` is `/tools`.
 */
const PAGE_PARAMS: [RegExp, readonly string[]][] = [
  [/^\/tools$/, ['q', 'sort', 'page']],
  [/^\/purchase\/[^/]+$/, ['quantity']],
  [/^\/reset-password$/, ['token', 'error']],
  [/^\/confirm-email$/, ['token']],
  [/^\/(login|email-verified)$/, ['error']],
];

/** Pages whose addresses are endless (a search, a one-time token): rendered, never kept. */
const UNKEPT_PARAMS = ['q', 'token'];

/**
 * An address in the one spelling a page is kept under: lower case, no doubled or trailing slash,
 * no dot segments, and only the parameters the page reads, in a fixed order. `redirect` is set
 * when the path itself was spelled otherwise (the browser is sent to the one spelling).
 */
export function pageAddress(raw: string): { path: string; isKept: boolean; redirect?: string } {
  const rawPath = raw.split('?')[0] ?? '';
  // Leading slashes (and backslashes, which URLs read as slashes) collapsed first: `//tools` or
  // `/\evil.example:99999` would otherwise read as a host, or fail to parse at all.
  const url = new URL(raw.replace(/^[/\\]+/, '/'), 'http://page.invalid');
  let pathname = url.pathname.toLowerCase().replace(/\/{2,}/g, '/');
  if (pathname.length > 1) pathname = pathname.replace(/\/+$/, '');
  const names = PAGE_PARAMS.find(([pattern]) => pattern.test(pathname))?.[1] ?? [];
  const search = new URLSearchParams();
  for (const name of names) {
    const value = url.searchParams.get(name);
    if (value !== null && value !== '' && !(name === 'page' && value === '1')) {
      search.set(name, value);
    }
  }
  const query = search.toString();
  const path = query ? `${pathname}?${query}` : pathname;
  return {
    path,
    isKept: !UNKEPT_PARAMS.some((name) => search.has(name)),
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
