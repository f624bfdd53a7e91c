/**
 * 3. The web app: what a first visit to / downloads (gzipped, from the build), per-route chunk
 * sizes, and Lighthouse (mobile, default throttling) on the six public pages of the goal, median
 * of runs, next to a minimal static page measured alternately (the floor of this machine); per
 * page, the scripts' bytes it never ran (Lighthouse's coverage) and their main-thread time.
 */
import { cpSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { analyseBundle, asset, totalGzip } from './lib/bundle.ts';
import {
  chromiumVersion,
  type LighthouseRun,
  lighthouse,
  requireChromium,
} from './lib/lighthouse.ts';
import { isMain, runAlone } from './lib/main.ts';
import type { BenchOptions } from './lib/options.ts';
import { sleep } from './lib/processes.ts';
import { type BenchReport, type Figure, format, table } from './lib/report.ts';
import { median } from './lib/stats.ts';
import { removeDataDir, startStore, tempDataDir } from './lib/store.ts';
import { DIST_DIR, ensureWebBuild } from './lib/web-build.ts';

/** The public pages Lighthouse scores; TOOL_PAGE stands for the first demo tool's own page. */
const TOOL_PAGE = '/tools/{id}';
/** A category page with its filters set (the demo catalogue's power tools, as bench/pages.ts). */
const CATEGORY_PAGE = '/categories/power-tools?inStock=true&maxPrice=50000';
export const PAGES = ['/', '/tools', CATEGORY_PAGE, TOOL_PAGE, '/blog', '/cart'] as const;
const JS_BUDGET = 60 * 1024;
const CSS_BUDGET = 15 * 1024;
/** The most of one script a page may load without running it (gzip). */
const UNUSED_CHUNK_BUDGET = 5 * 1024;
const LCP_FLOOR_FACTOR = 1.2;
const TBT_BUDGET_MS = 50;

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

/**
 * What a first visit to / loads: from its HTML and `loaded`, the scripts a run of / saw it ask for
 * as it ran; undefined when / was not run, and then the JavaScript figure is the HTML's alone (a
 * page's part imported as it runs is missing) and not held against the goal.
 */
function bundleFigures(
  distDir: string,
  html: string,
  loaded: readonly string[] | undefined,
): { figures: Figure[]; notes: string[] } {
  const bundle = analyseBundle(distDir, html, loaded);
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
        value: `${format.kb(js)} in ${bundle.firstVisit.js.length} files${loaded ? '' : ' named by its HTML (/ not run)'}`,
        goal: '<= 60 KB',
        met: loaded ? js <= JS_BUDGET : undefined,
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

/** The build's files a page's runs loaded as scripts, each once (`assets/…`). */
function loadedScripts(runs: readonly LighthouseRun[]): string[] {
  const files = runs.flatMap((run) =>
    run.scripts.flatMap((url) => {
      const { pathname } = new URL(url);
      return pathname.startsWith('/assets/') ? [pathname.slice(1)] : [];
    }),
  );
  return [...new Set(files)];
}

const median0 = (runs: LighthouseRun[], pick: (run: LighthouseRun) => number) =>
  median(runs.map(pick));

/**
 * A script's bytes a page never ran, in gzip bytes of the built file: Lighthouse's coverage gives
 * the unused share of what was transferred (brotli here), applied to the file's gzip size.
 */
function unusedGzip(
  distDir: string,
  runs: LighthouseRun[],
): { name: string; unused: number; total: number }[] {
  const byFile = new Map<string, number[]>();
  for (const run of runs) {
    for (const script of run.unusedJs) {
      if (!script.url.startsWith('http')) continue;
      const { pathname } = new URL(script.url);
      if (!pathname.startsWith('/assets/')) continue;
      const share = script.totalBytes > 0 ? script.wastedBytes / script.totalBytes : 0;
      byFile.set(pathname.slice(1), [...(byFile.get(pathname.slice(1)) ?? []), share]);
    }
  }
  return [...byFile]
    .map(([file, shares]) => {
      const built = asset(distDir, file);
      // A script a run did not list had nothing unused in that run.
      const padded = [...shares, ...Array(runs.length - shares.length).fill(0)];
      return { name: built.name, unused: median(padded) * built.gzipBytes, total: built.gzipBytes };
    })
    .sort((a, b) => b.unused - a.unused);
}

function pageFigures(
  distDir: string,
  page: string,
  runs: LighthouseRun[],
  floor: LighthouseRun[],
): Figure[] {
  const m = (pick: (run: LighthouseRun) => number) => median0(runs, pick);
  const f = (pick: (run: LighthouseRun) => number) => median0(floor, pick);
  const scores = `perf ${m((r) => r.performance)}, a11y ${m((r) => r.accessibility)}, best ${m((r) => r.bestPractices)}, SEO ${m((r) => r.seo)}`;
  const isScoresMet =
    m((r) => r.performance) === 100 &&
    m((r) => r.accessibility) === 100 &&
    m((r) => r.bestPractices) === 100 &&
    m((r) => r.seo) === 100;
  const lcp = m((r) => r.lcpMs);
  const cls = m((r) => r.cls);
  const tbt = m((r) => r.tbtMs);
  const unused = unusedGzip(distDir, runs);
  const worst = unused[0];
  const unusedTotal = unused.reduce((sum, script) => sum + script.unused, 0);
  return [
    {
      name: `Lighthouse ${page}: scores`,
      value: scores,
      baseline: `perf ${f((r) => r.performance)} (floor page)`,
      ratio: `perf ${format.ratio(m((r) => r.performance) / f((r) => r.performance))}`,
      goal: 'perf=100 a11y=100 best=100 SEO=100',
      met: isScoresMet,
    },
    {
      name: `Lighthouse ${page}: LCP / CLS / TBT`,
      value: `${format.seconds(lcp)} / ${cls.toFixed(3)} / ${format.ms(tbt)}`,
      baseline: `${format.seconds(f((r) => r.lcpMs))} / ${f((r) => r.cls).toFixed(3)} / ${format.ms(f((r) => r.tbtMs))}`,
      ratio: `LCP ${format.ratio(lcp / f((r) => r.lcpMs))}`,
      goal: `LCP <= ${LCP_FLOOR_FACTOR} x floor / CLS 0 / TBT <= ${TBT_BUDGET_MS} ms`,
      met: lcp <= LCP_FLOOR_FACTOR * f((r) => r.lcpMs) && cls === 0 && tbt <= TBT_BUDGET_MS,
    },
    {
      name: `Lighthouse ${page}: JavaScript loaded, never run (gzip)`,
      value: `${format.kb(unusedTotal)} in all; most ${worst ? `${format.kb(worst.unused)} of ${worst.name}` : 'none'}`,
      goal: '<= 5 KB unused in any one script',
      met: (worst?.unused ?? 0) <= UNUSED_CHUNK_BUDGET,
    },
  ];
}

/** Per page: each script's unused bytes and main-thread time (bootup-time), medians of the runs. */
function scriptNotes(distDir: string, page: string, runs: LighthouseRun[]): string {
  const times = new Map<string, number[]>();
  for (const run of runs) {
    for (const script of run.scriptTime) {
      const name = script.url.startsWith('http')
        ? new URL(script.url).pathname.replace(/-[\w-]{8}\.js$/, '')
        : script.url;
      times.set(name, [...(times.get(name) ?? []), script.totalMs]);
    }
  }
  const unused = unusedGzip(distDir, runs).filter((script) => script.unused >= 512);
  const timeRows = [...times]
    .map(([name, ms]) => [name, median(ms)] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([name, ms]) => `${name} ${format.ms(ms)}`);
  return `${page}: main-thread time by script (Lighthouse's, CPU slowed 4x) ${timeRows.join(', ')}; unused (gzip) ${
    unused.map((s) => `${s.name} ${format.kb(s.unused)} of ${format.kb(s.total)}`).join(', ') ||
    'none over 0.5 KB'
  }.`;
}

/** Visits of each page before it is measured, a second and a bit apart. */
const EARLIER_VISITS = 3;

/**
 * Asks for a page as a browser would, a few times, just before Lighthouse loads it: the visitor
 * Lighthouse plays meets the page as the visitors before left it, rendered and kept, and if it is
 * large, compressed again at brotli's best once sent twice (one page at a time, a second apart).
 * Measured without this, each run came more than the page's minute in the cache after the last,
 * so every run rendered the page afresh and had the quicker compression, the first visitor's.
 */
async function openedBefore(url: string): Promise<void> {
  for (let visit = 0; visit < EARLIER_VISITS; visit += 1) {
    const response = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
    await response.arrayBuffer();
    await sleep(1_100);
  }
}

export async function runWeb(options: BenchOptions): Promise<BenchReport> {
  const build = ensureWebBuild(options.forceBuild);
  const chromium = requireChromium();
  const dataDir = tempDataDir('web');
  // A copy of the build, served and measured: a build made while the run goes on changes neither.
  // Beside the build, so that the page renderer's imports find this tree's packages.
  const webCopy = path.join(path.dirname(path.dirname(DIST_DIR)), `web-bench-${process.pid}`);
  cpSync(path.dirname(DIST_DIR), webCopy, { recursive: true });
  const distDir = path.join(webCopy, path.basename(DIST_DIR));
  const store = await startStore({ dataDir, seedDemo: true, env: { WEB_DIST_DIR: webCopy } });
  const home = await (await fetch(`${store.origin}/`)).text();
  const figures: Figure[] = [];
  const notes: string[] = [
    `Build: dist/web of ${build.builtAt.toISOString()}${build.built ? ' (built by this run)' : ''}.`,
  ];
  const [tool] = (await (await fetch(`${store.url}/api/tools?limit=1`)).json()) as {
    _id: string;
  }[];
  const urlOf = (page: string) =>
    `${store.origin}${page === TOOL_PAGE ? `/tools/${tool?._id ?? ''}` : page}`;
  const floor = await startFloorServer();
  const pages = PAGES.filter((page) => options.pages.length === 0 || options.pages.includes(page));
  notes.push(
    `Before each Lighthouse run its page was asked for ${EARLIER_VISITS} times, a second apart, as by the visitors before this one: the store keeps a rendered page for a minute (server/cache/catalogue-cache.ts) and sends a large one, once sent twice, compressed at brotli's best (server/cache/response-cache.ts). The first two visitors after each render get the quicker compression, 10 to 12 % larger.`,
  );
  try {
    const runs = new Map<string, LighthouseRun[]>(pages.map((page) => [page, []]));
    const floorRuns: LighthouseRun[] = [];
    for (let round = 0; round < options.lighthouseRuns; round += 1) {
      floorRuns.push(await lighthouse(floor.url, chromium));
      for (const page of pages) {
        await openedBefore(urlOf(page));
        runs.get(page)?.push(await lighthouse(urlOf(page), chromium));
      }
    }
    // What / loads: from its HTML, and the scripts Lighthouse saw it ask for as it ran (an
    // island's part is imported once the page has it).
    const homeRuns = runs.get('/');
    const bundle = bundleFigures(distDir, home, homeRuns && loadedScripts(homeRuns));
    figures.push(...bundle.figures);
    notes.push(...bundle.notes);
    for (const page of pages) {
      figures.push(...pageFigures(distDir, page, runs.get(page) ?? [], floorRuns));
    }
    notes.push(
      `Chromium ${chromiumVersion(chromium)}; Lighthouse benchmarkIndex (this machine's speed) median ${Math.round(median(floorRuns.map((r) => r.benchmarkIndex)))}.`,
    );
    for (const page of pages) notes.push(scriptNotes(distDir, page, runs.get(page) ?? []));
    for (const page of pages) {
      const failing = [...new Set((runs.get(page) ?? []).flatMap((run) => run.failing))];
      if (failing.length > 0) notes.push(`Lighthouse says fix on ${page}: ${failing.join('; ')}.`);
    }
  } finally {
    floor.close();
    await store.stop();
    removeDataDir(dataDir);
    rmSync(webCopy, { recursive: true, force: true });
  }
  return {
    bench: 'web',
    title: `3. The web app (first-visit bytes from the build; Lighthouse mobile, median of ${options.lighthouseRuns})`,
    figures,
    notes,
  };
}

if (isMain(import.meta.url)) runAlone(runWeb);
