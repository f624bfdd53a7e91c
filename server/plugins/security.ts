import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath, pageAddress } from '../http/page-address.ts';
import { problem, sendProblem } from './error-handler.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Content types a plain HTML form (or a no-preflight fetch) can send cross-site. */
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

/**
 * The headers every response carries, pages and API alike (also the router's own errors, which
 * no hook sees). Stripe mode lets Stripe.js and its Payment Element frames in, nothing else.
 * Nothing that repeats what a browser already does: a page's HTML and headers share a slow
 * link's first round trip (about 14.6 KB), so every byte here is one the page cannot use
 * (decision 083).
 */
export function securityHeaders({
  isHttps,
  allowStripe,
  scriptHashes = [],
}: {
  isHttps: boolean;
  allowStripe: boolean;
  /**
   * A page's own inline scripts (React Router's hydration data and its module loader), each
   * allowed by its SHA-256 and nothing else inline: see server/plugins/web.ts.
   */
  scriptHashes?: readonly string[];
}) {
  const stripe = (...sources: string[]) => (allowStripe ? sources : []);
  const csp = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': [
      "'self'",
      ...scriptHashes.map((hash) => `'sha256-${hash}'`),
      ...stripe('https://js.stripe.com'),
    ],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'https:'],
    // Fonts and the page's own requests fall back on default-src ('self'); Stripe's API is the
    // one place they go beyond it.
    ...(allowStripe ? { 'connect-src': ["'self'", 'https://api.stripe.com'] } : {}),
    'frame-src': allowStripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(isHttps ? { 'upgrade-insecure-requests': [] } : {}),
  };
  return {
    'content-security-policy': Object.entries(csp)
      .map(([name, sources]) => [name, ...sources].join(' '))
      .join('; '),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    // HSTS only means something over https; over plain http browsers ignore it.
    ...(isHttps ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** What every response carries unless it says otherwise: the security headers, and no caching. */
export function everyResponseHeaders(options: {
  isHttps: boolean;
  allowStripe: boolean;
}): Record<string, string> {
  return {
    ...securityHeaders(options),
    // Nothing is cached unless it says so: answers with personal data (orders, details,
    // sessions) never land in a shared or browser cache. Public answers (the catalogue, the
    // web app's files) set their own caching.
    'cache-control': 'no-store',
  };
}

/**
 * Security headers on every response, and cross-site request refusal: a state-changing request must
 * come from one of our own origins and carry JSON, so another site cannot make a signed-in visitor's
 * browser act for them. The upload route alone also takes multipart/form-data, with our own Origin
 * (decision 016).
 */
export const securityPlugin = fp(
  async (
    app: FastifyInstance,
    {
      trustedOrigins,
      isHttps,
      allowStripe,
    }: { trustedOrigins: string[]; isHttps: boolean; allowStripe: boolean },
  ) => {
    const allowed = new Set(trustedOrigins);

    const headers = everyResponseHeaders({ isHttps, allowStripe });
    // One hook for both (it runs on every request, reads included).
    app.addHook('onRequest', async (request, reply) => {
      reply.headers(headers);
      // Every state-changing request, whatever its path: the router decodes `/%61pi/tools` to
      // `/api/tools`, so a check keyed on the raw URL's spelling could be sidestepped.
      if (!MUTATING.has(request.method)) return;
      const origin = request.headers.origin;
      const fetchSite = request.headers['sec-fetch-site'];
      if ((origin && !allowed.has(origin)) || (!origin && fetchSite === 'cross-site')) {
        return sendProblem(
          reply,
          problem(
            403,
            'origin_not_allowed',
            'This request came from another site and was refused.',
          ),
        );
      }
      const type =
        (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (FORM_TYPES.includes(type)) {
        // The one exception: an upload route (its contract says `consumes`) takes
        // multipart/form-data, and only when the browser names our own site as the Origin (a
        // foreign one was refused above; here a missing one is too).
        if (
          type === 'multipart/form-data' &&
          request.routeOptions.config?.acceptsMultipart === true &&
          origin !== undefined &&
          allowed.has(origin)
        ) {
          return;
        }
        // A page's own form sent before its script ran (the forms are sent by script, as JSON):
        // back to the page, by GET, the body unread. Forms post (never GET), so what was typed
        // cannot end up in an address, a log or the history.
        const address = pageAddress(request.url).path;
        if (request.method === 'POST' && !isApiPath(address.split('?')[0] ?? '')) {
          return reply.redirect(address, 303);
        }
        return sendProblem(
          reply,
          problem(
            403,
            'forbidden',
            'Form submissions are refused; send the request body as application/json.',
          ),
        );
      }
    });
  },
  { name: 'security' },
);
