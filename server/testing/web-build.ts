import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The project's root, where `dist/` and the sources live. */
export const PROJECT_ROOT = path.join(import.meta.dirname, '../..');
const RENDERER = path.join(PROJECT_ROOT, 'dist/web/server/index.js');

/** The time of the newest file below `dir`. */
function newestFile(dir: string): number {
  let time = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    time = Math.max(time, entry.isDirectory() ? newestFile(full) : statSync(full).mtimeMs);
  }
  return time;
}

/**
 * Whether `output` is missing or older than any of `sources` (folders and files under the root):
 * the one test of a build's freshness, for the web app here and the server in bench/lib.
 */
export function isBuildStale(output: string, sources: string[]): boolean {
  if (!existsSync(output)) return true;
  const newest = Math.max(
    ...sources.map((source) => {
      const full = path.join(PROJECT_ROOT, source);
      return statSync(full).isDirectory() ? newestFile(full) : statSync(full).mtimeMs;
    }),
  );
  return newest > statSync(output).mtimeMs;
}

/**
 * Builds the web app (`vite build`, a few seconds) for tests and benchmarks that render pages in a
 * real store, when asked to, or unless dist/web is newer than every file under web/ and contract/
 * and the Vite config. Says whether it built, and when the build in dist/web was made.
 */
export function ensureWebBuild(force = false): { built: boolean; builtAt: Date } {
  const built = force || isBuildStale(RENDERER, ['web', 'contract', 'vite.config.ts']);
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
