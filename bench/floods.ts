/**
 * 9. Floods (issue 25): one client asking for 1,000 pages the page cache cannot keep, 100 at once,
 * and 17 addresses holding 241 idle connections each (the cap of 4,096). Measured: the health
 * check and a cached catalogue read, each on a new connection from another address, while the
 * flood lasts; baseline: the same probes on the same store at rest, alternately in the same run.
 */

import { randomUUID } from 'node:crypto';
import http from 'node:http';
import {
  type Answer,
  flood,
  get,
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

/**
 * The answers a flood of addresses that are no page is made of, each spelled afresh: an unknown
 * address, a tool's page for an id that is no tool, the catalogue with a sort it does not know
 * (the same page as `/tools`). `/` is the cached page they are compared with.
 */
const SPELLINGS: [string, (i: number) => string][] = [
  ['/', () => '/'],
  ['/tools?sort=<random>', () => `/tools?sort=${randomUUID()}`],
  ['/tools/<random uuid>', () => `/tools/${randomUUID()}`],
  ['/nope-<random>', () => `/nope-${randomUUID()}`],
];
const mixedPath = (i: number) => (SPELLINGS[1 + (i % 3)] as [string, (i: number) => string])[1](i);

/**
 * Each spelling asked for one after another on one kept-alive connection, as a browser asks
 * (Accept-Encoding: br, gzip), from an address of its own: median and p90 of each.
 */
async function sequentialLatency(base: string, times: number): Promise<Figure[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const browser = { 'accept-encoding': 'br, gzip' };
  const figures: Figure[] = [];
  try {
    for (const [name, path] of SPELLINGS) {
      for (let i = 0; i < 5; i += 1) await get(base, path(i), '127.0.0.3', agent, browser);
      const answers: Answer[] = [];
      for (let i = 0; i < times; i += 1) {
        answers.push(await get(base, path(i), '127.0.0.3', agent, browser));
      }
      figures.push({
        name: `one after another: ${name}`,
        value: `${describeMs(answers)} (${describeCounts(answers)})`,
      });
    }
  } finally {
    agent.destroy();
  }
  return figures;
}

const msOf = (answers: Answer[]) => answers.map((answer) => answer.ms).sort((a, b) => a - b);

function describeMs(answers: Answer[]): string {
  const ms = msOf(answers);
  return `median ${format.ms(median(ms))}, p90 ${format.ms(percentile(ms, 90))}, max ${format.ms(ms.at(-1) ?? Number.NaN)}`;
}

function describeProbes(answers: Answer[]): string {
  const failed = answers.filter((answer) => answer.status !== 200).length;
  return `${describeMs(answers)}${failed ? `, ${failed} of ${answers.length} not 200` : ''}`;
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
  const underMixed: Probes = {};
  const mixedAnswers: Answer[] = [];
  let mixedMs = 0;
  let sequential: Figure[] = [];
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
    sequential = await sequentialLatency(store.url, options.isQuick ? 50 : 200);
    for (let round = 0; round < options.rounds; round += 1) {
      const startedMixed = performance.now();
      const mixed = flood({
        base: store.url,
        from: '127.0.0.6',
        total: 300,
        concurrency: 50,
        path: mixedPath,
      });
      merge(
        underMixed,
        await probe({
          base: store.url,
          from: PROBE_FROM,
          paths: PROBES,
          until: mixed,
          intervalMs: 100,
          minimum: 5,
        }),
      );
      mixedAnswers.push(...(await mixed));
      mixedMs += performance.now() - startedMixed;
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
    ['flood of no pages', underMixed],
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
    name: 'flood of no pages (300, 50 at once): what the flooding client got',
    value: `${describeCounts(mixedAnswers)} in ${format.seconds(mixedMs)}`,
  });
  figures.push(...sequential);
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
