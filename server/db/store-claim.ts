import pg from 'pg';

// Which store uses a cluster. Every store holds a session advisory lock on its cluster's `postgres`
// database, over a connection of its own, for as long as it runs. PostgreSQL ends that session
// (and the lock with it) the moment the store's process dies, however it dies: a PostgreSQL server
// with nobody holding the lock is an orphan, one with a holder belongs to a live store
// (docs/decisions/010).

/** The advisory lock key (below 2^31: in pg_locks, classid 0 and objid the key). */
const STORE_LOCK = 1_953_459_300;
const HOLDER_NAME = 'toolyard store pid ';

export interface StoreClaim {
  release(): Promise<void>;
}

async function connect(port: number, password: string, applicationName: string) {
  const client = new pg.Client({
    user: 'toolyard',
    password,
    host: '127.0.0.1',
    port,
    database: 'postgres',
    application_name: applicationName,
    connectionTimeoutMillis: 5_000,
  });
  // The server stopping ends this connection; the store learns of an outage from its own pool.
  client.on('error', () => {});
  await client.connect();
  return client;
}

/** Marks the cluster served on `port` as this store's until `release` or the process's end. */
export async function claimCluster(port: number, password: string): Promise<StoreClaim> {
  const client = await connect(port, password, `${HOLDER_NAME}${process.pid}`);
  const { rows } = await client.query<{ isTaken: boolean }>(
    'select pg_try_advisory_lock($1) as "isTaken"',
    [STORE_LOCK],
  );
  if (!rows[0]?.isTaken) {
    await client.end();
    throw new Error('another store holds the cluster this store has just started');
  }
  return { release: () => client.end().catch(() => undefined) };
}

const holderQuery = `
  select a.application_name as name
  from pg_locks l join pg_stat_activity a on a.pid = l.pid
  where l.locktype = 'advisory' and l.granted and l.classid = 0 and l.objid = $1::oid
    and l.objsubid = 1 and l.database = (select oid from pg_database where datname = 'postgres')`;

/**
 * The pid of the live store that uses the server on `port`, or undefined when none does. Asked
 * twice, half a second apart: a store that has just started its server takes the lock within
 * milliseconds of the server's "ready".
 */
export async function liveStorePid(port: number, password: string): Promise<number | undefined> {
  const client = await connect(port, password, 'toolyard store check');
  try {
    for (let attempt = 0; ; attempt++) {
      const { rows } = await client.query<{ name: string }>(holderQuery, [STORE_LOCK]);
      const holder = rows[0];
      if (holder) return Number(holder.name.slice(HOLDER_NAME.length)) || 0;
      if (attempt === 1) return undefined;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}
