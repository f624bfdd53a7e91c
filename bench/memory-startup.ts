/**
 * 4. Memory and start-up: resident memory of the store's process idle and under the catalogue
 * load, and of its embedded PostgreSQL; time from start to a healthy /api/health on a first start
 * (new cluster, migrations) and on restarts. The baseline is a bare node:http server started the
 * same way, alternately.
 */
import { BROWSER_HEADERS, CATALOGUE_TARGETS, CONNECTIONS } from './catalogue.ts';
import { load } from './lib/cannon.ts';
import { isMain, runAlone } from './lib/main.ts';
import type { BenchOptions } from './lib/options.ts';
import {
  freePort,
  processTree,
  pssBytes,
  rssBytes,
  sleep,
  spawnNode,
  stopChild,
} from './lib/processes.ts';
import { type BenchReport, format } from './lib/report.ts';
import { seedTools } from './lib/seed.ts';
import { median, ratio } from './lib/stats.ts';
import {
  ROOT,
  removeDataDir,
  type Store,
  startStore,
  tempDataDir,
  waitHealthy,
} from './lib/store.ts';

const MB = 1024 * 1024;

/** Starts the bare server, waits for its health answer; returns the time and its memory. */
async function startBaseline(): Promise<{ startMs: number; rss: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawnNode('bench/lib/hello-server.mjs', {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port) },
  });
  await waitHealthy(`http://127.0.0.1:${port}`, child, 30_000);
  const startMs = performance.now() - started;
  await sleep(500);
  const rss = rssBytes(child.pid as number);
  await stopChild(child);
  return { startMs, rss };
}

/** PostgreSQL's memory: the proportional share of all its processes (shared memory once). */
function postgresBytes(store: Store): number {
  return processTree(store.postgresPid()).reduce((sum, pid) => sum + pssBytes(pid), 0);
}

/** Samples the store's memory every 200 ms while `work` runs; returns the peaks. */
async function peakDuring(store: Store, work: () => Promise<unknown>) {
  let peakApp = 0;
  let peakPostgres = 0;
  let isRunning = true;
  const sampler = (async () => {
    while (isRunning) {
      peakApp = Math.max(peakApp, rssBytes(store.pid));
      peakPostgres = Math.max(peakPostgres, postgresBytes(store));
      await sleep(200);
    }
  })();
  await work();
  isRunning = false;
  await sampler;
  return { peakApp, peakPostgres };
}

export async function runMemoryStartup(options: BenchOptions): Promise<BenchReport> {
  const dataDir = tempDataDir('memory');
  const firstBaseline = await startBaseline();
  let store = await startStore({ dataDir });
  const firstStartMs = store.startMs;
  try {
    await seedTools(store.databaseUrl(), 100);
    // Settle: start-up garbage collected, pools idle.
    await sleep(options.isQuick ? 2_000 : 5_000);
    const idleApp = rssBytes(store.pid);
    const idlePostgres = postgresBytes(store);
    const current = store;
    const loaded = await peakDuring(current, async () => {
      for (const target of CATALOGUE_TARGETS) {
        await load({
          url: `${current.url}${target.path}`,
          connections: CONNECTIONS,
          seconds: options.durationSeconds,
          headers: BROWSER_HEADERS,
        });
      }
    });

    const restarts: number[] = [];
    const baselines: number[] = [firstBaseline.startMs];
    const baselineRss: number[] = [firstBaseline.rss];
    const rounds = options.isQuick ? 1 : 3;
    for (let round = 0; round < rounds; round += 1) {
      await store.stop();
      store = await startStore({ dataDir });
      restarts.push(store.startMs);
      const baseline = await startBaseline();
      baselines.push(baseline.startMs);
      baselineRss.push(baseline.rss);
    }
    const restartMs = median(restarts);
    const baselineMs = median(baselines);
    const bareRss = median(baselineRss);
    return {
      bench: 'memory',
      title: `4. Memory and start-up (store process RSS; PostgreSQL as PSS of all its processes; ${rounds} restarts, median)`,
      figures: [
        {
          name: 'store memory, idle',
          value: format.mb(idleApp),
          baseline: `${format.mb(bareRss)} (bare node:http)`,
          ratio: format.ratio(ratio(idleApp, bareRss)),
          goal: '< 150 MB',
          met: idleApp < 150 * MB,
        },
        {
          name: 'store memory, under catalogue load (peak)',
          value: format.mb(loaded.peakApp),
          goal: '< 250 MB',
          met: loaded.peakApp < 250 * MB,
        },
        {
          name: 'embedded PostgreSQL memory, idle / under load',
          value: `${format.mb(idlePostgres)} / ${format.mb(loaded.peakPostgres)}`,
        },
        {
          name: 'start to healthy, first start',
          value: format.seconds(firstStartMs),
          baseline: `${format.seconds(firstBaseline.startMs)} (bare node:http)`,
          ratio: format.ratio(ratio(firstStartMs, firstBaseline.startMs)),
        },
        {
          name: 'start to healthy, restart',
          value: format.seconds(restartMs),
          baseline: `${format.seconds(baselineMs)} (bare node:http)`,
          ratio: format.ratio(ratio(restartMs, baselineMs)),
          goal: '< 3 s',
          met: restartMs < 3_000,
        },
      ],
      notes: [
        'A first start creates the PostgreSQL cluster (initdb) and applies every migration; a restart finds both done.',
        `Restarts: ${restarts.map((ms) => format.seconds(ms)).join(', ')}; bare node:http starts: ${baselines.map((ms) => format.seconds(ms)).join(', ')}.`,
      ],
    };
  } finally {
    await store.stop();
    removeDataDir(dataDir);
  }
}

if (isMain(import.meta.url)) runAlone(runMemoryStartup);
