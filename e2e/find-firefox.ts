/**
 * Where Firefox ESR is, for the main journeys in a second browser engine (e2e/firefox.spec.ts):
 * FIREFOX_PATH, /usr/bin/firefox-esr, /usr/bin/firefox. It only looks: installing one is the test
 * runner's business (e2e/install-browsers.ts). Playwright's own Firefox needs a download this
 * network does not allow, so Debian's is driven over WebDriver BiDi by puppeteer-core.
 */
import { existsSync } from 'node:fs';

export const HOW_TO_INSTALL_FIREFOX =
  'Firefox was not found: install it with `apt-get install -y firefox-esr`, or set FIREFOX_PATH to its executable.';

const PLACES = ['/usr/bin/firefox-esr', '/usr/bin/firefox'];

export function findFirefox(): string | undefined {
  const fromEnv = process.env.FIREFOX_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    console.warn(`FIREFOX_PATH=${fromEnv} does not exist; looking elsewhere.`);
  }
  return PLACES.find((place) => existsSync(place));
}
