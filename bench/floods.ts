/**
 * 9. Floods (issue 25): one client asking for 1,000 pages the page cache cannot keep, 100 at once,
 * and 17 addresses holding 241 idle connections each (the cap of 4,096). Measured: the health
 * check and a cached catalogue read, each on a new connection from another address, while the
 * flood lasts; baseline: the same probes on the same store at rest, alternately in the same run.
 */
import {
  type Answer,
  flood,
  holdIdleConnections,
  probe,
  statusCounts,
} from '../server/testing/floods.ts';
import { isMain, runAlone } from './lib/main.ts';
import type { BenchOptions } from './lib/options.ts';
import { type BenchReport, type Figure, format } from './lib/report.ts';
import { median, percentile, ratio } from './lib/stats.ts';
import { removeDataDir, startStore, tempDataDir } from './lib/store.ts';
import { ensureWebBuild } from './lib/web-build.ts';

const HEALTH = '/api/health';
const CATALOGUE = '/api/tools?limit=24';
const PROBE_FROM = '127.0.0.1';
const PROBES = [HEALTH, CATALOGUE];

type Probes = Record<string, Answer[]>;

const msOf = (answers: Answer[]) => answers.map((answer) => answer.ms).sort((a, b) => a - b);

function describeProbes(answers: Answer[]): string {
  const ms = msOf(answers);
  const failed = answers.filter((answer) => answer.status !== 200).length;
  return `median ${format.ms(median(ms))}, p90 ${format.ms(percentile(ms, 90))}, max ${format.ms(ms.at(-1) ?? Number.NaN)}${failed ? `, ${failed} of ${answers.length} not 200` : ''}`;
}

function merge(into: Probes, from: Probes): void {
  for (const path of PROBES) into[path] = [...(into[path] ?? []), ...(from[path] ?? [])];
}

function describeCounts(answers: Answer[]): string {
  return Object.entries(statusCounts(answers))
    .map(([status, count]) => `${status === '0' ? 'no answer' : status}: ${format.count(count)}`)
    .join(', ');
}

export async function runFloods(options: BenchOptions): Promise<BenchReport> {
  ensureWebBuild(options.forceBuild);
  const dataDir = tempDataDir('floods');
  // Every limit at its default, as a store on the internet runs.
  const store = await startStore({ dataDir, seedDemo: true, env: { RATE_LIMITS: 'true' } });
  const port = Number(new URL(store.url).port);
  const total = options.isQuick ? 200 : 1_000;
  const perAddress = options.isQuick ? 40 : 241;
  const atRest: Probes = {};
  const underRenders: Probes = {};
  const underIdle: Probes = {};
  const floodAnswers: Answer[] = [];
  let floodMs = 0;
  let held = 0;
  const rest = () =>
    probe({
      base: store.url,
      from: PROBE_FROM,
      paths: PROBES,
      until: Promise.resolve(),
      intervalMs: 100,
      minimum: options.isQuick ? 5 : 20,
    });
  try {
    await fetch(`${store.url}${CATALOGUE}`);
    for (let round = 0; round < options.rounds; round += 1) {
      merge(atRest, await rest());
      const started = performance.now();
      const flooding = flood({
        base: store.url,
        from: '127.0.0.5',
        total,
        concurrency: 100,
        path: (i) => `/tools?q=drill${round}x${i}`,
      });
      merge(
        underRenders,
        await probe({
          base: store.url,
          from: PROBE_FROM,
          paths: PROBES,
          until: flooding,
          intervalMs: 100,
          minimum: 5,
        }),
      );
      floodAnswers.push(...(await flooding));
      floodMs += performance.now() - started;
      const hold = await holdIdleConnections({
        port,
        addresses: Array.from({ length: 17 }, (_, i) => `127.0.${i + 10}.1`),
        perAddress,
      });
      try {
        merge(underIdle, await rest());
        held = Math.max(held, hold.open());
      } finally {
        hold.release();
      }
      merge(atRest, await rest());
    }
  } finally {
    await store.stop();
    removeDataDir(dataDir);
  }
  const figures: Figure[] = [];
  for (const [label, probes] of [
    ['page flood', underRenders],
    ['idle connections', underIdle],
  ] as const) {
    for (const [name, path] of [
      ['/api/health', HEALTH],
      ['cached catalogue read', CATALOGUE],
    ] as const) {
      const answers = probes[path] ?? [];
      const quiet = atRest[path] ?? [];
      const value = median(msOf(answers));
      figures.push({
        name: `${label}: ${name}`,
        value: describeProbes(answers),
        baseline: `at rest: ${describeProbes(quiet)}`,
        ratio: format.ratio(ratio(value, median(msOf(quiet)))),
        goal: 'median < 1 s, every answer 200',
        met: value < 1_000 && answers.every((answer) => answer.status === 200),
      });
    }
  }
  figures.push({
    name: 'page flood: what the flooding client got',
    value: `${describeCounts(floodAnswers)} in ${format.seconds(floodMs)}`,
  });
  figures.push({
    name: 'idle connections: held at the end',
    value: `${format.count(held)} of ${format.count(17 * perAddress)} opened`,
  });
  return {
    bench: 'floods',
    title: `9. Floods: ${format.count(total)} uncached pages, 100 at once from one address; 17 x ${perAddress} idle connections (${options.rounds} rounds)`,
    figures,
    notes: [
      'Probes: a new connection each, from another address, sent every 100 ms whether or not the last was answered, while the flood lasts (at least 5 rounds), and 20 rounds at rest and while the idle connections are held.',
    ],
  };
}

if (isMain(import.meta.url)) runAlone(runFloods);
