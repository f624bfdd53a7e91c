/**
 * 2. Placing orders: 50 signed-in buyers placing valid orders at once, one-line orders and 3-line
 * cart checkouts (the cart filled, then checked out with delivery and tax) in turn, against the
 * database's own limit for this work: the store's own statements for it run by pgbench at 50
 * clients on the same PostgreSQL server (order-ceiling.ts), and,
 * as before, pgbench -N (the database's ceiling for small write transactions); with the store's
 * memory, and PostgreSQL's CPU per order and per transaction, meanwhile.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { alternate } from './lib/alternate.ts';
import { isMain, runAlone } from './lib/main.ts';
import type { BenchOptions } from './lib/options.ts';
import { ceilingBuyers, writeCartCeilingScript, writeCeilingScript } from './lib/order-ceiling.ts';
import { checkOutCarts, type OrderLoadResult, placeOrders } from './lib/order-load.ts';
import {
  findPgbench,
  type PgbenchResult,
  pgbenchInit,
  pgbenchScript,
  pgbenchSimpleUpdate,
  pgbenchVersion,
} from './lib/pgbench.ts';
import { cpuSeconds, rssBytes, treeCpuSeconds } from './lib/processes.ts';
import { type BenchReport, type Figure, format } from './lib/report.ts';
import { seedBuyers, seedTools, signInAdmin } from './lib/seed.ts';
import { setUpShipping } from './lib/shipping.ts';
import { median, ratio } from './lib/stats.ts';
import { removeDataDir, startStore, tempDataDir } from './lib/store.ts';

const BUYERS = 50;
/** The lines of a cart checkout. */
const CART_LINES = 3;
/** The store's own pool of connections to PostgreSQL (its default). */
const STORE_POOL = 20;
const PGBENCH_DATABASE = 'pgbench';

export async function runOrders(options: BenchOptions): Promise<BenchReport> {
  const pgbench = findPgbench();
  const dataDir = tempDataDir('orders');
  const scripts = mkdtempSync(path.join(tmpdir(), 'toolyard-order-ceiling-'));
  const store = await startStore({ dataDir });
  try {
    const toolIds = await seedTools(store.databaseUrl(), 100);
    const buyers = await seedBuyers(store, BUYERS);
    // The ceiling's own buyers, as many: the store's never reach the cap on unpaid orders.
    const ceilingEmails = (await seedBuyers(store, BUYERS, 'ceiling')).map((b) => b.email);
    const destination = await setUpShipping(
      store,
      await signInAdmin(store),
      buyers[0] as (typeof buyers)[number],
    );
    const admin = new pg.Client({ connectionString: store.databaseUrl() });
    await admin.connect();
    await admin.query(`create database ${PGBENCH_DATABASE}`);
    await admin.end();
    const pgbenchUrl = store.databaseUrl(PGBENCH_DATABASE);
    await pgbenchInit(pgbench, pgbenchUrl, 10);
    const postgres = store.postgresPid();

    const load = { url: store.url, origin: store.origin, buyers, toolIds };
    const oneLine = (seconds: number) =>
      measuring(store.pid, postgres, () => placeOrders({ ...load, seconds }));
    const threeLines = (seconds: number) =>
      measuring(store.pid, postgres, () =>
        checkOutCarts({ ...load, seconds, lines: CART_LINES, destination }),
      );
    const postgresCpu = () => treeCpuSeconds(postgres);
    const simpleUpdates = (seconds: number) =>
      pgbenchSimpleUpdate(pgbench, pgbenchUrl, { clients: BUYERS, seconds, cpu: postgresCpu });
    await oneLine(options.warmupSeconds);
    await threeLines(options.warmupSeconds);
    await simpleUpdates(options.warmupSeconds);
    // The store's own transaction, copied from the orders the warm-up placed.
    const scriptOptions = {
      databaseUrl: store.databaseUrl(),
      buyers: await ceilingBuyers(store.databaseUrl(), ceilingEmails),
      toolIds,
      dir: scripts,
    };
    const ceiling =
      (kind: 'one-line' | 'cart', script: string, clients = BUYERS) =>
      async (seconds: number) => {
        // The store is paused meanwhile: its mail queue would send the script's emails as they are
        // written, a share of the two cores taken from PostgreSQL (the emails are not sent at all).
        return pausing(store.pid, async () => {
          const before = await writtenSoFar(store.databaseUrl());
          const cartsBefore = await cartsSoFar(store.databaseUrl());
          const run = await pgbenchScript(pgbench, store.databaseUrl(), script, {
            clients,
            seconds,
            cpu: postgresCpu,
          });
          const after = await writtenSoFar(store.databaseUrl());
          const lines = kind === 'cart' ? CART_LINES : 1;
          assertWrittenAsTheStore(lines, run.allTransactions, before, after);
          if (kind === 'cart') {
            assertCartsCheckedOut(
              run.allTransactions,
              cartsBefore,
              await cartsSoFar(store.databaseUrl()),
            );
          }
          await markSent(store.databaseUrl(), ceilingEmails);
          return run;
        });
      };
    const oneScript = await writeCeilingScript(scriptOptions);
    const ceilingOne = ceiling('one-line', oneScript);
    const ceilingOnePool = ceiling('one-line', oneScript, STORE_POOL);
    const cartScript = await writeCartCeilingScript({
      ...scriptOptions,
      lines: CART_LINES,
      tax: destination.tax,
    });
    const ceilingThree = ceiling('cart', cartScript);
    const ceilingThreePool = ceiling('cart', cartScript, STORE_POOL);
    await ceilingOne(options.warmupSeconds);
    await ceilingThree(options.warmupSeconds);

    const one: Measured<OrderLoadResult>[] = [];
    const three: Measured<OrderLoadResult>[] = [];
    const simple: PgbenchResult[] = [];
    const own: PgbenchResult[] = [];
    const ownThree: PgbenchResult[] = [];
    const ownPool: PgbenchResult[] = [];
    const ownThreePool: PgbenchResult[] = [];
    await alternate(
      options.rounds,
      async () => {
        one.push(await oneLine(options.durationSeconds));
        three.push(await threeLines(options.durationSeconds));
      },
      async () => {
        simple.push(await simpleUpdates(options.durationSeconds));
        own.push(await ceilingOne(options.durationSeconds));
        ownThree.push(await ceilingThree(options.durationSeconds));
        ownPool.push(await ceilingOnePool(options.durationSeconds));
        ownThreePool.push(await ceilingThreePool(options.durationSeconds));
      },
    );
    const tps = median(simple.map((r) => r.tps));
    const simpleCpu = pgbenchCpu(simple);
    const simpleFigure = `${format.count(tps)} tps, avg ${format.ms(median(simple.map((r) => r.latencyAverageMs)))}, PostgreSQL ${cpuMs(simpleCpu)} ms CPU a transaction (pgbench -N, ${BUYERS} clients)`;
    const peakRss = Math.max(...[...one, ...three].map((r) => r.peakRss));
    const version = await pgbenchVersion(pgbench);
    return {
      bench: 'orders',
      title: `2. Placing orders (${BUYERS} buyers at once, ${options.durationSeconds} s x ${options.rounds} rounds, medians)`,
      figures: [
        ceilingFigure("the store's one-line order transaction, pgbench", own, simpleCpu),
        ...orderFigures('one-line orders (POST /api/user?email=)', one, own, simpleCpu, {
          share: 0.7,
          p99Ms: 60,
        }),
        {
          ...ceilingFigure(
            `the same at ${STORE_POOL} clients (the store's pool)`,
            ownPool,
            simpleCpu,
          ),
          baseline: `one-line orders ${ratioTo(one, median(ownPool.map((r) => r.tps)))} of it`,
        },
        ceilingFigure(
          "the store's 3-line cart checkout (filled, checked out), pgbench",
          ownThree,
          simpleCpu,
        ),
        {
          ...ceilingFigure(
            `the same at ${STORE_POOL} clients (the store's pool)`,
            ownThreePool,
            simpleCpu,
          ),
          baseline: `3-line cart checkouts ${ratioTo(three, median(ownThreePool.map((r) => r.tps)))} of it`,
        },
        ...orderFigures(
          '3-line cart checkouts (filled, then checked out: shipped, taxed; latency of the checkout)',
          three,
          ownThree,
          simpleCpu,
          { share: 0.6, p99Ms: 80 },
        ),
        {
          name: 'pgbench -N, the ceiling for small writes',
          value: simpleFigure,
          baseline: `one-line orders ${ratioTo(one, tps)}, cart checkouts ${ratioTo(three, tps)} of it`,
        },
        {
          name: 'store memory under the order load (peak RSS)',
          value: format.mb(peakRss),
          goal: '< 200 MB',
          met: peakRss < 200 * 1024 * 1024,
        },
      ],
      notes: [
        `pgbench ${version} runs the store's own order transaction (bench/lib/order-ceiling.ts: toolyard_order_context, then toolyard_place_order and COMMIT, two round trips, one client per buyer, its own ${BUYERS} buyers) in the store's database, and -N (scale 10) in its own; the store keeps its default pool.`,
        `A cart checkout: the buyer's cart filled with ${CART_LINES} tools (PUT /api/cart), then checked out (POST /api/cart/checkout with its version) to a typed address in ${destination.country} with the delivery method an admin set up (${(destination.deliveryPrice / 100).toFixed(2)} before tax) and the country's tax (${destination.tax.rateBasisPoints / 100} %). Its pgbench script is one whole checkout: the cart's two statements as PUT /api/cart sends them, toolyard_cart_order_context, then toolyard_place_order, toolyard_check_out_cart and COMMIT; each run checked to have written an order, its lines and email, taken its stock and emptied the cart per transaction. The delivery methods and tax rates the checkout is judged on the store keeps in memory (decision 075), so neither side reads them per checkout.`,
        `The least p99 ${BUYERS} buyers who each wait for their answer can have is their mean time, ${BUYERS} / the rate (Little's law): ${format.ms((1000 * BUYERS) / median(one.map((r) => r.result.ordersPerSecond)))} for one-line orders at this run's rate, so a p99 under 60 ms needs over ${format.count(BUYERS / 0.06)} orders a second. For cart checkouts the same gives a buyer's whole round, the cart filled and then checked out: ${format.ms((1000 * BUYERS) / median(three.map((r) => r.result.ordersPerSecond)))} on average.`,
        "PostgreSQL CPU: user + system time of all its processes (/proc), over each run, divided by the orders or transactions completed (the store's includes sending each order's email from the outbox). pgbench's rate, p99 and CPU count from 2 s into each run, once its new connections have warmed up (the store's pool is warm); the store is paused while pgbench runs the store's transaction.",
        ...[...one, ...three]
          .flatMap((r) => r.result.examples)
          .map((example) => `error: ${example}`),
        ...[...simple, ...own, ...ownThree, ...ownPool, ...ownThreePool]
          .flatMap((r) => r.examples)
          .map((example) => `pgbench error: ${example}`),
      ],
    };
  } finally {
    await store.stop();
    removeDataDir(dataDir);
    rmSync(scripts, { recursive: true, force: true });
  }
}

/** Runs `work` with the process stopped (SIGSTOP), continuing it after, whatever happens. */
async function pausing<T>(pid: number, work: () => Promise<T>): Promise<T> {
  const resume = () => process.kill(pid, 'SIGCONT');
  process.kill(pid, 'SIGSTOP');
  process.once('exit', resume);
  try {
    return await work();
  } finally {
    process.off('exit', resume);
    resume();
  }
}

/** Carts checked out so far, the sum of the carts' versions, and the carts holding lines. */
interface Carts {
  checkouts: number;
  versions: number;
  full: number;
}

async function cartsSoFar(databaseUrl: string): Promise<Carts> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<Record<keyof Carts, string>>(
      `select (select count(*) from cart_checkouts) as checkouts,
              (select coalesce(sum(version), 0) from carts) as versions,
              (select count(*) from carts where jsonb_array_length(lines) > 0) as full`,
    );
    const row = rows[0] as Record<keyof Carts, string>;
    return {
      checkouts: Number(row.checkouts),
      versions: Number(row.versions),
      full: Number(row.full),
    };
  } finally {
    await client.end();
  }
}

/**
 * Each transaction of the cart's script filled a cart and checked it out: one checkout recorded,
 * the cart's version raised twice (filled, emptied), and every cart empty after the run.
 */
function assertCartsCheckedOut(transactions: number, b: Carts, a: Carts) {
  const checkouts = a.checkouts - b.checkouts;
  const versions = a.versions - b.versions;
  if (checkouts !== transactions || versions !== 2 * transactions || a.full !== 0) {
    throw new Error(
      `the cart ceiling's ${transactions} transactions recorded ${checkouts} checkouts, raised the versions by ${versions} and left ${a.full} carts full: not what the store writes`,
    );
  }
}

/** Rows the order tables hold, and the stock taken so far: what each ceiling run must add. */
interface Written {
  orders: number;
  lines: number;
  mail: number;
  stock: number;
  units: number;
}

async function writtenSoFar(databaseUrl: string): Promise<Written> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<Record<keyof Written, string>>(
      `select (select count(*) from orders) as orders, (select count(*) from order_lines) as lines,
              (select count(*) from mail_outbox) as mail, (select sum(quantity) from tools) as stock,
              (select sum(quantity) from order_lines) as units`,
    );
    const row = rows[0] as Record<keyof Written, string>;
    return {
      orders: Number(row.orders),
      lines: Number(row.lines),
      mail: Number(row.mail),
      stock: Number(row.stock),
      units: Number(row.units),
    };
  } finally {
    await client.end();
  }
}

/** Each transaction pgbench counted wrote an order, its lines, its email, and took its stock. */
function assertWrittenAsTheStore(lines: number, transactions: number, b: Written, a: Written) {
  const added = {
    orders: a.orders - b.orders,
    lines: a.lines - b.lines,
    mail: a.mail - b.mail,
    stockTaken: b.stock - a.stock,
    units: a.units - b.units,
  };
  const isRight =
    added.orders === transactions &&
    added.lines === lines * transactions &&
    added.mail === transactions &&
    added.stockTaken === added.units;
  if (!isRight) {
    throw new Error(
      `the ceiling's ${transactions} transactions wrote ${JSON.stringify(added)}: not what the store writes`,
    );
  }
}

/**
 * The ceiling's emails marked sent once its run is over: the store's mail queue would otherwise
 * send them during the store's next run (its own are sent as it places them).
 */
async function markSent(databaseUrl: string, emails: string[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `update mail_outbox set status = 'sent', sent_at = now(), updated_at = now()
        where status = 'pending' and "to" = any($1)`,
      [emails],
    );
  } finally {
    await client.end();
  }
}

interface Measured<T> {
  result: T;
  /** The store's largest resident memory during the run. */
  peakRss: number;
  /** CPU seconds all of PostgreSQL's processes used during the run. */
  postgresCpu: number;
  /** CPU seconds the store's own process used during the run. */
  storeCpu: number;
}

/** Runs `work` while sampling the store's resident memory every 100 ms and PostgreSQL's CPU. */
async function measuring<T>(
  pid: number,
  postgresPid: number,
  work: () => Promise<T>,
): Promise<Measured<T>> {
  const postgresCpu = () => treeCpuSeconds(postgresPid);
  let peakRss = rssBytes(pid);
  const cpuBefore = postgresCpu();
  const storeBefore = cpuSeconds(pid).own;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssBytes(pid));
  }, 100);
  try {
    const result = await work();
    return {
      result,
      peakRss: Math.max(peakRss, rssBytes(pid)),
      postgresCpu: postgresCpu() - cpuBefore,
      storeCpu: cpuSeconds(pid).own - storeBefore,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** PostgreSQL's (or the store's own) CPU seconds per order placed, over all the runs. */
function cpuPerOrder(
  runs: Measured<OrderLoadResult>[],
  of: 'postgresCpu' | 'storeCpu' = 'postgresCpu',
): number {
  const orders = runs.reduce((sum, r) => sum + r.result.placed, 0);
  return runs.reduce((sum, r) => sum + r[of], 0) / orders;
}

/** PostgreSQL's CPU seconds per transaction once settled, over all the runs. */
function pgbenchCpu(runs: PgbenchResult[]): number {
  const transactions = runs.reduce((sum, r) => sum + r.transactions, 0);
  return runs.reduce((sum, r) => sum + r.cpu, 0) / transactions;
}

function cpuMs(seconds: number): string {
  return (seconds * 1000).toFixed(2);
}

function ratioTo(runs: Measured<OrderLoadResult>[], tps: number): string {
  return format.ratio(ratio(median(runs.map((r) => r.result.ordersPerSecond)), tps));
}

/** The store's own transaction through pgbench: the ceiling the store's orders are measured on. */
function ceilingFigure(name: string, results: PgbenchResult[], simpleCpu: number): Figure {
  const cpu = pgbenchCpu(results);
  return {
    name,
    value: `${format.count(median(results.map((r) => r.tps)))} tx/s, p99 ${format.ms(median(results.map((r) => r.p99Ms)))}, ${results.reduce((sum, r) => sum + r.failed, 0)} failed in ${format.count(results.reduce((sum, r) => sum + r.allTransactions, 0))}; PostgreSQL ${cpuMs(cpu)} ms CPU a transaction`,
    ratio: `${format.ratio(ratio(cpu, simpleCpu))} x pgbench -N's CPU`,
  };
}

function orderFigures(
  name: string,
  runs: Measured<OrderLoadResult>[],
  ceiling: PgbenchResult[],
  simpleCpu: number,
  goal: { share: number; p99Ms: number },
): Figure[] {
  const placed = runs.map((r) => r.result);
  const ordersPerSecond = median(placed.map((r) => r.ordersPerSecond));
  const p99 = median(placed.map((r) => r.p99));
  const errors = placed.reduce((sum, r) => sum + r.errors, 0);
  const tps = median(ceiling.map((r) => r.tps));
  const share = ratio(ordersPerSecond, tps);
  const cpu = cpuPerOrder(runs);
  return [
    {
      name,
      value: `${format.count(ordersPerSecond)} orders/s, p50 ${format.ms(median(placed.map((r) => r.p50)))}, p99 ${format.ms(p99)}, ${errors} errors in ${format.count(placed.reduce((sum, r) => sum + r.placed + r.errors, 0))}`,
      baseline: `${format.count(tps)} tx/s, the same transaction by pgbench`,
      ratio: format.ratio(share),
      goal: `>= ${goal.share.toFixed(2)} of it; p99 < ${goal.p99Ms} ms; 0 errors`,
      met: share >= goal.share && p99 < goal.p99Ms && errors === 0,
    },
    {
      name: `${name.split(' (')[0]}: PostgreSQL CPU per order`,
      value: `${cpuMs(cpu)} ms (the store's own process: ${cpuMs(cpuPerOrder(runs, 'storeCpu'))} ms)`,
      baseline: `${cpuMs(simpleCpu)} ms a pgbench -N transaction`,
      ratio: format.ratio(ratio(cpu, simpleCpu)),
      goal: '<= 2 x pgbench -N',
      met: cpu <= 2 * simpleCpu,
    },
  ];
}

if (isMain(import.meta.url)) runAlone(runOrders);
