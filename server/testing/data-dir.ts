import { chmod, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * A fresh data directory under the system's temp folder, open to enter (0755). mkdtemp makes it
 * 0700: run as root, the store would keep its cluster aside under /var/lib/toolyard/clusters
 * (server/db/cluster-place.ts) and leave it there when the test removes the directory.
 */
export async function makeDataDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  await chmod(dir, 0o755);
  return dir;
}
