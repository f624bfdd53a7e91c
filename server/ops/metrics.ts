import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppParts } from '../app-parts.ts';
import { AppError } from '../errors.ts';

type GateStats = () => { active: number; waiting: number; refused: number };
type CacheStats = () => { hits: number; misses: number };

/**
 * The store's Prometheus metrics (prom-client), in a registry of this app's own. Requests are
 * counted as they complete; everything else is read when scraped, from the parts that keep it
 * (the gates' and caches' stats, the pool, the change feed) or, for what is the whole store's
 * rather than this instance's (the mail outbox, orders placed and paid), from the database.
 */
export function createMetrics(parts: AppParts, pool: pg.Pool): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'toolyard_' });
  const registers = [registry];

  const requests = new Counter({
    name: 'toolyard_http_requests_total',
    help: 'Requests answered, by route (the pattern matched; "unmatched" for none), method and status.',
    labelNames: ['route', 'method', 'status'],
    registers,
  });
  const durations = new Histogram({
    name: 'toolyard_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer sent, by route, method and status.',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const record: Metrics['record'] = (route, method, status, seconds) => {
    const labels = { route, method, status: String(status) };
    requests.inc(labels);
    durations.observe(labels, seconds);
  };

  new Gauge({
    name: 'toolyard_db_pool_connections',
    help: "This instance's database connections: in use, idle, and requests waiting for one.",
    labelNames: ['state'],
    registers,
    collect() {
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  const gates: Record<string, GateStats> = {
    hashing: parts.hashing.stats,
    rendering: parts.renders.stats,
    uploads: parts.services.uploads.stats,
  };
  new Gauge({
    name: 'toolyard_gate_busy',
    help: 'Work running in each gate (password hashing, page rendering, image uploads).',
    labelNames: ['gate'],
    registers,
    collect() {
      for (const [gate, stats] of Object.entries(gates)) this.set({ gate }, stats().active);
    },
  });
  new Gauge({
    name: 'toolyard_gate_queued',
    help: 'Work waiting for a turn in each gate.',
    labelNames: ['gate'],
    registers,
    collect() {
      for (const [gate, stats] of Object.entries(gates)) this.set({ gate }, stats().waiting);
    },
  });
  new Counter({
    name: 'toolyard_gate_refused_total',
    help: 'Work each gate turned away (503 with Retry-After) since the instance started.',
    labelNames: ['gate'],
    registers,
    collect() {
      this.reset();
      for (const [gate, stats] of Object.entries(gates)) this.inc({ gate }, stats().refused);
    },
  });

  const caches: Record<string, CacheStats> = {
    catalogue: () => parts.catalogue.responses.stats(),
    pages: () => parts.catalogue.pages.stats(),
    customers: () => parts.customers.answers.stats(),
    sessions: () => parts.sessions.stats(),
  };
  for (const outcome of ['hits', 'misses'] as const) {
    new Counter({
      name: `toolyard_cache_${outcome}_total`,
      help: `Reads of each in-memory cache answered ${outcome === 'hits' ? 'from memory' : 'afresh'}; the hit ratio is hits / (hits + misses).`,
      labelNames: ['cache'],
      registers,
      collect() {
        this.reset();
        for (const [cache, stats] of Object.entries(caches)) this.inc({ cache }, stats()[outcome]);
      },
    });
  }

  new Gauge({
    name: 'toolyard_change_feed_connected',
    help: '1 while the change feed listens (caches may keep answers), 0 otherwise.',
    registers,
    collect() {
      this.set(parts.changes.isLive ? 1 : 0);
    },
  });
  new Gauge({
    name: 'toolyard_change_feed_lag_seconds',
    help: 'How long the listening connection last took to answer: the least a change made elsewhere waits to be heard.',
    registers,
    collect() {
      const lag = parts.changes.lagMs;
      if (lag !== null) this.set(lag / 1000);
    },
  });

  const storeWide = storeWideFigures(pool);
  new Gauge({
    name: 'toolyard_mail_outbox',
    help: 'Messages in the mail outbox (the whole store): queued to be sent, and failed for good.',
    labelNames: ['status'],
    registers,
    async collect() {
      const figures = await storeWide();
      this.set({ status: 'queued' }, figures.mailQueued);
      this.set({ status: 'failed' }, figures.mailFailed);
    },
  });
  for (const [name, help, figure] of [
    ['toolyard_orders_placed_total', 'Orders ever placed in the store (all instances).', 'placed'],
    ['toolyard_orders_paid_total', 'Orders ever paid in the store (all instances).', 'paid'],
  ] as const) {
    new Counter({
      name,
      help,
      registers,
      async collect() {
        this.reset();
        this.inc((await storeWide())[figure]);
      },
    });
  }
  return { registry, record };
}

/** What the whole store holds, read once per scrape (one query) however many metrics ask. */
function storeWideFigures(pool: pg.Pool) {
  let reading: Promise<Record<'mailQueued' | 'mailFailed' | 'placed' | 'paid', number>> | undefined;
  return () => {
    reading ??= pool
      .query<Record<string, string>>(
        `select
           (select count(*) from mail_outbox where status = 'pending') as "mailQueued",
           (select count(*) from mail_outbox where status = 'failed') as "mailFailed",
           (select count(*) from orders) as placed,
           (select count(*) from orders where paid_at is not null) as paid`,
      )
      .then(({ rows }) => {
        const row = rows[0] ?? {};
        return {
          mailQueued: Number(row.mailQueued ?? 0),
          mailFailed: Number(row.mailFailed ?? 0),
          placed: Number(row.placed ?? 0),
          paid: Number(row.paid ?? 0),
        };
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
}

interface Metrics {
  registry: Registry;
  /** A request answered: its route's pattern, method, status and seconds taken. */
  record(route: string, method: string, status: number, seconds: number): void;
}

/**
 * Counts every request the app routes, and serves the metrics at GET /metrics to a scraper that
 * sends `Authorization: Bearer <METRICS_TOKEN>`. Without a token there is no /metrics (404):
 * the figures say how busy the store is and what it sells, which is no visitor's business.
 */
export function registerMetrics(
  app: FastifyInstance,
  { registry, record }: Metrics,
  token: string | undefined,
): void {
  app.addHook('onResponse', async (request, reply) => {
    record(
      request.routeOptions.url ?? 'unmatched',
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
  if (!token) return;
  const expected = digest(token);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!given || !timingSafeEqual(digest(given), expected)) {
      throw new AppError(401, 'unauthenticated', 'The metrics need their token.', undefined, {
        'www-authenticate': 'Bearer realm="metrics"',
      });
    }
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
}

/** Equal-length digests, so that comparing them takes the same time whatever was sent. */
const digest = (value: string) => createHash('sha256').update(value).digest();
