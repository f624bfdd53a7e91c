import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The project's root, where `dist/` and the sources live. */
export const PROJECT_ROOT = path.join(import.meta.dirname, '..');

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
 * the one test of a build's freshness, for `npm start` (scripts/build-if-stale.ts), the tests that
 * render pages (server/testing/web-build.ts) and the benchmarks (bench/lib).
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

/** What the web app's build (dist/web) is made from. */
export const WEB_SOURCES = ['web', 'contract', 'vite.config.ts', 'package-lock.json'];
/** What the server's build (dist/server) is made from. */
export const SERVER_SOURCES = [
  'server',
  'contract',
  'scripts/build-server.ts',
  'package-lock.json',
];
