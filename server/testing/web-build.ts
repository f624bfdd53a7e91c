import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import { isBuildStale, PROJECT_ROOT, WEB_SOURCES } from '../../scripts/build-freshness.ts';

const RENDERER = path.join(PROJECT_ROOT, 'dist/web/server/index.js');

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
  return { built, builtAt: statSync(RENDERER).mtime };
}
