import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.join(import.meta.dirname, '..');
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function startStore(): Promise<{
  child: ChildProcess;
  port: number;
  dataDir: string;
  output: () => string;
}> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'toolyard-main-'));
  dirs.push(dataDir);
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  for (let i = 0; i < 120; i += 1) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, port, dataDir, output: () => output };
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the store did not become healthy:\n${output}`);
}

function postgresRunningOn(dataDir: string): boolean {
  try {
    return execFileSync('pgrep', ['-f', dataDir], { encoding: 'utf8' }).trim().length > 0;
  } catch {
    return false;
  }
}

describe('the store process', () => {
  it('on SIGTERM finishes the request in flight, refuses new ones, and stops its database', async () => {
    const { child, port, dataDir, output } = await startStore();
    expect(postgresRunningOn(dataDir)).toBe(true);

    // A request whose body is still arriving when the signal comes: it is in flight.
    const body = JSON.stringify({ review: 'Arrived slowly but surely.', rating: 5 });
    const inFlight = new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
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
        child.kill('SIGTERM');
        setTimeout(() => request.end(body.slice(10)), 300);
      }, 200);
    });
    // Not signed in, so the answer is 401: what matters is that there is an answer.
    expect(await inFlight).toBe(401);

    const exitCode = await new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    expect(exitCode, output()).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    expect(postgresRunningOn(dataDir)).toBe(false);
  });

  it('keeps its data across a restart and comes back fast', async () => {
    const first = await startStore();
    const tools = await (await fetch(`http://127.0.0.1:${first.port}/api/tools`)).json();
    expect(tools.length).toBeGreaterThanOrEqual(12);
    first.child.kill('SIGINT');
    await new Promise((resolve) => first.child.once('exit', resolve));

    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(first.port),
        DATA_DIR: first.dataDir,
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: path.join(first.dataDir, 'no-web'),
      },
      stdio: 'ignore',
    });
    try {
      let again: unknown[] = [];
      for (let i = 0; i < 120 && again.length === 0; i += 1) {
        again = await fetch(`http://127.0.0.1:${first.port}/api/tools`).then(
          (r) => (r.ok ? r.json() : []),
          () => [],
        );
        if (again.length === 0) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(again).toEqual(tools);
    } finally {
      child.kill('SIGINT');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    expect(postgresRunningOn(first.dataDir)).toBe(false);
  });
});
