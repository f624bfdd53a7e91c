import type { ChildProcess } from 'node:child_process';
import { spawnNode, stopChild } from './processes.ts';
import { rawGet } from './raw-http.ts';
import { ROOT } from './store.ts';

/** Headers Node writes itself on every response; the recorded ones would duplicate them. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

export interface Ceiling {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Fetches each path from the store once, exactly as the load will (same request headers), and
 * starts the ceiling server answering those same bytes and headers from memory.
 */
export async function startCeiling(
  storeUrl: string,
  paths: string[],
  requestHeaders: Record<string, string>,
): Promise<Ceiling> {
  const responses: Record<string, unknown> = {};
  for (const path of paths) {
    const response = await rawGet(`${storeUrl}${path}`, requestHeaders);
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    const headers = response.headers.filter(([name]) => !OWN_HEADERS.has(name));
    responses[path] = { status: 200, headers, body: response.body.toString('base64') };
  }
  const child = spawnNode('bench/lib/ceiling-server.ts', { cwd: ROOT, stdio: 'inherit' });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`the ceiling server exited with ${code}`)));
    child.send({ responses });
  });
  return { url: `http://127.0.0.1:${port}`, child, stop: () => stopChild(child) };
}
