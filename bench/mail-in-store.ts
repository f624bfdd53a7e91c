import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { placeOrders } from './lib/order-load.ts';
import { sleep, treeCpuSeconds } from './lib/processes.ts';
import { seedBuyers, seedTools } from './lib/seed.ts';
import { ROOT, removeDataDir, startStore, tempDataDir } from './lib/store.ts';

/**
 * Two builds of the store (dist folders given as arguments) placing one-line orders in turn on one
 * database: PostgreSQL's CPU and WAL per order, the mail queue's work included (each run waits
 * until the emails it caused are sent), and how many emails each lease carried (rows sent together
 * share the sent mark's transaction id). Each build is copied in turn into dist/, and the dist/
 * there was is put back at the end: build each with `node --import tsx scripts/build-server.ts`
 * and copy dist/ aside first.
 *
 * A_SQL and B_SQL, when set, run once each store has started, before its warm-up, a statement at a
 * time (split at semicolons): one build on two settings of the database (e.g. a storage parameter
 * set and reset).
 *
 * node --import tsx bench/mail-in-store.ts <dist A> <dist B> [seconds] [repetitions] [buyers]
 */
const [distA, distB] = [process.argv[2], process.argv[3]];
const SECONDS = Number(process.argv[4] ?? 20);
const REPETITIONS = Number(process.argv[5] ?? 2);
/** Buyers placing orders at once (50 as in bench/orders.ts; fewer for a store not at its limit). */
const BUYERS = Number(process.argv[6] ?? 50);
if (!distA || !distB) throw new Error('give two dist folders');

function installBuild(dist: string) {
  rmSync(path.join(ROOT, 'dist'), { recursive: true, force: true });
  cpSync(dist, path.join(ROOT, 'dist'), { recursive: true });
}

async function query<T>(url: string, sql: string): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows[0] as T;
  } finally {
    await client.end();
  }
}

const dataDir = tempDataDir('mail-in-store');
// The build the tree had, kept aside while the two take turns, and put back at the end.
const ownDist = path.join(ROOT, 'dist');
const keptDist = path.join(mkdtempSync(path.join(os.tmpdir(), 'toolyard-dist-')), 'dist');
if (existsSync(ownDist)) cpSync(ownDist, keptDist, { recursive: true, preserveTimestamps: true });
try {
  installBuild(distA);
  let store = await startStore({ dataDir });
  const toolIds = await seedTools(store.databaseUrl(), 100);
  const buyers = await seedBuyers(store, 50);
  await store.stop();
  let run = -1;
  for (let rep = 1; rep <= REPETITIONS; rep += 1) {
    for (const [name, dist] of [
      ['A', distA],
      ['B', distB],
    ] as const) {
      installBuild(dist);
      run = (run + 1) % Math.floor(buyers.length / BUYERS);
      store = await startStore({ dataDir });
      const url = store.databaseUrl();
      const setting = name === 'A' ? process.env.A_SQL : process.env.B_SQL;
      for (const statement of (setting ?? '').split(';').filter((text) => text.trim()))
        await query(url, statement);
      const load = (seconds: number) =>
        placeOrders({
          url: store.url,
          origin: store.origin,
          // Fresh buyers for each run: each may hold 1,000 unpaid orders.
          buyers: buyers.slice(run * BUYERS, (run + 1) * BUYERS),
          toolIds,
          seconds,
        });
      const drained = async () => {
        for (let i = 0; i < 600; i += 1) {
          const { n } = await query<{ n: string }>(
            url,
            `select count(*) as n from mail_outbox where status = 'pending'`,
          );
          if (n === '0') return;
          await sleep(200);
        }
        throw new Error('the mail queue did not drain');
      };
      await load(5);
      await drained();
      const marks = () =>
        query<{ wal: string; now: string; upd: string; hot: string; fpi: string }>(
          url,
          `select pg_current_wal_insert_lsn() - '0/0'::pg_lsn as wal, now()::text as now,
                  n_tup_upd as upd, n_tup_hot_upd as hot, (select wal_fpi from pg_stat_wal) as fpi
             from pg_stat_user_tables where relname = 'mail_outbox'`,
        );
      const before = await marks();
      const cpu0 = treeCpuSeconds(store.postgresPid());
      const result = await load(SECONDS);
      await drained();
      const cpu = treeCpuSeconds(store.postgresPid()) - cpu0;
      await sleep(1000);
      const after = await marks();
      const batches = await query<{ messages: string; batches: string }>(
        url,
        `select count(*) as messages, count(distinct xmin::text) as batches from mail_outbox
          where status = 'sent' and created_at >= '${before.now}'`,
      );
      const placed = result.placed;
      console.log(
        `${name} rep ${rep}: ${result.ordersPerSecond.toFixed(0)} orders/s, p99 ${result.p99.toFixed(0)} ms, ${result.errors} errors; PostgreSQL ${((cpu / placed) * 1000).toFixed(3)} ms CPU and ${((Number(after.wal) - Number(before.wal)) / placed / 1024).toFixed(2)} KB WAL an order (${((Number(after.fpi) - Number(before.fpi)) / placed).toFixed(2)} full-page images); ${batches.messages} emails in ${batches.batches} sent marks (${(Number(batches.messages) / Number(batches.batches)).toFixed(1)} each); mail_outbox updates ${Number(after.upd) - Number(before.upd)}, HOT ${Number(after.hot) - Number(before.hot)}; load ${(os.loadavg()[0] ?? 0).toFixed(1)}`,
      );
      await store.stop();
    }
  }
} finally {
  removeDataDir(dataDir);
  rmSync(ownDist, { recursive: true, force: true });
  if (existsSync(keptDist))
    cpSync(keptDist, ownDist, { recursive: true, preserveTimestamps: true });
  rmSync(path.dirname(keptDist), { recursive: true, force: true });
}
