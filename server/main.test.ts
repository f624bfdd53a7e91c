import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port.ts';
import { processesOn, startStoreProcess } from './testing/store-process.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function newDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'toolyard-main-'));
  dirs.push(dir);
  return dir;
}

describe('the store process', () => {
  it('on SIGTERM finishes the request in flight, refuses new ones, and stops its database', async () => {
    const dataDir = await newDataDir();
    const store = await startStoreProcess({
      dataDir,
      port: await freePort(),
      env: { SEED_DEMO: 'true' },
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
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', reject);
      request.write(body.slice(0, 10));
      setTimeout(() => {
        store.child.kill('SIGTERM');
        setTimeout(() => request.end(body.slice(10)), 300);
      }, 200);
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
    const tools = await (await fetch(`${first.base}/api/tools`)).json();
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
