/**
 * 7. The back office at scale: 100,000 orders, 10,000 tools and 5,000 customers (bench/seed-scale.ts).
 * Through HTTP against the real store, one admin clicking through: a page of 50 orders filtered
 * by status (and searched), the overview's figures, and the CSV export of every order with the
 * store's memory watched meanwhile. Baseline, alternately in the same run: the same service calls
 * in this process straight on the database (no HTTP, session, validation or serialization), and
 * for the export one query reading every order through pg.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { ListOrdersQuerySchema } from '../contract/order-lists.ts';
import { ORDER_STATUSES } from '../contract/orders.ts';
import { createDatabase } from '../server/db/client.ts';
import { createOrdersService } from '../server/modules/orders/orders.service.ts';
import { createOverviewService } from '../server/modules/overview/overview.service.ts';
import { alternate } from './lib/alternate.ts';
import { downloadWatchingMemory, type ExportRun } from './lib/export-memory.ts';
import { isMain, runAlone } from './lib/main.ts';
import type { BenchOptions } from './lib/options.ts';
import { type BenchReport, type Figure, format } from './lib/report.ts';
import { signInAdmin } from './lib/seed.ts';
import { get, type Latencies, timeCalls, timeSequential } from './lib/sequential.ts';
import { median, ratio } from './lib/stats.ts';
import { removeDataDir, type Store, startStore, tempDataDir } from './lib/store.ts';
import { SCALE, seedScale } from './seed-scale.ts';

const PAGE = 50;
/**
 * Export memory counts as flat when what the store's heap holds after each full collection during
 * the exports stays within this of what it held after the first: the resident peak is garbage
 * waiting for a collection (V8 lets the heap grow to a size of its choosing first), while anything
 * kept per row would raise the heap that survives each collection.
 */
const FLAT_LIVE_HEAP_MB = 20;

/** The heap that survived each full collection, in MB, from the store's `--trace-gc` lines. */
function liveHeapAfterFullCollections(log: string): number[] {
  return [...log.matchAll(/Mark-Compact [\d.]+ \([\d.]+\) -> ([\d.]+) \(/g)].map((match) =>
    Number(match[1]),
  );
}

/** Pages 1 to 10 of each status in turn: what an admin leafs through. */
function statusPages(): string[] {
  return Array.from({ length: 10 }, (_, page) =>
    ORDER_STATUSES.map((status) => `status=${status}&limit=${PAGE}&offset=${page * PAGE}`),
  ).flat();
}

/**
 * Searches with a status: by a customer's surname when the list searches text, by an order
 * number (one of the seeded ones) when it finds orders by number only.
 */
function searchedPages(byText: boolean): string[] {
  const surnames = ['Smith', 'Okafor', 'Novak', 'Garcia', 'Jensen', 'Rossi', 'Tanaka', 'Khan'];
  return Array.from({ length: 40 }, (_, i) => {
    const status = ORDER_STATUSES[i % ORDER_STATUSES.length];
    const q = byText ? surnames[i % surnames.length] : `TY-${10001 + ((i * 7919) % SCALE.orders)}`;
    return `status=${status}&q=${encodeURIComponent(q as string)}&limit=${PAGE}`;
  });
}

const repeat = <T>(items: T[], count: number) =>
  Array.from({ length: count }, (_, i) => items[i % items.length] as T);

const describe = (l: Latencies) =>
  `p95 ${format.ms(l.p95)}, p50 ${format.ms(l.p50)}, max ${format.ms(l.max)} (${l.count}${l.errors ? `, ${l.errors} errors` : ''})`;

function medianLatencies(runs: Latencies[]): Latencies {
  return {
    p50: median(runs.map((r) => r.p50)),
    p95: median(runs.map((r) => r.p95)),
    max: Math.max(...runs.map((r) => r.max)),
    count: runs.reduce((sum, r) => sum + r.count, 0),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    examples: runs.flatMap((r) => r.examples).slice(0, 3),
  };
}

export async function runBackOffice(options: BenchOptions): Promise<BenchReport> {
  const dataDir = tempDataDir('back-office');
  // --trace-gc: the export's figure reads the heap each full collection leaves (store.log).
  const store = await startStore({ dataDir, nodeArgs: ['--trace-gc'] });
  const database = createDatabase({ url: store.databaseUrl(), max: 4, applicationName: 'bench' });
  const notes: string[] = [];
  try {
    const seeded = await seedScale(store.databaseUrl());
    notes.push(
      `Seeded by bench/seed-scale.ts in ${seeded.seconds.toFixed(0)} s: ${format.count(seeded.counts.tools)} tools, ${format.count(seeded.counts.customers)} customers, ${format.count(seeded.counts.orders)} orders with ${format.count(seeded.lines)} lines (${Object.entries(
        seeded.byStatus,
      )
        .map(([status, count]) => `${format.count(count)} ${status}`)
        .join(', ')}).`,
    );
    const cookie = await signInAdmin(store);
    const headers = { cookie, accept: 'application/json' };
    const api = (paths: string[], prefix: string) => paths.map((path) => `${prefix}${path}`);
    // The baseline calls the very service functions the routes call (listAll reads only the db;
    // the service reads the seller's country when it is made).
    const orders = createOrdersService(database.db, {
      currency: 'USD',
      invoicing: { sellerCountry: 'US' },
    } as unknown as Parameters<typeof createOrdersService>[1]);
    const overview = createOverviewService(database.db, { currency: 'USD' });
    const samples = options.isQuick ? 40 : 200;

    const compare = async (paths: string[], direct: (path: string) => Promise<unknown>) => {
      const requests = repeat(paths, samples);
      // Warm-up: the JIT, both pools, PostgreSQL's buffers.
      await timeSequential(store.url, requests.slice(0, 20), headers);
      await timeCalls(20, (i) => direct(requests[i] as string));
      const runs = await alternate(
        options.rounds,
        () => timeSequential(store.url, requests, headers),
        () => timeCalls(requests.length, (i) => direct(requests[i] as string)),
      );
      return { subject: medianLatencies(runs.subject), baseline: medianLatencies(runs.baseline) };
    };
    const listDirectly = (path: string) => {
      const query = ListOrdersQuerySchema.parse(
        Object.fromEntries(new URLSearchParams(path.split('?')[1])),
      );
      return orders.listAll(query);
    };

    const figures: Figure[] = [];
    const latencyFigure = (
      name: string,
      result: { subject: Latencies; baseline: Latencies },
      goalMs: number,
    ): Figure => ({
      name,
      value: describe(result.subject),
      baseline: `${describe(result.baseline)} in process`,
      ratio: format.ratio(ratio(result.subject.p95, result.baseline.p95)),
      goal: `p95 < ${goalMs} ms`,
      met: result.subject.p95 < goalMs && result.subject.errors === 0,
    });

    const byStatus = await compare(api(statusPages(), '/api/orderlist?'), listDirectly);
    figures.push(latencyFigure('page of 50 by status (pages 1-10)', byStatus, 50));

    const probe = await get(false, `${store.url}/api/orderlist?q=Smith&limit=1`, headers);
    const byText = probe.status === 200;
    notes.push(
      byText
        ? 'Searches: a status and a customer surname (q=Smith, …), first page.'
        : `Searches: a status and an order number (q=TY-…), first page: this branch's list finds orders by number only (q=Smith answers ${probe.status}).`,
    );
    const searched = await compare(api(searchedPages(byText), '/api/orderlist?'), listDirectly);
    figures.push(latencyFigure('page of 50 by status, searched', searched, 50));

    const figuresResult = await compare(['/api/overview'], () => overview.get());
    figures.push(latencyFigure('overview figures', figuresResult, 100));
    for (const result of [byStatus, searched, figuresResult])
      for (const example of result.subject.examples) notes.push(`error: ${example}`);

    figures.push(await exportFigure(store, headers, options, database.pool, notes));
    return {
      bench: 'back-office',
      title: `7. Back office (${format.count(SCALE.orders)} orders, ${format.count(SCALE.tools)} tools, ${format.count(SCALE.customers)} customers; one admin, requests one after another, ${samples} x ${options.rounds} rounds, medians)`,
      figures,
      notes,
    };
  } finally {
    await database.close();
    await store.stop();
    removeDataDir(dataDir);
  }
}

/** The CSV export of every order, while the store's memory is sampled; skipped where absent. */
async function exportFigure(
  store: Store,
  headers: Record<string, string>,
  options: BenchOptions,
  pool: pg.Pool,
  notes: string[],
): Promise<Figure> {
  const name = `CSV export, ${format.count(SCALE.orders)} orders`;
  const goal = `< 5 s, memory flat (live heap within ${FLAT_LIVE_HEAP_MB} MB)`;
  const url = `${store.url}/api/orderlist/export`;
  const exportHeaders = { ...headers, accept: 'text/csv' };
  const probe = await get(false, `${url}?status=unpaid`, exportHeaders);
  if (probe.status === 404) {
    notes.push('CSV export: GET /api/orderlist/export answers 404 on this branch; skipped.');
    return { name, value: 'skipped (no export route)', goal };
  }
  const readAll = async () => {
    const started = performance.now();
    const result = await pool.query('select * from orders order by created_at desc, id desc');
    return { rows: result.rowCount ?? 0, ms: performance.now() - started };
  };
  const storeLog = path.join(store.dataDir, 'store.log');
  const liveHeap: number[] = [];
  const runs = await alternate(
    options.rounds,
    async () => {
      const logBefore = statSync(storeLog).size;
      const run = await downloadWatchingMemory({ url, headers: exportHeaders, pid: store.pid });
      const logged = readFileSync(storeLog).subarray(logBefore).toString('latin1');
      liveHeap.push(...liveHeapAfterFullCollections(logged));
      return run;
    },
    readAll,
  );
  const failed = runs.subject.find((run) => run.status !== 200);
  if (failed) {
    notes.push(`CSV export answered ${failed.status}: ${failed.text}`);
    return { name, value: `failed (${failed.status})`, goal, met: false };
  }
  const growth = (run: ExportRun) => run.rssPeak - run.rssBefore;
  const totalMs = median(runs.subject.map((run) => run.totalMs));
  const maxGrowth = Math.max(...runs.subject.map(growth));
  const first = runs.subject[0] as ExportRun;
  const baselineMs = median(runs.baseline.map((run) => run.ms));
  notes.push(
    `CSV export: ${format.count(first.lines - 1)} rows, ${format.mb(first.bytes)}, first byte after ${format.ms(first.firstByteMs)}; store memory ${format.mb(first.rssBefore)} before, peaks ${runs.subject.map((run) => format.mb(run.rssPeak)).join(' / ')} (sampled every 20 ms).`,
  );
  const liveClimb = liveHeap.length > 0 ? Math.max(...liveHeap) - (liveHeap[0] as number) : 0;
  notes.push(
    `CSV export: the heap left by each full collection during the exports: ${liveHeap.length ? liveHeap.map((mb) => `${mb} MB`).join(', ') : 'none (no full collection was needed)'}.`,
  );
  return {
    name,
    value: `${format.seconds(totalMs)}, peak +${format.mb(Math.max(0, maxGrowth))}, live heap +${liveClimb.toFixed(0)} MB`,
    baseline: `${format.seconds(baselineMs)} (pg: every order in one query, in process)`,
    ratio: format.ratio(ratio(totalMs, baselineMs)),
    goal,
    met: totalMs < 5000 && liveClimb < FLAT_LIVE_HEAP_MB && first.lines - 1 >= SCALE.orders,
  };
}

if (isMain(import.meta.url)) runAlone(runBackOffice);
