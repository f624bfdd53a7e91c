/**
 * `npm start`'s build: builds the web app (`vite build`) and the server (scripts/build-server.ts)
 * only when one of their sources changed since the last build, so a restart with nothing changed
 * starts at once instead of building for half a minute. `npm run build` always builds.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { isBuildStale, PROJECT_ROOT, SERVER_SOURCES, WEB_SOURCES } from './build-freshness.ts';

function run(what: string, args: string[]): void {
  console.log(`building ${what}...`);
  const result = spawnSync(process.execPath, args, { cwd: PROJECT_ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const webRenderer = path.join(PROJECT_ROOT, 'dist/web/server/index.js');
const serverBundle = path.join(PROJECT_ROOT, 'dist/server/main.mjs');
const isWebStale = isBuildStale(webRenderer, WEB_SOURCES);
const isServerStale = isBuildStale(serverBundle, SERVER_SOURCES);
if (isWebStale)
  run('the web app', [path.join(PROJECT_ROOT, 'node_modules/vite/bin/vite.js'), 'build']);
if (isServerStale)
  run('the server', ['--import', 'tsx', path.join(PROJECT_ROOT, 'scripts/build-server.ts')]);
if (!isWebStale && !isServerStale) console.log('the build in dist/ is up to date');
