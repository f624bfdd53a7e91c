/**
 * What `npm run test:e2e` does on a machine without the browsers it needs (a fresh machine must
 * pass `npm test` by itself): Chromium through Playwright, else Debian's (with its headless shell); Firefox ESR from Debian
 * (as root, with apt). The finders (find-chromium.ts, find-firefox.ts) only look.
 */
import { spawnSync } from 'node:child_process';

function run(command: string, args: string[]): boolean {
  console.log(`$ ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { stdio: 'inherit' }).status === 0;
}

function canUseApt(): boolean {
  const isRoot = process.getuid?.() === 0;
  return isRoot && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

const aptInstall = (name: string) =>
  run('sh', [
    '-c',
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${name}`,
  ]);

export function installChromium(): void {
  console.log('No Chromium found; trying to install one.');
  if (run('npx', ['playwright', 'install', 'chromium'])) return;
  if (canUseApt()) aptInstall('chromium chromium-headless-shell');
}

export function installFirefox(): void {
  console.log('No Firefox found; installing firefox-esr.');
  if (canUseApt()) aptInstall('firefox-esr');
}
