/**
 * 1. Catalogue reads: GET /api/tools (the full list of 100 tools, and a page of 24) at 50
 * connections, against a plain node:http server answering the same bytes from memory.
 */
import { alternate } from './lib/alternate.ts';
import { type LoadResult, load } from './lib/cannon.ts';
import { startCeiling } from './lib/ceiling.ts';
import { isMain, runAlone } from './lib/main.ts';
import type { BenchOptions } from './lib/options.ts';
import { type BenchReport, type Figure, format } from './lib/report.ts';
import { seedTools } from './lib/seed.ts';
import { median, ratio } from './lib/stats.ts';
import { removeDataDir, type Store, startStore, tempDataDir } from './lib/store.ts';

export const CONNECTIONS = 50;
/** What a browser sends: the store may answer compressed, and the ceiling answers the same bytes. */
export const BROWSER_HEADERS = {
  'accept-encoding': 'gzip, deflate, br',
  accept: 'application/json',
};

export const CATALOGUE_TARGETS = [
  { name: 'full list (100 tools)', path: '/api/tools' },
  { name: 'page of 24', path: '/api/tools?limit=24' },
] as const;

export interface Comparison {
  subject: LoadResult;
  baseline: LoadResult;
}

/** Warms both up, then alternates measured runs; the medians of the rounds are compared. */
export async function compareLoads(
  options: BenchOptions,
  subjectUrl: string,
  baselineUrl: string,
  extra: { paths?: string[]; headers?: Record<string, string> } = {},
): Promise<Comparison> {
  const run = (url: string, seconds: number) =>
    load({ url, connections: CONNECTIONS, seconds, headers: BROWSER_HEADERS, ...extra });
  await run(subjectUrl, options.warmupSeconds);
  await run(baselineUrl, options.warmupSeconds);
  const runs = await alternate(
    options.rounds,
    () => run(subjectUrl, options.durationSeconds),
    () => run(baselineUrl, options.durationSeconds),
  );
  return { subject: medianResult(runs.subject), baseline: medianResult(runs.baseline) };
}

function medianResult(results: LoadResult[]): LoadResult {
  return {
    rps: median(results.map((r) => r.rps)),
    p50: median(results.map((r) => r.p50)),
    p95: median(results.map((r) => r.p95)),
    p99: median(results.map((r) => r.p99)),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    responses: results.reduce((sum, r) => sum + r.responses, 0),
  };
}

export function describeLoad(result: LoadResult): string {
  const failures = result.errors + result.non2xx;
  return `${format.count(result.rps)} req/s, p50 ${format.ms(result.p50)}, p99 ${format.ms(result.p99)}${failures > 0 ? `, ${failures} failed` : ''}`;
}

export async function measureCatalogue(
  store: Store,
  options: BenchOptions,
): Promise<Map<string, Comparison>> {
  const ceiling = await startCeiling(
    store.url,
    CATALOGUE_TARGETS.map((target) => target.path),
    BROWSER_HEADERS,
  );
  const results = new Map<string, Comparison>();
  try {
    for (const target of CATALOGUE_TARGETS) {
      results.set(
        target.name,
        await compareLoads(options, `${store.url}${target.path}`, `${ceiling.url}${target.path}`),
      );
    }
  } finally {
    await ceiling.stop();
  }
  return results;
}

export async function runCatalogue(options: BenchOptions): Promise<BenchReport> {
  const dataDir = tempDataDir('catalogue');
  const store = await startStore({ dataDir });
  try {
    await seedTools(store.databaseUrl(), 100);
    const results = await measureCatalogue(store, options);
    const figures: Figure[] = [];
    for (const target of CATALOGUE_TARGETS) {
      const { subject, baseline } = results.get(target.name) as Comparison;
      const share = ratio(subject.rps, baseline.rps);
      const isPage = target.path.includes('limit=24');
      figures.push({
        name: `${target.name}: throughput`,
        value: describeLoad(subject),
        baseline: `${describeLoad(baseline)} (node:http)`,
        ratio: format.ratio(share),
        ...(isPage ? { goal: '>= 0.90 of ceiling', met: share >= 0.9 && clean(subject) } : {}),
      });
      if (isPage) {
        figures.push({
          name: `${target.name}: p99 latency`,
          value: format.ms(subject.p99),
          baseline: format.ms(baseline.p99),
          ratio: format.ratio(ratio(subject.p99, baseline.p99)),
          goal: '< 25 ms',
          met: subject.p99 < 25,
        });
      }
    }
    return {
      bench: 'catalogue',
      title: `1. Catalogue reads (GET /api/tools, 100 tools, ${CONNECTIONS} connections, ${options.durationSeconds} s x ${options.rounds} rounds, medians)`,
      figures,
      notes: [
        'Requests carry Accept-Encoding: gzip, deflate, br like a browser; the ceiling answers the very bytes and headers the store answered.',
      ],
    };
  } finally {
    await store.stop();
    removeDataDir(dataDir);
  }
}

function clean(result: LoadResult): boolean {
  return result.errors === 0 && result.non2xx === 0;
}

if (isMain(import.meta.url)) runAlone(runCatalogue);
