/**
 * 3. The web app: what a first visit to / downloads (gzipped, from the build), per-route chunk
 * sizes, and Lighthouse (mobile, default throttling) on /, /tools, /blog and /login, median of
 * runs, next to a minimal static page measured alternately (the floor of this machine).
 */
import http from 'node:http';
import { analyseBundle, totalGzip } from './lib/bundle.ts';
import {
  chromiumVersion,
  type LighthouseRun,
  lighthouse,
  requireChromium,
} from './lib/lighthouse.ts';
import { isMain, runAlone } from './lib/main.ts';
import type { BenchOptions } from './lib/options.ts';
import { type BenchReport, type Figure, format, table } from './lib/report.ts';
import { median } from './lib/stats.ts';
import { removeDataDir, startStore, tempDataDir } from './lib/store.ts';
import { DIST_DIR, ensureWebBuild } from './lib/web-build.ts';

/** The public pages Lighthouse scores; TOOL_PAGE stands for the first demo tool's own page. */
const TOOL_PAGE = '/tools/{id}';
export const PAGES = ['/', '/tools', TOOL_PAGE, '/blog'] as const;
const JS_BUDGET = 110 * 1024;
const CSS_BUDGET = 15 * 1024;

const FLOOR_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="The lightest page this machine can load: the floor for Lighthouse.">
<link rel="icon" href="data:,"><title>Floor</title></head>
<body><main><h1>Floor</h1><p>A static page with no script and no style.</p></main></body></html>`;

function startFloorServer(): Promise<{ url: string; close(): void }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(FLOOR_PAGE);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => server.close() });
    }),
  );
}

function bundleFigures(html: string): { figures: Figure[]; notes: string[] } {
  const bundle = analyseBundle(DIST_DIR, html);
  const js = totalGzip(bundle.firstVisit.js);
  const css = totalGzip(bundle.firstVisit.css);
  const lazyTable = table(
    ['chunk', 'gzip', 'with its own imports'],
    bundle.lazy
      .filter((chunk) => chunk.withDepsGzipBytes >= 1024)
      .map((chunk) => [chunk.name, format.kb(chunk.gzipBytes), format.kb(chunk.withDepsGzipBytes)]),
  );
  return {
    figures: [
      {
        name: 'first visit to /: JavaScript (gzip)',
        value: `${format.kb(js)} in ${bundle.firstVisit.js.length} files`,
        goal: '<= 110 KB',
        met: js <= JS_BUDGET,
      },
      {
        name: 'first visit to /: CSS (gzip)',
        value: format.kb(css),
        goal: '<= 15 KB',
        met: css <= CSS_BUDGET,
      },
    ],
    notes: [
      `First-visit scripts: ${bundle.firstVisit.js.map((a) => `${a.name} ${format.kb(a.gzipBytes)}`).join(', ')}.`,
      `Lazy chunks (route pages and what only they import; chunks under 1 KB left out):\n\n${lazyTable}\n`,
    ],
  };
}

const median0 = (runs: LighthouseRun[], pick: (run: LighthouseRun) => number) =>
  median(runs.map(pick));

function pageFigures(page: string, runs: LighthouseRun[], floor: LighthouseRun[]): Figure[] {
  const m = (pick: (run: LighthouseRun) => number) => median0(runs, pick);
  const f = (pick: (run: LighthouseRun) => number) => median0(floor, pick);
  const scores = `perf ${m((r) => r.performance)}, a11y ${m((r) => r.accessibility)}, best ${m((r) => r.bestPractices)}, SEO ${m((r) => r.seo)}`;
  const isScoresMet =
    m((r) => r.performance) >= 98 &&
    m((r) => r.accessibility) === 100 &&
    m((r) => r.bestPractices) === 100 &&
    m((r) => r.seo) === 100;
  const lcp = m((r) => r.lcpMs);
  const cls = m((r) => r.cls);
  const tbt = m((r) => r.tbtMs);
  return [
    {
      name: `Lighthouse ${page}: scores`,
      value: scores,
      baseline: `perf ${f((r) => r.performance)} (floor page)`,
      goal: 'perf>=98 a11y=100 best=100 SEO=100',
      met: isScoresMet,
    },
    {
      name: `Lighthouse ${page}: LCP / CLS / TBT`,
      value: `${format.seconds(lcp)} / ${cls.toFixed(3)} / ${format.ms(tbt)}`,
      baseline: `${format.seconds(f((r) => r.lcpMs))} / ${f((r) => r.cls).toFixed(3)} / ${format.ms(f((r) => r.tbtMs))}`,
      ratio: `LCP ${format.ratio(lcp / f((r) => r.lcpMs))}`,
      goal: 'LCP <= 1.3 x floor / CLS 0 / TBT < 50 ms',
      met: lcp <= 1.3 * f((r) => r.lcpMs) && cls === 0 && tbt < 50,
    },
  ];
}

export async function runWeb(options: BenchOptions): Promise<BenchReport> {
  const build = ensureWebBuild(options.forceBuild);
  const chromium = requireChromium();
  const dataDir = tempDataDir('web');
  const store = await startStore({ dataDir, seedDemo: true });
  const { figures, notes } = bundleFigures(await (await fetch(`${store.origin}/`)).text());
  notes.unshift(
    `Build: dist/web of ${build.builtAt.toISOString()}${build.built ? ' (built by this run)' : ''}.`,
  );
  const [tool] = (await (await fetch(`${store.url}/api/tools?limit=1`)).json()) as {
    _id: string;
  }[];
  const urlOf = (page: string) =>
    `${store.origin}${page === TOOL_PAGE ? `/tools/${tool?._id ?? ''}` : page}`;
  const floor = await startFloorServer();
  try {
    const runs = new Map<string, LighthouseRun[]>(PAGES.map((page) => [page, []]));
    const floorRuns: LighthouseRun[] = [];
    for (let round = 0; round < options.lighthouseRuns; round += 1) {
      floorRuns.push(await lighthouse(floor.url, chromium));
      for (const page of PAGES) runs.get(page)?.push(await lighthouse(urlOf(page), chromium));
    }
    for (const page of PAGES) figures.push(...pageFigures(page, runs.get(page) ?? [], floorRuns));
    notes.push(
      `Chromium ${chromiumVersion(chromium)}; Lighthouse benchmarkIndex (this machine's speed) median ${Math.round(median(floorRuns.map((r) => r.benchmarkIndex)))}.`,
    );
    for (const page of PAGES) {
      const failing = [...new Set((runs.get(page) ?? []).flatMap((run) => run.failing))];
      if (failing.length > 0) notes.push(`Lighthouse says fix on ${page}: ${failing.join('; ')}.`);
    }
  } finally {
    floor.close();
    await store.stop();
    removeDataDir(dataDir);
  }
  return {
    bench: 'web',
    title: `3. The web app (first-visit bytes from the build; Lighthouse mobile, median of ${options.lighthouseRuns})`,
    figures,
    notes,
  };
}

if (isMain(import.meta.url)) runAlone(runWeb);
