import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { createLogger } from '../logger.ts';
import { OVERLOADED_LOG } from '../plugins/error-handler.ts';
import { buildTestApp, type TestContext, type TestUser, testConfig } from '../testing/test-app.ts';
import { createDatabase, type Database } from './client.ts';

/**
 * An instance with one connection, waiting 300 ms for it: while a test holds that connection,
 * every request that needs the database waits, and is turned away as an overloaded store would
 * turn it away, not as a database outage.
 */
let t: TestContext;
let small: Database;
let app: App;
let admin: TestUser;
const logged: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ role: 'Admin' });
  small = createDatabase({ url: t.database.url, max: 1, connectionWaitMs: 300 });
  app = await buildApp({
    config: testConfig,
    database: small,
    logger: createLogger('warn', { write: (line: string) => void logged.push(line) }),
    mailTransport: { send: async () => {}, close: () => {} },
  });
  await app.ready();
  logged.length = 0;
});
afterAll(async () => {
  await app?.close();
  await small?.close();
  await t?.close();
});

describe('every connection busy', () => {
  it('answers 503 with a sentence and Retry-After, logs a warning (not an outage), and serves again once a connection is free', async () => {
    const held = await small.pool.connect();
    try {
      const turnedAway = await app.inject({
        url: '/api/orderlist?limit=5',
        headers: admin.headers,
      });
      expect(turnedAway.statusCode, turnedAway.body).toBe(503);
      expect(turnedAway.headers['retry-after']).toBe('2');
      expect(turnedAway.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(turnedAway.json()).toMatchObject({
        code: 'service_unavailable',
        detail: 'The store is very busy right now. Please try again in a few seconds.',
      });
      const lines = logged.map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(lines.map((line) => [line.level, line.msg])).toEqual([[40, OVERLOADED_LOG]]);
    } finally {
      held.release();
    }
    const served = await app.inject({ url: '/api/orderlist?limit=5', headers: admin.headers });
    expect(served.statusCode, served.body).toBe(200);
  });
});
