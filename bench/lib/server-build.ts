import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { isBuildStale, PROJECT_ROOT, SERVER_SOURCES } from '../../scripts/build-freshness.ts';

const BUNDLE = path.join(PROJECT_ROOT, 'dist/server/main.mjs');

/** Builds dist/server (`npm run build:server`) when it is missing or older than its sources. */
export function ensureServerBuild(): void {
  if (!isBuildStale(BUNDLE, SERVER_SOURCES)) return;
  console.log('Building the server (npm run build:server)...');
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('the server build failed');
}
