import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { findChromium, HOW_TO_INSTALL } from '../../e2e/find-chromium.ts';
import { ROOT } from './store.ts';

const run = promisify(execFile);

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
      details?: { type?: string; overallSavingsMs?: number };
    }
  >;
  environment: { benchmarkIndex: number };
}

/** One Lighthouse run: mobile, default (simulated) throttling, the four categories. */
/**
 * One Lighthouse run; a run whose trace Chromium failed to record (Lighthouse's NO_NAVSTART, seen
 * now and then on a busy machine) is tried again, twice at most.
 */
export async function lighthouse(url: string, chromium: string): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseOnce(url, chromium);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('NO_NAVSTART')) throw error;
      console.warn(`Lighthouse could not record ${url} (NO_NAVSTART); trying again.`);
    }
  }
}

async function lighthouseOnce(url: string, chromium: string): Promise<LighthouseRun> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolyard-lighthouse-'));
  const output = path.join(dir, 'report.json');
  try {
    await run(
      process.execPath,
      [
        path.join(ROOT, 'node_modules/lighthouse/cli/index.js'),
        url,
        '--quiet',
        '--output=json',
        `--output-path=${output}`,
        '--only-categories=performance,accessibility,best-practices,seo',
        `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
      ],
      { env: { ...process.env, CHROME_PATH: chromium }, timeout: 180_000, maxBuffer: 64 << 20 },
    );
    const report = JSON.parse(readFileSync(output, 'utf8')) as LighthouseJson;
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
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
