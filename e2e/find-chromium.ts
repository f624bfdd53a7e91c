/**
 * Where Chromium is, for the browser tests (e2e/run.ts, playwright.config.ts) and Lighthouse
 * (bench/web.ts): one way to find it. Order: CHROMIUM_PATH, /usr/bin/chromium, Playwright's own
 * browser. It only looks: installing one is the test runner's business (e2e/install-browsers.ts).
 */
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

export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    console.warn(`CHROMIUM_PATH=${fromEnv} does not exist; looking elsewhere.`);
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  return playwrightChromium();
}
