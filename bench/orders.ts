/**
 * 2. Placing orders: 50 signed-in buyers placing valid orders at once, one-line orders and 3-line
 * cart checkouts in turn, against pgbench -N at 50 clients on the same PostgreSQL server (the
 * database's own ceiling for small write transactions), with the store's memory meanwhile.
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
import { rssBytes } from './lib/processes.ts';
import { type BenchReport, type Figure, format } from './lib/report.ts';
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

    const orders = (lines: number) => (seconds: number) =>
      watchingMemory(store.pid, () =>
        placeOrders({ url: store.url, origin: store.origin, buyers, toolIds, seconds, lines }),
      );
    const oneLine = orders(1);
    const threeLines = orders(3);
    const database = (seconds: number) => pgbenchSimpleUpdate(pgbench, pgbenchUrl, BUYERS, seconds);
    await oneLine(options.warmupSeconds);
    await threeLines(options.warmupSeconds);
    await database(options.warmupSeconds);
    const one: WithMemory<OrderLoadResult>[] = [];
    const three: WithMemory<OrderLoadResult>[] = [];
    const runs = await alternate<null, PgbenchResult>(
      options.rounds,
      async () => {
        one.push(await oneLine(options.durationSeconds));
        three.push(await threeLines(options.durationSeconds));
        return null;
      },
      () => database(options.durationSeconds),
    );
    const ceiling = runs.baseline;
    const tps = median(ceiling.map((r) => r.tps));
    const pgbenchFigure = `${format.count(tps)} tps, avg ${format.ms(median(ceiling.map((r) => r.latencyAverageMs)))} (pgbench -N, ${BUYERS} clients)`;
    const peakRss = Math.max(...[...one, ...three].map((r) => r.peakRss));
    const version = await pgbenchVersion(pgbench);
    return {
      bench: 'orders',
      title: `2. Placing orders (${BUYERS} buyers at once, ${options.durationSeconds} s x ${options.rounds} rounds, medians)`,
      figures: [
        ...orderFigures('one-line orders (POST /api/user?email=)', one, tps, pgbenchFigure, {
          share: 0.5,
          p99Ms: 50,
        }),
        ...orderFigures('3-line cart checkouts (POST /api/orders)', three, tps, pgbenchFigure, {
          share: 0.3,
          p99Ms: 80,
        }),
        {
          name: 'store memory under the order load (peak RSS)',
          value: format.mb(peakRss),
          goal: '< 200 MB',
          met: peakRss < 200 * 1024 * 1024,
        },
      ],
      notes: [
        `pgbench ${version} (scale 10) runs in its own database on the store's embedded PostgreSQL; the store keeps its default pool.`,
        ...[...one, ...three]
          .flatMap((r) => r.result.examples)
          .map((example) => `error: ${example}`),
      ],
    };
  } finally {
    await store.stop();
    removeDataDir(dataDir);
  }
}

interface WithMemory<T> {
  result: T;
  /** The store's largest resident memory during the run. */
  peakRss: number;
}

/** Runs `work` while sampling the store's resident memory every 100 ms. */
async function watchingMemory<T>(pid: number, work: () => Promise<T>): Promise<WithMemory<T>> {
  let peakRss = rssBytes(pid);
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssBytes(pid));
  }, 100);
  try {
    const result = await work();
    return { result, peakRss: Math.max(peakRss, rssBytes(pid)) };
  } finally {
    clearInterval(sampler);
  }
}

function orderFigures(
  name: string,
  runs: WithMemory<OrderLoadResult>[],
  tps: number,
  pgbenchFigure: string,
  goal: { share: number; p99Ms: number },
): Figure[] {
  const placed = runs.map((r) => r.result);
  const ordersPerSecond = median(placed.map((r) => r.ordersPerSecond));
  const p99 = median(placed.map((r) => r.p99));
  const errors = placed.reduce((sum, r) => sum + r.errors, 0);
  const share = ratio(ordersPerSecond, tps);
  return [
    {
      name,
      value: `${format.count(ordersPerSecond)} orders/s, p50 ${format.ms(median(placed.map((r) => r.p50)))}, p99 ${format.ms(p99)}, ${errors} errors in ${format.count(placed.reduce((sum, r) => sum + r.placed + r.errors, 0))}`,
      baseline: pgbenchFigure,
      ratio: format.ratio(share),
      goal: `>= ${goal.share.toFixed(2)} of pgbench -N; p99 < ${goal.p99Ms} ms; 0 errors`,
      met: share >= goal.share && p99 < goal.p99Ms && errors === 0,
    },
  ];
}

if (isMain(import.meta.url)) runAlone(runOrders);
