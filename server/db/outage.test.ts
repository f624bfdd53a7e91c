import { rm } from 'node:fs/promises';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { createPasswordAccount } from '../auth/sign-ups.ts';
import { makeDataDir } from '../testing/data-dir.ts';
import { sessionCookie, TEST_ORIGIN, testConfig } from '../testing/test-app.ts';
import { within } from '../testing/within.ts';
import { createDatabase, type Database } from './client.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './embedded.ts';
import { runMigrations } from './migrate.ts';

const log = pino({ level: 'silent' });
let dataDir: string;
let server: EmbeddedDatabase;
let port: number;
let database: Database;
let app: App;

beforeAll(async () => {
  dataDir = await makeDataDir('toolyard-outage-');
  server = await startEmbeddedPostgres({ dataDir, port: 0, log });
  port = Number(new URL(server.url).port);
  database = createDatabase({ url: server.url, max: 5 });
  await runMigrations(database);
  app = await buildApp({
    config: testConfig,
    database,
    logger: log,
    mailTransport: { send: async () => {}, close: () => {} },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a database outage', () => {
  it('fails fast with 503 problems, shows in /api/health and /api/ready, and heals by itself when the database returns', async () => {
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/tools' })).statusCode).toBe(200);
    const json = { origin: TEST_ORIGIN, 'content-type': 'application/json' };
    const account = { email: 'outage@example.com', password: 'a-long-password-1' };
    // A confirmed account (the sign-up and its link are tested elsewhere).
    await createPasswordAccount(database.db, {
      name: 'Outage Tester',
      email: account.email,
      image: null,
      passwordHash: await app.hashing.hash(account.password),
      emailVerified: true,
      role: 'User',
    });
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: json,
      payload: account,
    });
    const cookie = sessionCookie(signedIn.headers['set-cookie']);

    await server.stop();

    const started = Date.now();
    const [tools, health] = await Promise.all([
      app.inject({ url: '/api/tools' }),
      app.inject({ url: '/api/health' }),
    ]);
    expect(Date.now() - started).toBeLessThan(5_000);
    for (const response of [tools, health]) {
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json().code).toBe('service_unavailable');
    }
    expect(tools.headers['retry-after']).toBeDefined();
    const ready = await app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ code: 'not_ready' });
    expect(ready.json().detail).toMatch(/database is not answering|change feed/);

    // Sign-in goes through the account service, which hides the cause; it is still a 503.
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: { email: 'someone@example.com', password: 'a-long-password-1' },
    });
    expect(signIn.statusCode).toBe(503);
    expect(signIn.json().code).toBe('service_unavailable');
    // Reading the session: the account service answers its failure itself (a 500 of its own),
    // and a sign-up for a new email answers 422 for any failure to make the account. Both are
    // the outage, said as one.
    const [sessionRead, signUp] = await Promise.all([
      app.inject({ url: '/api/auth/get-session', headers: { cookie } }),
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: json,
        payload: { name: 'Too Late', email: 'late@example.com', password: 'a-long-password-2' },
      }),
    ]);
    for (const response of [sessionRead, signUp]) {
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('service_unavailable');
    }

    server = await startEmbeddedPostgres({ dataDir, port, log });
    // No restart of the app: the pool reconnects on the next request.
    await within(5_000, async () =>
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200),
    );
    expect((await app.inject({ url: '/api/tools' })).statusCode).toBe(200);
    // Ready again once the change feed has reconnected too.
    await within(10_000, async () =>
      expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200),
    );
  });
});
