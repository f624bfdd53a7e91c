import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI description, generated from the same zod schemas that validate each route:
 * JSON at /api/docs/json, a browsable page at /api/docs.
 */
export const openApiPlugin = fp(
  async (
    app: FastifyInstance,
    { storeName, publicUrl }: { storeName: string; publicUrl: string },
  ) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: `${storeName} API`,
          version: '1.0.0',
          description:
            'The storefront API. Money is in minor units of the store currency (GET /api/config). ' +
            'Errors are application/problem+json with a stable `code`. State-changing requests need ' +
            'a JSON body and, from browsers, the site\u2019s own Origin.',
        },
        servers: [{ url: publicUrl }],
        components: {
          securitySchemes: {
            sessionCookie: { type: 'apiKey', in: 'cookie', name: 'toolyard.session_token' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    // Served under the store's own headers (security plugin): swagger-ui's optional CSP would add
    // upgrade-insecure-requests, so on any plain-http host the page would load nothing. Its page
    // has no inline scripts, and the validator badge (a third-party image) is off.
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null },
    });
  },
  { name: 'openapi' },
);
