import { rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port.ts';
import { makeDataDir } from './testing/data-dir.ts';
import {
  processesOn,
  runStoreUntilExit,
  type StoreProcess,
  startStoreProcess,
} from './testing/store-process.ts';
import { within } from './testing/within.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function newDataDir(): Promise<string> {
  const dir = await makeDataDir('toolyard-main-');
  dirs.push(dir);
  return dir;
}

/**
 * A visitor's cart priced (public, answered only once its whole body has arrived), sent with
 * "Expect: 100-continue": the store answers "100 Continue" once it has read the headers, and the
 * request is in.
 */
function pricingRequest(
  store: StoreProcess,
  contentLength: number,
  onResponse?: (response: http.IncomingMessage) => void,
): http.ClientRequest {
  const headers = {
    origin: store.base,
    'content-type': 'application/json',
    'content-length': contentLength,
    expect: '100-continue',
  };
  const options = { host: '127.0.0.1', port: store.port, method: 'POST', path: '/api/cart/quote' };
  return http.request({ ...options, headers }, onResponse);
}

/**
 * Each test starts the real store in a child process (a new PostgreSQL cluster, the migrations,
 * the seed): seconds on a quiet machine, several times that when another test file starts
 * processes of its own on the same two cores.
 */
const STORE_START_TIMEOUT = { timeout: 90_000 };

describe('the store process', STORE_START_TIMEOUT, () => {
  it('on SIGTERM turns not ready, keeps serving for SHUTDOWN_DELAY_SECONDS, closes its listener, finishes the request in flight, and stops its database', async () => {
    const dataDir = await newDataDir();
    const store = await startStoreProcess({
      dataDir,
      port: await freePort(),
      // At info the store says when it begins shutting down.
      env: { SEED_DEMO: 'true', LOG_LEVEL: 'info', SHUTDOWN_DELAY_SECONDS: '2' },
    });
    expect(processesOn(dataDir)).toBe(true);
    await within(10_000, async () =>
      expect((await fetch(`${store.base}/api/ready`)).status).toBe(200),
    );
    const exited = new Promise<number | null>((resolve) =>
      store.child.once('exit', (code) => resolve(code)),
    );
    let signalledAt = 0;
    let listenerClosedAt = 0;

    // A request whose body is still arriving when the signal comes: it is in flight.
    const body = JSON.stringify({ lines: [] });
    const inFlight = new Promise<{ status: number; connection?: string }>((resolve, reject) => {
      const request = pricingRequest(store, Buffer.byteLength(body), (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
        );
      });
      request.on('error', reject);
      request.on('continue', () => {
        request.write(body.slice(0, 5));
        signalledAt = Date.now();
        store.child.kill('SIGTERM');
        // The rest of the body arrives only once the listener has closed.
        (async () => {
          await within(10_000, () => expect(store.output()).toContain('shutting down'));
          // Not ready at once, while still alive and serving (each answer closing its connection).
          const ready = await fetch(`${store.base}/api/ready`);
          expect(ready.status).toBe(503);
          expect(((await ready.json()) as { code: string }).code).toBe('not_ready');
          const health = await fetch(`${store.base}/api/health`);
          expect(health.status).toBe(200);
          expect(health.headers.get('connection')).toBe('close');
          await within(10_000, () => expect(fetch(`${store.base}/api/health`)).rejects.toThrow());
          listenerClosedAt = Date.now();
          request.end(body.slice(5));
        })().catch(reject);
      });
      request.flushHeaders();
    });
    // Answered after the listener closed, closing its connection: no keep-alive holds the stop.
    expect(await inFlight).toEqual({ status: 200, connection: 'close' });
    expect(listenerClosedAt - signalledAt).toBeGreaterThanOrEqual(1_900);

    expect(await exited, store.output()).toBe(0);
    await expect(fetch(`${store.base}/api/health`)).rejects.toThrow();
    expect(processesOn(dataDir)).toBe(false);
  });

  it('a shutdown stuck past SHUTDOWN_TIMEOUT_SECONDS says where, stops its PostgreSQL all the same and exits with 1', async () => {
    const dataDir = await newDataDir();
    const store = await startStoreProcess({
      dataDir,
      port: await freePort(),
      env: { SEED_DEMO: 'false', SHUTDOWN_TIMEOUT_SECONDS: '1', REQUEST_TIMEOUT_SECONDS: '60' },
    });
    // A request whose body never ends: the listener cannot close before the request time-out.
    const stuck = pricingRequest(store, 100);
    stuck.on('error', () => {});
    await new Promise((resolve) => stuck.once('continue', resolve).flushHeaders());
    stuck.write('{"lines"');
    try {
      expect(await store.stop()).toBe(1);
      expect(store.output()).toMatch(
        /"step":"closing the app".*"msg":"shutdown took too long; stopping PostgreSQL and exiting"/,
      );
      expect(processesOn(dataDir)).toBe(false);
    } finally {
      stuck.destroy();
    }
  });

  it('keeps its data across a restart', async () => {
    const dataDir = await newDataDir();
    const port = await freePort();
    const first = await startStoreProcess({ dataDir, port, env: { SEED_DEMO: 'true' } });
    const tools = (await (await fetch(`${first.base}/api/tools`)).json()) as unknown[];
    expect(tools.length).toBeGreaterThanOrEqual(12);
    expect(await first.stop()).toBe(0);

    // Development logs as text (pino-pretty), as on a terminal: no JSON line.
    const second = await startStoreProcess({
      dataDir,
      port,
      env: { LOG_FORMAT: 'pretty', LOG_LEVEL: 'info' },
    });
    try {
      expect(await (await fetch(`${second.base}/api/tools`)).json()).toEqual(tools);
      await within(5_000, () => expect(second.output()).toMatch(/INFO.*is open at/));
      expect(second.output()).not.toContain('{"level"');
    } finally {
      expect(await second.stop()).toBe(0);
    }
    expect(processesOn(dataDir)).toBe(false);
  });
});

describe(
  'a store that cannot start says why in one line, and what to do',
  STORE_START_TIMEOUT,
  () => {
    it.each([
      [
        'its port is taken',
        async () => {
          const taken = http.createServer();
          await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
          const address = taken.address();
          const port = typeof address === 'object' && address ? address.port : 0;
          return {
            env: { PORT: String(port) },
            close: () => taken.close(),
            expected: /port \d+ on 127\.0\.0\.1 is already in use\. To fix: .*PORT/,
          };
        },
      ],
      [
        'DATABASE_URL points at nothing',
        async () => ({
          env: { DATABASE_URL: `postgres://u:p@127.0.0.1:${await freePort()}/toolyard` },
          close: () => {},
          expected: /cannot be reached \(ECONNREFUSED\)\. To fix: .*DATABASE_URL/,
        }),
      ],
      [
        'DATA_DIR is a file',
        async () => {
          const dir = await newDataDir();
          const file = path.join(dir, 'not-a-directory');
          await writeFile(file, 'x');
          return {
            env: { DATA_DIR: file },
            close: () => {},
            expected:
              /DATA_DIR: .* cannot hold the store's data \(ENOTDIR\)\. Set DATA_DIR to a directory/,
          };
        },
      ],
    ])('when %s', async (_label, arrange) => {
      const setup = await arrange();
      const dataDir = await newDataDir();
      try {
        const { code, stderr } = await runStoreUntilExit({
          PORT: String(await freePort()),
          DATA_DIR: dataDir,
          ...setup.env,
        });
        expect(code).toBe(1);
        const lines = stderr
          .split('\n')
          .filter((line) => line.trim() && !line.includes('ExperimentalWarning'));
        expect(lines, stderr).toHaveLength(1);
        expect(lines[0]).toMatch(/^(Toolyard|The store) could not start: /);
        expect(lines[0]).toMatch(setup.expected);
        expect(stderr).not.toMatch(/\n\s+at /);
      } finally {
        setup.close();
      }
      expect(processesOn(dataDir)).toBe(false);
    });
  },
);
