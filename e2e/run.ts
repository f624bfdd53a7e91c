/**
 * `npm run test:e2e`: finds a Chromium (e2e/find-chromium.ts), then runs the Playwright journeys
 * with it.
 */
import { spawnSync } from 'node:child_process';
import { findChromium, HOW_TO_INSTALL } from './find-chromium.ts';

const executable = findChromium();
if (!executable) {
  console.error(HOW_TO_INSTALL);
  process.exit(1);
}
console.log(`Using Chromium at ${executable}`);
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, E2E_CHROMIUM_PATH: executable },
});
process.exit(result.status ?? 1);
