import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chown, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { assertRootOwned, canReach, StartupError, type SystemUser } from './postgres-binaries.ts';

/** Where clusters go whose DATA_DIR the postgres user cannot reach (root's own, open to enter). */
const DEFAULT_CLUSTERS_DIR = '/var/lib/toolyard/clusters';

/** The two places a DATA_DIR's cluster may live: inside it, or aside under the clusters folder. */
export function clusterPlaces(
  dataDir: string,
  clustersDir = DEFAULT_CLUSTERS_DIR,
): { inside: string; aside: string } {
  const key = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return { inside: path.join(dataDir, 'postgres'), aside: path.join(clustersDir, key) };
}

const hasCluster = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));

/** The first directory on the way to `dir` (itself included) that `user` may not enter. */
async function firstClosed(dir: string, user: SystemUser): Promise<string> {
  let closed = dir;
  for (let current = dir; ; current = path.dirname(current)) {
    const info = await stat(current);
    const bit = info.uid === user.uid ? 0o100 : info.gid === user.gid ? 0o010 : 0o001;
    if ((info.mode & bit) === 0) closed = current;
    if (current === path.dirname(current)) return closed;
  }
}

/**
 * The cluster directory for DATA_DIR, made and owned by `owner` (the postgres user, when the store
 * runs as root). The store changes no permission of a directory it did not create: when the
 * postgres user cannot reach DATA_DIR (inside a private directory such as /root), the cluster lives
 * aside, under /var/lib/toolyard/clusters, and the log says where (docs/decisions/029).
 */
export async function placeCluster(
  dataDir: string,
  owner: SystemUser | null,
  log: Logger,
  clustersDir = DEFAULT_CLUSTERS_DIR,
): Promise<string> {
  const { inside, aside } = clusterPlaces(dataDir, clustersDir);
  if (!owner) return inside;
  const own = async (dir: string) => {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await chown(dir, owner.uid, owner.gid);
    return dir;
  };
  if (hasCluster(inside) || !hasCluster(aside)) {
    await mkdir(dataDir, { recursive: true });
    if (await canReach(dataDir, owner)) return own(inside);
    if (hasCluster(inside)) {
      const closed = await firstClosed(dataDir, owner);
      throw new StartupError(
        `the postgres user cannot reach the cluster in ${inside} (${closed} is closed to it)`,
        `let it pass with chmod o+x ${closed}, or move DATA_DIR out of the private directory`,
      );
    }
  }
  await mkdir(clustersDir, { recursive: true, mode: 0o755 });
  await assertRootOwned(clustersDir);
  if (!(await canReach(clustersDir, owner))) {
    const closed = await firstClosed(clustersDir, owner);
    throw new StartupError(
      `the postgres user can reach neither ${dataDir} nor ${clustersDir} (${closed} is closed to it)`,
      'set DATA_DIR to a directory outside private ones (such as /var/lib/toolyard/data), or set DATABASE_URL',
    );
  }
  if (!hasCluster(aside)) {
    log.warn(
      { dataDir, cluster: aside },
      `the postgres user cannot reach ${dataDir}: the embedded PostgreSQL keeps its cluster in ${aside}`,
    );
  }
  return own(aside);
}
