/**
 * Where Firefox ESR is, for the main journeys in a second browser engine (e2e/firefox.spec.ts):
 * FIREFOX_PATH, /usr/bin/firefox-esr, /usr/bin/firefox; failing those (as root, with apt)
 * `apt-get install -y firefox-esr`. Playwright's own Firefox needs a download this network does
 * not allow, so Debian's is driven over WebDriver BiDi by puppeteer-core.
 */
import { spawnSync } from 'node:child_process';
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
  const found = PLACES.find((place) => existsSync(place));
  if (found) return found;

  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log('No Firefox found; installing firefox-esr.');
    const install = spawnSync(
      'sh',
      [
        '-c',
        'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq firefox-esr',
      ],
      { stdio: 'inherit' },
    );
    if (install.status === 0) return PLACES.find((place) => existsSync(place));
  }
  return undefined;
}
