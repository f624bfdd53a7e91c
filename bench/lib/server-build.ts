import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUNDLE = path.join(ROOT, 'dist/server/main.mjs');

function newest(dir: string): number {
  let time = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    time = Math.max(time, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return time;
}

/** Builds dist/server (`npm run build:server`) when it is missing or older than its sources. */
export function ensureServerBuild(): void {
  const sources = Math.max(newest(path.join(ROOT, 'server')), newest(path.join(ROOT, 'contract')));
  if (existsSync(BUNDLE) && statSync(BUNDLE).mtimeMs >= sources) return;
  console.log('Building the server (npm run build:server)...');
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('the server build failed');
}
