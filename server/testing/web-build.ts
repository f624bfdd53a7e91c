import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.join(import.meta.dirname, '../..');
const RENDERER = path.join(root, 'dist/web/server/index.js');

function newest(dir: string): number {
  let time = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    time = Math.max(time, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return time;
}

/**
 * Builds the web app (`vite build`, a few seconds) for tests that render pages in a real store,
 * unless dist/web is there and newer than every file under web/ and contract/.
 */
export function ensureWebBuild(): void {
  const sources = Math.max(
    newest(path.join(root, 'web')),
    newest(path.join(root, 'contract')),
    statSync(path.join(root, 'vite.config.ts')).mtimeMs,
  );
  if (existsSync(RENDERER) && statSync(RENDERER).mtimeMs >= sources) return;
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stderr}`);
}
