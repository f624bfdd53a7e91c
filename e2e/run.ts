/**
 * `npm run test:e2e`: finds Chromium (e2e/find-chromium.ts) and Firefox ESR
 * (e2e/find-firefox.ts), installing what is missing (e2e/install-browsers.ts), then runs the
 * browser journeys with them.
 */
import { spawnSync } from 'node:child_process';
import { findJourneyChromium, HOW_TO_INSTALL, lacksHeadlessShell } from './find-chromium.ts';
import { findFirefox, HOW_TO_INSTALL_FIREFOX } from './find-firefox.ts';
import { installChromium, installFirefox } from './install-browsers.ts';

const found = <T>(find: () => T | undefined, install: () => void): T | undefined => {
  const first = find();
  if (first) return first;
  install();
  return find();
};

const executable = found(findJourneyChromium, installChromium);
if (!executable) {
  console.error(HOW_TO_INSTALL);
  process.exit(1);
}
const firefox = found(findFirefox, installFirefox);
if (!firefox) {
  console.error(HOW_TO_INSTALL_FIREFOX);
  process.exit(1);
}
console.log(`Using Chromium at ${executable} and Firefox at ${firefox}`);
if (lacksHeadlessShell(executable)) {
  console.log(
    'Chromium’s headless shell is not installed: the journeys run in the desktop browser, which costs them about a third more CPU (`apt-get install -y chromium-headless-shell`; docs/decisions/071).',
  );
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, E2E_CHROMIUM_PATH: executable, E2E_FIREFOX_PATH: firefox },
});
process.exit(result.status ?? 1);
