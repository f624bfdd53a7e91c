import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../../contract/routes.ts';
import { PublicConfigSchema } from '../../../contract/system.ts';
import { createReadiness } from '../../ops/readiness.ts';
import { json } from '../../testing/http.ts';
import { buildTestApp, type TestContext } from '../../testing/test-app.ts';
import { within } from '../../testing/within.ts';

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
      country: null,
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

describe('GET /api/ready', () => {
  it('answers 200 once the change feed listens, and 503 not_ready for good once draining', async () => {
    await within(5_000, async () =>
      expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200),
    );
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(json(ready)).toEqual({
      status: 'ready',
      database: 'ok',
      migrations: 'ok',
      changeFeed: 'ok',
    });
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.headers.connection).not.toBe('close');

    t.app.readiness.startDraining();
    const draining = await t.app.inject({ url: '/api/ready' });
    expect(draining.statusCode).toBe(503);
    expect(draining.headers['content-type']).toContain('application/problem+json');
    expect(json(draining)).toMatchObject({
      code: 'not_ready',
      detail: 'This instance is shutting down.',
    });
    expect(draining.headers['cache-control']).toBe('no-store');
    // Still alive and serving, each answer closing its connection so the proxy lets go.
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.headers.connection).toBe('close');
  });

  it('is not ready while the change feed is not listening, or a migration it knows is missing', async () => {
    const feedDown = createReadiness({ pool: t.database.pool, isChangeFeedLive: () => false });
    expect(await feedDown.check()).toMatch(/change feed is not listening/);
    const newerBuild = createReadiness({
      pool: t.database.pool,
      isChangeFeedLive: () => true,
      newestMigrationAt: Date.now() + 86_400_000,
    });
    expect(await newerBuild.check()).toMatch(/lacks migrations/);
    const thisBuild = createReadiness({ pool: t.database.pool, isChangeFeedLive: () => true });
    expect(await thisBuild.check()).toBeUndefined();
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
