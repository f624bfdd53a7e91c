import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema.ts';
import { deferred } from '../testing/deferred.ts';
import { pngImage } from '../testing/images.ts';
import { buildTestApp, type TestContext } from '../testing/test-app.ts';
import { within } from '../testing/within.ts';

const TOKEN = 'scraper-token-0123456789';
let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp({ metricsToken: TOKEN });
  await within(5_000, async () =>
    expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200),
  );
});
afterAll(async () => {
  await t.close();
});

const scrape = async (): Promise<string> => {
  const response = await t.app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.body;
};

/** The value of one sample, its labels given in any order (0 when the sample is absent). */
const sample = (text: string, name: string, labels: Record<string, string> = {}): number => {
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => have[key] === value))
      return Number(match[3]);
  }
  return 0;
};

/** How `name{labels}` moves across `happen`. */
const moves = async (
  name: string,
  labels: Record<string, string>,
  happen: () => Promise<unknown>,
): Promise<number> => {
  const before = sample(await scrape(), name, labels);
  await happen();
  return sample(await scrape(), name, labels) - before;
};

/** Scrapes while `work` runs (it holds on until the scrape is done). */
const duringWork = async (start: (held: Promise<void>) => Promise<unknown>): Promise<string> => {
  const held = deferred();
  const running = start(held.promise);
  const text = await scrape();
  held.resolve();
  await running.catch(() => {});
  return text;
};

describe('GET /metrics', () => {
  it('is there only for the token: 401 without it or with another, and 404 when no token is set', async () => {
    for (const authorization of [undefined, 'Bearer not-the-token-at-all', `Basic ${TOKEN}`]) {
      const response = await t.app.inject({
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(response.body).not.toContain('toolyard_');
    }
    const tokenless = await buildTestApp();
    try {
      const response = await tokenless.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await tokenless.close();
    }
  });

  it('has every family, each moving when its thing happens', async () => {
    const families = [
      'toolyard_http_requests_total',
      'toolyard_http_request_duration_seconds',
      'toolyard_db_pool_connections',
      'toolyard_gate_busy',
      'toolyard_gate_queued',
      'toolyard_gate_refused_total',
      'toolyard_cache_hits_total',
      'toolyard_cache_misses_total',
      'toolyard_mail_outbox',
      'toolyard_change_feed_connected',
      'toolyard_change_feed_lag_seconds',
      'toolyard_orders_placed_total',
      'toolyard_orders_paid_total',
      'toolyard_process_resident_memory_bytes',
    ];
    const text = await scrape();
    for (const family of families) expect(text, family).toContain(`# TYPE ${family} `);

    // Requests, by route and status, with their time.
    const tools = { route: '/api/tools', method: 'GET', status: '200' };
    const read = () => t.app.inject({ url: '/api/tools' });
    expect(
      await moves('toolyard_http_requests_total', tools, async () => [await read(), await read()]),
    ).toBe(2);
    expect(await moves('toolyard_http_request_duration_seconds_count', tools, read)).toBe(1);
    const missing = { route: 'unmatched', method: 'GET', status: '404' };
    expect(
      await moves('toolyard_http_requests_total', missing, () =>
        t.app.inject({ url: '/api/no-such-route' }),
      ),
    ).toBe(1);

    // The pool: a connection held is in use.
    const held = await t.database.pool.connect();
    const inUse = sample(await scrape(), 'toolyard_db_pool_connections', { state: 'in_use' });
    held.release();
    expect(inUse).toBeGreaterThanOrEqual(1);

    // The gates: busy while working, queued behind, refused beyond the queue.
    const hashing = await duringWork(async (hold) => {
      await Promise.all([t.app.hashing.hash('a-long-password-1'), hold]);
    });
    expect(sample(hashing, 'toolyard_gate_busy', { gate: 'hashing' })).toBe(1);
    const uploading = await duringWork(async (hold) => {
      await Promise.all([t.app.services.uploads.save(pngImage(1600, 1200)), hold]);
    });
    expect(sample(uploading, 'toolyard_gate_busy', { gate: 'uploads' })).toBe(1);
    const refusedBefore = sample(await scrape(), 'toolyard_gate_refused_total', {
      gate: 'rendering',
    });
    const rendering = await duringWork(async (hold) => {
      const renders = Array.from({ length: 11 }, (_, i) =>
        t.app.renders.render(`192.0.2.${i + 1}`, () => hold),
      );
      await Promise.allSettled(renders);
    });
    expect(sample(rendering, 'toolyard_gate_busy', { gate: 'rendering' })).toBe(2);
    expect(sample(rendering, 'toolyard_gate_queued', { gate: 'rendering' })).toBe(8);
    expect(
      sample(rendering, 'toolyard_gate_refused_total', { gate: 'rendering' }) - refusedBefore,
    ).toBe(1);

    // The caches: a second read of the same answer is a hit.
    await t.app.inject({ url: '/api/tools?q=cache' });
    expect(
      await moves('toolyard_cache_hits_total', { cache: 'catalogue' }, () =>
        t.app.inject({ url: '/api/tools?q=cache' }),
      ),
    ).toBe(1);
    const buyer = await t.signUp();
    await t.app.inject({ url: '/api/cart', headers: buyer.headers });
    expect(
      await moves('toolyard_cache_hits_total', { cache: 'sessions' }, () =>
        t.app.inject({ url: '/api/cart', headers: buyer.headers }),
      ),
    ).toBeGreaterThanOrEqual(1);

    // Orders placed and paid, the whole store's.
    const before = await scrape();
    await t.givePaidOrder(buyer);
    const after = await scrape();
    for (const family of ['toolyard_orders_placed_total', 'toolyard_orders_paid_total']) {
      expect(sample(after, family) - sample(before, family), family).toBe(1);
    }

    // The mail outbox: a message waiting, and one failed for good.
    // (Once the order's own emails have gone.)
    await within(10_000, async () =>
      expect(sample(await scrape(), 'toolyard_mail_outbox', { status: 'queued' })).toBe(0),
    );
    const message = { kind: 'test', to: 'x@example.com', subject: 's', text: 't', html: 'h' };
    const queued = await moves('toolyard_mail_outbox', { status: 'queued' }, () =>
      t.db.insert(mailOutbox).values({ ...message, nextAttemptAt: new Date(Date.now() + 3.6e6) }),
    );
    expect(queued).toBe(1);
    const failed = await moves('toolyard_mail_outbox', { status: 'failed' }, () =>
      t.db.insert(mailOutbox).values({ ...message, status: 'failed' }),
    );
    expect(failed).toBe(1);

    // The change feed: connected, with its lag, until it stops listening.
    const live = await scrape();
    expect(sample(live, 'toolyard_change_feed_connected')).toBe(1);
    expect(live).toMatch(/^toolyard_change_feed_lag_seconds \d/m);
    expect(await moves('toolyard_change_feed_connected', {}, () => t.app.changes.stop())).toBe(-1);
  });
});
