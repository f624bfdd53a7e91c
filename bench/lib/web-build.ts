import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './store.ts';

/** The files browsers load (the page renderer sits beside it, in dist/web/server). */
export const DIST_DIR = path.join(ROOT, 'dist/web/client');
const RENDERER = path.join(ROOT, 'dist/web/server/index.js');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const time = entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs;
    newest = Math.max(newest, time);
  }
  return newest;
}

/**
 * Builds the web app (`vite build`, as `npm run build` does) when asked to, when there is no build,
 * or when a source file under web/ (or the Vite config) is newer than the build.
 */
export function ensureWebBuild(force: boolean): { built: boolean; builtAt: Date } {
  const isStale =
    !existsSync(RENDERER) ||
    Math.max(
      newestSource(path.join(ROOT, 'web')),
      statSync(path.join(ROOT, 'vite.config.ts')).mtimeMs,
    ) > statSync(RENDERER).mtimeMs;
  if (force || isStale) {
    console.log('Building the web app (vite build)...');
    const result = spawnSync(
      process.execPath,
      [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build'],
      {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    if (result.status !== 0) throw new Error('vite build failed');
  }
  return { built: force || isStale, builtAt: statSync(RENDERER).mtime };
}
