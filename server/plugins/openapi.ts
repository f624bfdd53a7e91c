import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_TAGS } from '../../contract/operation-docs.ts';
import { describedOperations } from '../../contract/routes.ts';
import { sessionCookieName } from '../auth/auth.ts';
import { completeDescription, nameComponents } from '../http/api-description.ts';

const toJsonSchemas = createJsonSchemaTransform({});

/**
 * The API description (OpenAPI 3.1), made from the same zod schemas that validate each route and
 * completed from each route's descriptor in the contract: JSON at /api/docs/json, a browsable page
 * at /api/docs. Only the operations the contract describes are in it (docs/decisions/023).
 */
export const openApiPlugin = fp(
  async (
    app: FastifyInstance,
    { storeName, publicUrl }: { storeName: string; publicUrl: string },
  ) => {
    nameComponents();
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: `${storeName} API`,
          version: '1.0.0',
          description:
            'The storefront API. Money is in minor units of the store currency (GET /api/config). ' +
            'Every error is application/problem+json with a stable `code` (components/schemas/Problem). ' +
            'Signing in (POST /api/auth/sign-in/email) sets the session cookie the other calls send. ' +
            'State-changing requests need a JSON body (a form or a CSV file only where an operation says so) and, ' +
            'from browsers, the site\u2019s own Origin.',
          license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        },
        servers: [{ url: publicUrl, description: storeName }],
        tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
        components: {
          securitySchemes: {
            sessionCookie: {
              type: 'apiKey',
              in: 'cookie',
              name: sessionCookieName(publicUrl),
              description: 'The session, set by signing in (an httpOnly cookie).',
            },
          },
        },
      },
      // A route the contract does not describe (the web app's pages, files, Stripe's webhook) is
      // not part of the API.
      transform: (route) =>
        route.schema && 'operationId' in route.schema
          ? toJsonSchemas(route)
          : { schema: { hide: true }, url: route.url },
      transformObject: (document) =>
        completeDescription(jsonSchemaTransformObject(document), describedOperations()),
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
