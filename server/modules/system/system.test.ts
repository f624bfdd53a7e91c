import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../../contract/routes.ts';
import { PublicConfigSchema } from '../../../contract/system.ts';
import { json } from '../../testing/http.ts';
import { buildTestApp, type TestContext } from '../../testing/test-app.ts';

let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp({ storeName: 'Toolyard Test', currency: 'EUR' });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/config', () => {
  it('tells the web app the store name, currency, sign-in and payment options', async () => {
    const response = await t.app.inject({ url: '/api/config' });
    expect(response.statusCode).toBe(200);
    const config = PublicConfigSchema.strict().parse(response.json());
    expect(config).toMatchObject({
      storeName: 'Toolyard Test',
      currency: 'EUR',
      signIn: { emailPassword: true },
      payments: { provider: 'test', publishableKey: null },
    });
  });
});

describe('GET /api/health', () => {
  it('answers 200 {status: ok} while the database answers, never cached', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ status: 'ok', database: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/docs', () => {
  interface OpenApiDocument {
    openapi: string;
    info: { title: string };
    paths: Record<string, Record<string, { summary?: string }>>;
  }

  it('serves an OpenAPI document describing every route of the contract', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = json<OpenApiDocument>(response);
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe('Toolyard Test API');

    for (const route of allRoutes()) {
      const path = `/api${route.path.replace(/:(\w+)/g, '{$1}')}`;
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${path}`).toBeDefined();
      expect(operation?.summary).toBe(route.summary);
    }
  });

  it('serves a browsable HTML page', async () => {
    const response = await t.app.inject({ url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toMatch(/<html/i);
  });
});
