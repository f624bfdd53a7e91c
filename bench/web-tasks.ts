/**
 * The web app's long tasks, two builds side by side in one run: each of the six public pages of
 * issue 30 loaded in a real Chromium at four times slower CPU, the build here (dist/web) and a
 * baseline build, each served by its own store, one page load of each in turn, the reverse order
 * every other round (as bench/lib/alternate.ts orders them). Per load: the browser's own long tasks (the Long
 * Tasks API, observed from the document's start) until 3 s after the load event; TBT is the sum of
 * their time beyond 50 ms, as Lighthouse counts it, next to the longest task. Console errors and
 * uncaught errors (a hydration mismatch, React's #418 or #421) are counted per build, and the
 * build here is loaded once more in Firefox (when installed) for its console errors.
 *
 *   node --import tsx bench/web-tasks.ts --baseline=<git revision | dist/web directory>
 *     [--rounds=5] [--pages=/,/cart] [--verbose]
 *
 * A revision's whole store (server and web app) is built in a temporary copy of the tree (git
 * archive, this tree's node_modules) and kept there for the next run; a dist/web directory is
 * served by this tree's store. --verbose prints every load's long tasks.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { findFirefox } from '../e2e/find-firefox.ts';
import { chromiumVersion, requireChromium } from './lib/lighthouse.ts';
import { machine, printMachine } from './lib/machine.ts';
import { format, table } from './lib/report.ts';
import { median } from './lib/stats.ts';
import { ROOT, removeDataDir, type Store, startStore, tempDataDir } from './lib/store.ts';
import { ensureWebBuild } from './lib/web-build.ts';
import { PAGES } from './web.ts';

const CPU_SLOWDOWN = 4;
const AFTER_LOAD_MS = 3_000;
const BLOCKING_MS = 50;

interface Load {
  tbtMs: number;
  longestMs: number;
  /** Every long task counted, in milliseconds, in order. */
  tasks: number[];
  errors: string[];
}

interface Build {
  label: string;
  store: Store;
  dataDir: string;
  toolId: string;
}

function parseArgs(): {
  baseline: string;
  rounds: number;
  pages: readonly string[];
  isVerbose: boolean;
} {
  const args = new Map(
    process.argv.slice(2).map((arg) => {
      const [name = '', value = ''] = arg.replace(/^--/, '').split('=');
      return [name, value] as const;
    }),
  );
  const baseline = args.get('baseline') ?? process.env.BENCH_WEB_BASELINE;
  if (
    !baseline ||
    [...args.keys()].some((name) => !['baseline', 'rounds', 'pages', 'verbose'].includes(name))
  ) {
    console.error(
      'Usage: node --import tsx bench/web-tasks.ts --baseline=<git revision | dist/web directory> [--rounds=5] [--pages=/,/cart] [--verbose]',
    );
    process.exit(2);
  }
  const pages = args.get('pages')?.split(',') ?? PAGES;
  return {
    baseline,
    rounds: Number(args.get('rounds') ?? 5),
    pages,
    isVerbose: args.has('verbose'),
  };
}

/**
 * The baseline: a dist/web directory as given (served by this tree's store), or a git revision's
 * whole store (server and web app) built in a temporary copy of the tree with this tree's
 * node_modules, kept for the next run.
 */
function baselineBuild(baseline: string): { webDistDir?: string; root?: string } {
  if (existsSync(path.join(baseline, 'server', 'index.js'))) {
    return { webDistDir: path.resolve(baseline) };
  }
  const commit = execFileSync('git', ['rev-parse', '--short', baseline], {
    cwd: ROOT,
    encoding: 'utf8',
  }).trim();
  const dir = path.join(os.tmpdir(), `toolyard-bench-base-${commit}`);
  const isBuilt = ['dist/web/server/index.js', 'dist/server/main.mjs'].every((file) =>
    existsSync(path.join(dir, file)),
  );
  if (isBuilt) return { root: dir };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C '${dir}'`], { cwd: ROOT });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  for (const step of [
    ['node_modules/vite/bin/vite.js', 'build'],
    ['--import', 'tsx', 'scripts/build-server.ts'],
  ]) {
    const built = spawnSync(process.execPath, step, { cwd: dir, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`building ${commit} failed:\n${built.stderr}`);
  }
  return { root: dir };
}

async function startBuild(
  label: string,
  build: { webDistDir?: string; root?: string } = {},
): Promise<Build> {
  const dataDir = tempDataDir(`web-tasks-${label}`);
  const store = await startStore({
    dataDir,
    seedDemo: true,
    root: build.root,
    env: build.webDistDir ? { WEB_DIST_DIR: build.webDistDir } : {},
  });
  const [tool] = (await (await fetch(`${store.url}/api/tools?limit=1`)).json()) as {
    _id: string;
  }[];
  return { label, store, dataDir, toolId: tool?._id ?? '' };
}

const urlOf = (build: Build, page: string) =>
  `${build.store.origin}${page === '/tools/{id}' ? `/tools/${build.toolId}` : page}`;

/** Watches long tasks from the document's start (run before any of the page's own script). */
const OBSERVE_LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask' });
`;

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** One first visit in a fresh browser context (empty cache, no storage). */
async function loadOnce(browser: Browser, url: string): Promise<Load> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.emulateCPUThrottling(CPU_SLOWDOWN);
    await page.evaluateOnNewDocument(OBSERVE_LONG_TASKS);
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, AFTER_LOAD_MS));
    // A string: this file is type-checked with Node's globals, not the browser's.
    const { tasks, loadEnd } = (await page.evaluate(
      "({ tasks: window.__longTasks, loadEnd: performance.getEntriesByType('navigation')[0].loadEventEnd })",
    )) as { tasks: [number, number][]; loadEnd: number };
    const counted = tasks.filter(([start]) => start <= loadEnd + AFTER_LOAD_MS);
    return {
      tbtMs: counted.reduce((sum, [, duration]) => sum + Math.max(0, duration - BLOCKING_MS), 0),
      longestMs: Math.max(0, ...counted.map(([, duration]) => duration)),
      tasks: counted.map(([, duration]) => Math.round(duration)),
      errors,
    };
  } finally {
    await context.close();
  }
}

/** One load of each page of the build here in Firefox: its console errors, if any. */
async function firefoxErrors(
  build: Build,
  pages: readonly string[],
): Promise<string[] | undefined> {
  const executablePath = findFirefox();
  if (!executablePath) return undefined;
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath, headless: true });
  try {
    const errors: string[] = [];
    for (const page of pages) {
      const context = await browser.createBrowserContext();
      const tab = await context.newPage();
      const seen = watchErrors(tab);
      await tab.goto(urlOf(build, page), { waitUntil: 'load' });
      await new Promise((resolve) => setTimeout(resolve, AFTER_LOAD_MS));
      errors.push(...seen.map((text) => `${page}: ${text}`));
      await context.close();
    }
    return errors;
  } finally {
    await browser.close();
  }
}

const load = () => os.loadavg()[0]?.toFixed(1) ?? '?';

async function main(): Promise<void> {
  const { baseline, rounds, pages, isVerbose } = parseArgs();
  printMachine(machine());
  ensureWebBuild();
  const baseBuild = baselineBuild(baseline);
  const chromium = requireChromium();
  const here = await startBuild('here');
  const base = await startBuild('baseline', baseBuild);
  const browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  const loadsAt = [load()];
  try {
    const results = new Map<string, { subject: Load[]; baseline: Load[] }>();
    for (const page of pages) results.set(page, { subject: [], baseline: [] });
    // One load of each page and build first, unmeasured: the stores' page caches and the disk.
    for (const page of pages) {
      await loadOnce(browser, urlOf(here, page));
      await loadOnce(browser, urlOf(base, page));
    }
    for (let round = 0; round < rounds; round += 1) {
      for (const page of pages) {
        const r = results.get(page) ?? { subject: [], baseline: [] };
        // The order of the two builds turns every other round (as bench/lib/alternate.ts does).
        if (round % 2 === 0) {
          r.baseline.push(await loadOnce(browser, urlOf(base, page)));
          r.subject.push(await loadOnce(browser, urlOf(here, page)));
        } else {
          r.subject.push(await loadOnce(browser, urlOf(here, page)));
          r.baseline.push(await loadOnce(browser, urlOf(base, page)));
        }
      }
      loadsAt.push(load());
    }
    const cell = (loads: Load[]) =>
      `${format.ms(median(loads.map((l) => l.tbtMs)))} (${format.ms(median(loads.map((l) => l.longestMs)))}); ${format.ms(Math.min(...loads.map((l) => l.tbtMs)))}-${format.ms(Math.max(...loads.map((l) => l.tbtMs)))}`;
    console.log(
      `\nChromium ${chromiumVersion(chromium)}, CPU slowed ${CPU_SLOWDOWN}x, ${rounds} rounds; baseline ${baseline}; load average (1 min) at the start and after each round: ${loadsAt.join(', ')}\n`,
    );
    console.log(
      table(
        ['page', `baseline: TBT median (longest task); range`, 'here', 'goal'],
        pages.map((page, i) => {
          const { subject, baseline: before } = results.get(page) ?? { subject: [], baseline: [] };
          return [page, cell(before), cell(subject), i === 0 ? `<= ${BLOCKING_MS} ms` : ''];
        }),
      ),
    );
    if (isVerbose) {
      for (const [page, r] of results) {
        console.log(`\n${page}: long tasks of each load (ms), baseline then here, in load order`);
        for (const [label, loads] of [
          ['baseline', r.baseline],
          ['here', r.subject],
        ] as const) {
          console.log(`  ${label}: ${loads.map((l) => `[${l.tasks.join(' ')}]`).join(' ')}`);
        }
      }
    }
    for (const [label, pick] of [
      ['baseline', 'baseline'],
      ['here', 'subject'],
    ] as const) {
      const errors = [...results].flatMap(([page, r]) =>
        r[pick].flatMap((l) => l.errors.map((e) => `${page}: ${e}`)),
      );
      console.log(
        `\nConsole errors in Chromium, ${label}: ${errors.length === 0 ? 'none' : [...new Set(errors)].join('\n  ')}`,
      );
    }
    const firefox = await firefoxErrors(here, pages);
    console.log(
      `Console errors in Firefox, here (one load of each page): ${firefox === undefined ? 'Firefox not found' : firefox.length === 0 ? 'none' : [...new Set(firefox)].join('\n  ')}`,
    );
  } finally {
    await browser.close();
    for (const build of [here, base]) {
      await build.store.stop();
      removeDataDir(build.dataDir);
    }
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
