import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isBuildStale, PROJECT_ROOT, WEB_SOURCES } from '../../scripts/build-freshness.ts';

const RENDERER = path.join(PROJECT_ROOT, 'dist/web/server/index.js');
const ASSETS = path.join(PROJECT_ROOT, 'dist/web/client/assets');

/**
 * Refuses a build of the web app on React's development build: tests and benchmarks prove the
 * bundle the store ships. A message only React DOM's development build carries tells it.
 */
function assertProductionBuild(): void {
  const entry = readdirSync(ASSETS).find((name) => /^entry\.client-[\w-]+\.js$/.test(name));
  if (!entry) throw new Error(`The web build in ${ASSETS} has no entry script.`);
  if (readFileSync(path.join(ASSETS, entry), 'utf8').includes('cannot be a child of'))
    throw new Error(
      `The web build in ${ASSETS} is React's development build: build it with \`vite build\` (npm run build), whose production mode vite.config.ts keeps to React's production build.`,
    );
}

/**
 * Builds the web app (`vite build`, a few seconds) for tests and benchmarks that render pages in a
 * real store, when asked to, or unless dist/web is newer than every file it is made from
 * (scripts/build-freshness.ts). Says whether it built, and when the build in dist/web was made.
 */
export function ensureWebBuild(force = false): { built: boolean; builtAt: Date } {
  const built = force || isBuildStale(RENDERER, WEB_SOURCES);
  if (built) {
    const result = spawnSync(
      process.execPath,
      [path.join(PROJECT_ROOT, 'node_modules/vite/bin/vite.js'), 'build'],
      { cwd: PROJECT_ROOT, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(`vite build failed:\n${result.stderr}`);
  }
  assertProductionBuild();
  return { built, builtAt: statSync(RENDERER).mtime };
}
