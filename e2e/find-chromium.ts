/**
 * Where Chromium is, for the browser tests (e2e/run.ts) and Lighthouse (bench/web.ts): one way to
 * find it. Order: CHROMIUM_PATH, /usr/bin/chromium, Playwright's own browser; failing those,
 * `npx playwright install chromium`, then (as root, with apt) `apt-get install -y chromium`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export const HOW_TO_INSTALL =
  'Chromium was not found: install it with `apt-get install -y chromium` (or `npx playwright install chromium`), or set CHROMIUM_PATH to its executable.';

function playwrightChromium(): string | undefined {
  try {
    const executable = chromium.executablePath();
    return executable && existsSync(executable) ? executable : undefined;
  } catch {
    return undefined;
  }
}

function run(command: string, args: string[]): boolean {
  console.log(`$ ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { stdio: 'inherit' }).status === 0;
}

export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    console.warn(`CHROMIUM_PATH=${fromEnv} does not exist; looking elsewhere.`);
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const own = playwrightChromium();
  if (own) return own;

  console.log('No Chromium found; trying to install one.');
  if (run('npx', ['playwright', 'install', 'chromium'])) {
    const installed = playwrightChromium();
    if (installed) return installed;
  }
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt && run('sh', ['-c', 'apt-get update && apt-get install -y chromium'])) {
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  return undefined;
}
