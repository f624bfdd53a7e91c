import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { problem, sendProblem } from './error-handler.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Content types a plain HTML form (or a no-preflight fetch) can send cross-site. */
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

/**
 * Security headers on every response, and cross-site request refusal: a state-changing request must
 * come from one of our own origins and carry JSON, so another site cannot make a signed-in visitor's
 * browser act for them.
 */
export const securityPlugin = fp(
  async (
    app: FastifyInstance,
    { trustedOrigins, isHttps }: { trustedOrigins: string[]; isHttps: boolean },
  ) => {
    const allowed = new Set(trustedOrigins);

    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'https:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          frameSrc: ["'none'"],
          objectSrc: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // HSTS only means something over https; over plain http browsers ignore it.
      strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-origin' },
    });

    app.addHook('onRequest', async (request, reply) => {
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
