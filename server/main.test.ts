import { rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port.ts';
import { makeDataDir } from './testing/data-dir.ts';
import { processesOn, runStoreUntilExit, startStoreProcess } from './testing/store-process.ts';
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
 * Each test starts the real store in a child process (a new PostgreSQL cluster, the migrations,
 * the seed): seconds on a quiet machine, several times that when another test file starts
 * processes of its own on the same two cores.
 */
const STORE_START_TIMEOUT = { timeout: 90_000 };

describe('the store process', STORE_START_TIMEOUT, () => {
  it('on SIGTERM finishes the request in flight, refuses new ones, and stops its database', async () => {
    const dataDir = await newDataDir();
    const store = await startStoreProcess({
      dataDir,
      port: await freePort(),
      // At info the store says when it begins shutting down.
      env: { SEED_DEMO: 'true', LOG_LEVEL: 'info' },
    });
    expect(processesOn(dataDir)).toBe(true);
    const exited = new Promise<number | null>((resolve) =>
      store.child.once('exit', (code) => resolve(code)),
    );

    // A request whose body is still arriving when the signal comes: it is in flight.
    const body = JSON.stringify({ review: 'Arrived slowly but surely.', rating: 5 });
    const inFlight = new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port: store.port,
          method: 'POST',
          path: '/api/reviews',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            // The store answers "100 Continue" once it has read the headers: the request is in.
            expect: '100-continue',
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', reject);
      request.on('continue', () => {
        request.write(body.slice(0, 10));
        store.child.kill('SIGTERM');
        // The rest of the body arrives once the store has said it is shutting down.
        within(10_000, () => expect(store.output()).toContain('shutting down')).then(
          () => request.end(body.slice(10)),
          reject,
        );
      });
      request.flushHeaders();
    });
    // Not signed in, so the answer is 401: what matters is that there is an answer.
    expect(await inFlight).toBe(401);

    expect(await exited, store.output()).toBe(0);
    await expect(fetch(`${store.base}/api/health`)).rejects.toThrow();
    expect(processesOn(dataDir)).toBe(false);
  });

  it('keeps its data across a restart', async () => {
    const dataDir = await newDataDir();
    const port = await freePort();
    const first = await startStoreProcess({ dataDir, port, env: { SEED_DEMO: 'true' } });
    const tools = (await (await fetch(`${first.base}/api/tools`)).json()) as unknown[];
    expect(tools.length).toBeGreaterThanOrEqual(12);
    expect(await first.stop()).toBe(0);

    const second = await startStoreProcess({ dataDir, port });
    try {
      expect(await (await fetch(`${second.base}/api/tools`)).json()).toEqual(tools);
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
