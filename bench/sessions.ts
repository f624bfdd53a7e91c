/**
 * 8. Signed-in work: sign-ins per second against raw scrypt hashes per second with the same
 * parameters, and an authenticated read (a customer's 20 orders, `GET /api/user?email=`) at 50
 * connections against a plain node:http server answering the same bytes.
 */
import { availableParallelism } from 'node:os';
import { BROWSER_HEADERS, CONNECTIONS, compareLoads, describeLoad } from './catalogue.ts';
import { alternate } from './lib/alternate.ts';
import { startCeiling } from './lib/ceiling.ts';
import { isMain, runAlone } from './lib/main.ts';
import type { BenchOptions } from './lib/options.ts';
import { placeOrders } from './lib/order-load.ts';
import { type BenchReport, format } from './lib/report.ts';
import { seedBuyers, seedTools } from './lib/seed.ts';
import { hashesPerSecond, type SignInResult, signIns } from './lib/sign-in-load.ts';
import { median, ratio } from './lib/stats.ts';
import { removeDataDir, startStore, tempDataDir } from './lib/store.ts';

/** As the store configures itself on this machine (server/config.ts): half the cores hash. */
const HASHING_CONCURRENCY = Math.max(1, Math.floor(availableParallelism() / 2));
/** Sign-ins at once: enough to keep every hashing slot busy, within the gate's queue. */
const SIGN_IN_CLIENTS = HASHING_CONCURRENCY * 4;

export async function runSessions(options: BenchOptions): Promise<BenchReport> {
  const dataDir = tempDataDir('sessions');
  const store = await startStore({ dataDir });
  try {
    const toolIds = await seedTools(store.databaseUrl(), 100);
    const buyers = await seedBuyers(store, SIGN_IN_CLIENTS + 1);
    const reader = buyers[0] as (typeof buyers)[number];

    // Sign-ins, against the same scrypt in a process of its own.
    const signing = (seconds: number) =>
      signIns({ url: store.url, origin: store.origin, buyers: buyers.slice(1), seconds });
    const hashing = (seconds: number) =>
      hashesPerSecond({ concurrency: HASHING_CONCURRENCY, seconds });
    await signing(options.warmupSeconds);
    await hashing(options.warmupSeconds);
    const runs = await alternate<SignInResult, number>(
      options.rounds,
      () => signing(options.durationSeconds),
      () => hashing(options.durationSeconds),
    );
    const perSecond = median(runs.subject.map((r) => r.perSecond));
    const hashes = median(runs.baseline);
    const signInErrors = runs.subject.reduce((sum, r) => sum + r.errors, 0);
    const signInShare = ratio(perSecond, hashes);

    // A customer with 20 orders reads them, 50 connections at once, with one session.
    const placed = await placeOrders({
      url: store.url,
      origin: store.origin,
      buyers: [reader],
      toolIds,
      seconds: 60,
      count: 20,
    });
    if (placed.placed !== 20) throw new Error(`placed ${placed.placed} orders, not 20`);
    const path = `/api/user?email=${encodeURIComponent(reader.email)}`;
    const headers = { ...BROWSER_HEADERS, cookie: reader.cookie };
    const ceiling = await startCeiling(store.url, [path], headers);
    let read: Awaited<ReturnType<typeof compareLoads>>;
    try {
      read = await compareLoads(options, `${store.url}${path}`, `${ceiling.url}${path}`, {
        headers,
      });
    } finally {
      await ceiling.stop();
    }
    const readShare = ratio(read.subject.rps, read.baseline.rps);
    const readFailures = read.subject.errors + read.subject.non2xx;
    return {
      bench: 'sessions',
      title: `8. Signed-in work (${options.durationSeconds} s x ${options.rounds} rounds, medians)`,
      figures: [
        {
          name: `sign-ins (${SIGN_IN_CLIENTS} at once)`,
          value: `${perSecond.toFixed(1)} sign-ins/s, p99 ${format.ms(median(runs.subject.map((r) => r.p99)))}, ${signInErrors} errors`,
          baseline: `${hashes.toFixed(1)} scrypt hashes/s (N 16384, r 16, p 1, ${HASHING_CONCURRENCY} at once)`,
          ratio: format.ratio(signInShare),
          goal: '>= 0.80 of scrypt',
          met: signInShare >= 0.8 && signInErrors === 0,
        },
        {
          name: `a customer's 20 orders, signed in (${CONNECTIONS} connections)`,
          value: describeLoad(read.subject),
          baseline: `${describeLoad(read.baseline)} (node:http)`,
          ratio: format.ratio(readShare),
          goal: '>= 0.50 of ceiling',
          met: readShare >= 0.5 && readFailures === 0,
        },
      ],
      notes: [
        `The store hashes ${HASHING_CONCURRENCY} password(s) at once on this machine (half its cores, server/config.ts); the baseline hashes as many at once with node:crypto scrypt and Better Auth's parameters, in a process of its own.`,
        'The read carries a session cookie and Accept-Encoding like a browser; the ceiling answers the very bytes and headers the store answered.',
        ...runs.subject.flatMap((r) => r.examples).map((example) => `error: ${example}`),
      ],
    };
  } finally {
    await store.stop();
    removeDataDir(dataDir);
  }
}

if (isMain(import.meta.url)) runAlone(runSessions);
