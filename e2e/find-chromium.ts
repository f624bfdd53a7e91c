/**
 * Where Chromium is, for the browser tests (e2e/run.ts, playwright.config.ts) and Lighthouse
 * (bench/web.ts): one way to find it. Order: CHROMIUM_PATH, /usr/bin/chromium, Playwright's own
 * browser. The journeys take Chromium's headless shell first when it is there (Debian's
 * `chromium-headless-shell`, the same engine and version without the desktop browser around it,
 * which is what Playwright itself runs headless): docs/decisions/071. It only looks: installing
 * one is the test runner's business (e2e/install-browsers.ts).
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export const HOW_TO_INSTALL =
  'Chromium was not found: install it with `apt-get install -y chromium chromium-headless-shell` (or `npx playwright install chromium`), or set CHROMIUM_PATH to its executable.';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

function playwrightChromium(): string | undefined {
  try {
    const executable = chromium.executablePath();
    return executable && existsSync(executable) ? executable : undefined;
  } catch {
    return undefined;
  }
}

function fromEnvironment(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (!fromEnv) return undefined;
  if (existsSync(fromEnv)) return fromEnv;
  console.warn(`CHROMIUM_PATH=${fromEnv} does not exist; looking elsewhere.`);
  return undefined;
}

/** The desktop browser (Lighthouse measures pages as people's browsers load them). */
export function findChromium(): string | undefined {
  const fromEnv = fromEnvironment();
  if (fromEnv) return fromEnv;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  return playwrightChromium();
}

/** The Chromium the journeys drive: the headless shell when installed, else the browser. */
export function findJourneyChromium(): string | undefined {
  const fromEnv = fromEnvironment();
  if (fromEnv) return fromEnv;
  if (existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  return findChromium();
}

/** Whether the journeys run in the desktop browser for want of the headless shell. */
export const lacksHeadlessShell = (executable: string) =>
  executable === '/usr/bin/chromium' && !existsSync(HEADLESS_SHELL);
