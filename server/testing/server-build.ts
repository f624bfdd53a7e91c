import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { isBuildStale, PROJECT_ROOT, SERVER_SOURCES } from '../../scripts/build-freshness.ts';

/** The built server, as `npm start` and `npm run start:prod` run it. */
export const SERVER_BUNDLE = path.join(PROJECT_ROOT, 'dist/server/main.mjs');

/**
 * Builds dist/server (`npm run build:server`, a few seconds) when it is missing or older than its
 * sources (scripts/build-freshness.ts), for tests and benchmarks that run the built store.
 */
export function ensureServerBuild(): void {
  if (!isBuildStale(SERVER_BUNDLE, SERVER_SOURCES)) return;
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`the server build failed:\n${result.stderr}`);
}
