import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { freePort } from '../free-port.ts';
import { makeDataDir } from '../testing/data-dir.ts';
import { withDatabase } from '../testing/global-setup.ts';
import { type Nginx, startNginx } from '../testing/nginx.ts';
import { ensureServerBuild } from '../testing/server-build.ts';
import { type StoreProcess, startStoreProcess } from '../testing/store-process.ts';
import { waitUntil } from '../testing/wait-until.ts';

/** The per-address quote limit the instances run with: small, so a flood meets it at once. */
export const QUOTES_PER_MINUTE = 20;

/**
 * Instances of the built store (dist/server/main.mjs) on one fresh PostgreSQL database of the test
 * server (embedded, or TEST_DATABASE_URL), behind nginx running deploy/nginx.conf.example, each
 * as production would run it behind a proxy: TRUST_PROXY naming the proxy, one SESSION_SECRET
 * and PUBLIC_URL (nginx's address), SHUTDOWN_DELAY_SECONDS at its default. All three start at
 * once on the empty database: migrating and seeding the demo take their locks.
 */
export async function startCluster(options: { nginx: string; instances: number }) {
  ensureServerBuild();
  const admin = new pg.Client({
    connectionString: withDatabase(inject('pgServerUrl'), 'postgres'),
  });
  await admin.connect();
  const name = `toolyard_cluster_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const databaseUrl = withDatabase(inject('pgServerUrl'), name);
  const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  // The database is dropped with its connections at the end; an idle one's goodbye is no failure.
  db.on('error', () => {});
  const nginxPort = await freePort();
  const ports = await Promise.all(Array.from({ length: options.instances }, () => freePort()));
  const dataDirs = await Promise.all(ports.map(() => makeDataDir('toolyard-cluster-')));
  const env = {
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
    TRUST_PROXY: '127.0.0.1',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    // The buyers keep ordering; what is measured is that nothing is lost, not the caps.
    UNPAID_ORDERS_MAX: '1000',
    UNPAID_STOCK_SHARE_MAX: '100',
    RATE_LIMIT_WRITES_PER_USER: '100000/1m',
    RATE_LIMIT_QUOTES_PER_IP: `${QUOTES_PER_MINUTE}/1m`,
  };
  const start = (index: number) =>
    startStoreProcess({
      dataDir: dataDirs[index] as string,
      port: ports[index] as number,
      env,
      built: true,
    });
  const started = await Promise.allSettled(ports.map((_, index) => start(index)));
  const instances = started.flatMap((result) =>
    result.status === 'fulfilled' ? [result.value] : [],
  );
  /** Stops what runs (nginx, the instances) and removes the database and data directories. */
  const cleanUp = async () => {
    await nginx?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
    await db.end();
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  };
  /** Until the instance's own /api/ready says 200 (as an orchestrator would ask it). */
  const waitReady = async (index: number) => {
    const base = instances[index]?.base;
    const isReady = await waitUntil(
      () =>
        fetch(`${base}/api/ready`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    if (!isReady) throw new Error(`instance ${index} did not become ready`);
  };
  let nginx: Nginx | undefined;
  try {
    const failure = started.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    nginx = await startNginx({
      binary: options.nginx,
      port: nginxPort,
      instances: ports.map((port) => `127.0.0.1:${port}`),
    });
    for (const index of ports.keys()) await waitReady(index);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  const proxy = nginx;

  const restartedAt = ports.map(() => 0);

  return {
    proxy,
    db,
    instances,
    /** The instance's address on loopback (:port), as nginx's access log names it. */
    address: (index: number) => `127.0.0.1:${ports[index]}`,
    waitReady,
    /** SIGKILL: gone at once, requests in flight included. */
    async kill(index: number) {
      const { child } = instances[index] as StoreProcess;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    /** Starts the instance again on its port and waits until it is ready. */
    async restart(index: number) {
      restartedAt[index] = (await proxy.accessLog()).length;
      instances[index] = await start(index);
      await waitReady(index);
    },
    /** Until nginx sends the instance requests again (since its last restart). */
    async waitServing(index: number) {
      const upstream = `127.0.0.1:${ports[index]}`;
      const isServing = await waitUntil(
        async () =>
          (await proxy.accessLog())
            .slice(restartedAt[index])
            .some((line) => line.split(' ')[1]?.split(',').at(-1) === upstream),
        { timeoutMs: 30_000, intervalMs: 100 },
      );
      if (!isServing) throw new Error(`nginx sent instance ${index} no request after its restart`);
    },
    /** What the instances printed (warnings and errors), for a failure's message. */
    output: () =>
      instances.map((instance, i) => `--- instance ${i}\n${instance.output()}`).join('\n'),
    close: cleanUp,
  };
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;
