import { execFileSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';
import { findJourneyChromium } from './e2e/find-chromium.ts';

/**
 * Browser journeys against the real store: e2e/global-setup.ts builds the web app, starts the
 * server on a fresh data directory (embedded PostgreSQL, demo seed) and stops it afterwards.
 * `npm run test:e2e` (e2e/run.ts) finds Chromium and passes it in E2E_CHROMIUM_PATH.
 */

/** A free port, chosen once: workers inherit the variable, so they all agree on it. */
function freePort(): string {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}
process.env.E2E_PORT ??= freePort();

/** The Chromium the runner found, or (run without it) the one e2e/find-chromium.ts finds. */
const chromiumPath = process.env.E2E_CHROMIUM_PATH ?? findJourneyChromium();

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/playwright',
  // Two browsers at once. Four were tried (docs/decisions/059): on two cores they kept the
  // machine's load at 15 for barely a shorter run, and journeys began to fail for lack of time.
  workers: 2,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Limits for a stuck journey or page, not speed requirements: with two journeys per core the
  // longest journeys (a company's approvals, a quote) take about a minute.
  timeout: 150_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: `http://localhost:${process.env.E2E_PORT}`,
    browserName: 'chromium',
    viewport: { width: 1280, height: 900 },
    launchOptions: {
      ...(chromiumPath ? { executablePath: chromiumPath } : {}),
      args: [
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    // Recording a trace of every journey, kept only for failures, cost about a quarter of the
    // suite's CPU (docs/decisions/059); a failure still prints its error and keeps a screenshot.
    // To keep traces: npm run test:e2e -- --trace retain-on-failure e2e/the.spec.ts
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
