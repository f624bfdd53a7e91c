/**
 * 2. Placing orders: 50 signed-in buyers placing valid orders at once, against pgbench -N at 50
 * clients on the same PostgreSQL server (the database's own ceiling for small write transactions).
 */
import pg from 'pg';
import { alternate } from './lib/alternate.ts';
import { isMain, runAlone } from './lib/main.ts';
import type { BenchOptions } from './lib/options.ts';
import { type OrderLoadResult, placeOrders } from './lib/order-load.ts';
import {
  findPgbench,
  type PgbenchResult,
  pgbenchInit,
  pgbenchSimpleUpdate,
  pgbenchVersion,
} from './lib/pgbench.ts';
import { type BenchReport, format } from './lib/report.ts';
import { seedBuyers, seedTools } from './lib/seed.ts';
import { median, ratio } from './lib/stats.ts';
import { removeDataDir, startStore, tempDataDir } from './lib/store.ts';

const BUYERS = 50;
const PGBENCH_DATABASE = 'pgbench';

export async function runOrders(options: BenchOptions): Promise<BenchReport> {
  const pgbench = findPgbench();
  const dataDir = tempDataDir('orders');
  const store = await startStore({ dataDir });
  try {
    const toolIds = await seedTools(store.databaseUrl(), 100);
    const buyers = await seedBuyers(store, BUYERS);
    const admin = new pg.Client({ connectionString: store.databaseUrl() });
    await admin.connect();
    await admin.query(`create database ${PGBENCH_DATABASE}`);
    await admin.end();
    const pgbenchUrl = store.databaseUrl(PGBENCH_DATABASE);
    await pgbenchInit(pgbench, pgbenchUrl, 10);

    const orders = (seconds: number) =>
      placeOrders({ url: store.url, origin: store.origin, buyers, toolIds, seconds });
    const database = (seconds: number) => pgbenchSimpleUpdate(pgbench, pgbenchUrl, BUYERS, seconds);
    await orders(options.warmupSeconds);
    await database(options.warmupSeconds);
    const runs = await alternate<OrderLoadResult | PgbenchResult>(
      options.rounds,
      () => orders(options.durationSeconds),
      () => database(options.durationSeconds),
    );
    const placed = runs.subject as OrderLoadResult[];
    const ceiling = runs.baseline as PgbenchResult[];
    const ordersPerSecond = median(placed.map((r) => r.ordersPerSecond));
    const tps = median(ceiling.map((r) => r.tps));
    const p99 = median(placed.map((r) => r.p99));
    const errors = placed.reduce((sum, r) => sum + r.errors, 0);
    const share = ratio(ordersPerSecond, tps);
    const version = await pgbenchVersion(pgbench);
    return {
      bench: 'orders',
      title: `2. Placing orders (${BUYERS} buyers at once, ${options.durationSeconds} s x ${options.rounds} rounds, medians)`,
      figures: [
        {
          name: 'orders placed per second',
          value: `${format.count(ordersPerSecond)} orders/s, p50 ${format.ms(median(placed.map((r) => r.p50)))}`,
          baseline: `${format.count(tps)} tps, avg ${format.ms(median(ceiling.map((r) => r.latencyAverageMs)))} (pgbench -N, ${BUYERS} clients)`,
          ratio: format.ratio(share),
          goal: '>= 0.50 of pgbench -N',
          met: share >= 0.5,
        },
        { name: 'order p99 latency', value: format.ms(p99), goal: '< 100 ms', met: p99 < 100 },
        {
          name: 'errors',
          value: `${errors} of ${placed.reduce((sum, r) => sum + r.placed + r.errors, 0)} orders`,
          goal: '0',
          met: errors === 0,
        },
      ],
      notes: [
        `pgbench ${version} (scale 10) runs in its own database on the store's embedded PostgreSQL; the store keeps its default pool.`,
        ...placed.flatMap((r) => r.examples).map((example) => `error: ${example}`),
      ],
    };
  } finally {
    await store.stop();
    removeDataDir(dataDir);
  }
}

if (isMain(import.meta.url)) runAlone(runOrders);
