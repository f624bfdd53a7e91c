import { execFile, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { findChromium, HOW_TO_INSTALL } from '../../e2e/find-chromium.ts';
import { ROOT } from './store.ts';

const run = promisify(execFile);

/**
 * Lighthouse's defaults, except that unused-javascript lists every script with any unused bytes
 * (it hides those under 20 KiB unused; the web goal allows 5 KB).
 */
const CONFIG = {
  extends: 'lighthouse:default',
  audits: [{ path: 'byte-efficiency/unused-javascript', options: { unusedThreshold: 0 } }],
};

/** The flags our stack notes give for Chromium here (no background traffic, no sandbox as root). */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The one Chromium finder (e2e/find-chromium.ts); a benchmark cannot go on without one. */
export function requireChromium(): string {
  const chromium = findChromium();
  if (!chromium) throw new Error(HOW_TO_INSTALL);
  return chromium;
}

export function chromiumVersion(chromium: string): string {
  const result = spawnSync(chromium, ['--version'], { encoding: 'utf8' });
  return (
    (result.stdout ?? '')
      .trim()
      .replace(/^Chromium /, '')
      .split(' ')[0] ?? 'unknown'
  );
}

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Lighthouse's own measure of this machine's speed (higher is faster). */
  benchmarkIndex: number;
  /** Audits that did not pass, as "category: title". */
  failing: string[];
  /** Per script the page loaded: bytes transferred and the part never run (unused-javascript). */
  unusedJs: UnusedScript[];
  /** Main-thread time per script (bootup-time: evaluation and what it ran), largest first. */
  scriptTime: { url: string; totalMs: number; scriptingMs: number }[];
  /** Every script the page loaded (network-requests), those its own scripts asked for included. */
  scripts: string[];
}

interface UnusedScript {
  url: string;
  totalBytes: number;
  wastedBytes: number;
}

interface LighthouseJson {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      title: string;
      score: number | null;
      scoreDisplayMode: string;
      numericValue?: number;
      details?: { type?: string; overallSavingsMs?: number; items?: Record<string, unknown>[] };
    }
  >;
  environment: { benchmarkIndex: number };
}

/**
 * One Lighthouse run; a run whose trace Chromium failed to record (Lighthouse's NO_NAVSTART, seen
 * now and then, on any page, busy machine or not: three in a row once ended a whole run) is tried
 * again, four times at most.
 */
export async function lighthouse(url: string, chromium: string): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseOnce(url, chromium);
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('NO_NAVSTART')) throw error;
      console.warn(`Lighthouse could not record ${url} (NO_NAVSTART); trying again.`);
    }
  }
}

async function lighthouseOnce(url: string, chromium: string): Promise<LighthouseRun> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolyard-lighthouse-'));
  const output = path.join(dir, 'report.json');
  const config = path.join(dir, 'config.json');
  writeFileSync(config, JSON.stringify(CONFIG));
  try {
    await run(
      process.execPath,
      [
        path.join(ROOT, 'node_modules/lighthouse/cli/index.js'),
        url,
        '--quiet',
        `--config-path=${config}`,
        '--output=json',
        `--output-path=${output}`,
        '--only-categories=performance,accessibility,best-practices,seo',
        `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
      ],
      { env: { ...process.env, CHROME_PATH: chromium }, timeout: 180_000, maxBuffer: 64 << 20 },
    );
    // BENCH_LIGHTHOUSE_DIR keeps every report (to read the traces' audits afterwards).
    const keep = process.env.BENCH_LIGHTHOUSE_DIR;
    if (keep) {
      mkdirSync(keep, { recursive: true });
      const name = new URL(url).pathname.replace(/[^\w]+/g, '_') || 'root';
      copyFileSync(output, path.join(keep, `${name}-${Date.now()}.json`));
    }
    const report = JSON.parse(readFileSync(output, 'utf8')) as LighthouseJson;
    const items = (id: string) => report.audits[id]?.details?.items ?? [];
    const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
    const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
    const failing = Object.entries(report.categories).flatMap(([category, { auditRefs }]) =>
      auditRefs
        .map((ref) => report.audits[ref.id])
        .filter(
          (audit) =>
            audit &&
            audit.score !== null &&
            audit.score < 0.9 &&
            ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode),
        )
        .map((audit) => `${category}: ${audit?.title}`),
    );
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: value('largest-contentful-paint'),
      cls: value('cumulative-layout-shift'),
      tbtMs: value('total-blocking-time'),
      benchmarkIndex: report.environment.benchmarkIndex,
      failing,
      unusedJs: items('unused-javascript').map((item) => ({
        url: String(item.url),
        totalBytes: Number(item.totalBytes),
        wastedBytes: Number(item.wastedBytes),
      })),
      scriptTime: items('bootup-time').map((item) => ({
        url: String(item.url),
        totalMs: Number(item.total),
        scriptingMs: Number(item.scripting),
      })),
      scripts: items('network-requests')
        .filter((item) => item.resourceType === 'Script')
        .map((item) => String(item.url)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
