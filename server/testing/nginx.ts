import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { makeDataDir } from './data-dir.ts';
import { waitUntil } from './wait-until.ts';

/** The example configuration the README shows, which tests run as it is (placeholders filled). */
const NGINX_EXAMPLE = path.join(import.meta.dirname, '../../deploy/nginx.conf.example');

/** Debian's nginx, or the first on PATH; undefined when there is none. */
export function findNginx(): string | undefined {
  const candidates = [
    process.env.NGINX_PATH,
    '/usr/sbin/nginx',
    ...(process.env.PATH ?? '').split(':').map((dir) => path.join(dir, 'nginx')),
  ];
  return candidates.find((candidate): candidate is string => !!candidate && existsSync(candidate));
}

/**
 * The example with its placeholders filled: `{{LISTEN}}`, and each line naming `{{INSTANCE}}`
 * written once per instance.
 */
function renderNginxExample(
  template: string,
  { listen, instances }: { listen: string; instances: string[] },
): string {
  return template
    .split('\n')
    .flatMap((line) =>
      line.includes('{{INSTANCE}}')
        ? instances.map((instance) => line.replaceAll('{{INSTANCE}}', instance))
        : [line],
    )
    .join('\n')
    .replaceAll('{{LISTEN}}', listen);
}

export interface Nginx {
  base: string;
  port: number;
  /** One line per request: client address, the instance that answered (or several), status, method, path. */
  accessLog(): Promise<string[]>;
  /** What nginx logged at warn and above: why it answered a 502, for a failure's message. */
  errorLog(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * nginx in front of `instances` on loopback, run by the test as an ordinary process: its own
 * configuration around the example (pid file, logs and temporary files in a folder of its own),
 * never the system's nginx service.
 */
export async function startNginx(options: {
  binary: string;
  port: number;
  instances: string[];
}): Promise<Nginx> {
  const dir = await makeDataDir('toolyard-nginx-');
  const site = renderNginxExample(await readFile(NGINX_EXAMPLE, 'utf8'), {
    listen: `127.0.0.1:${options.port}`,
    instances: options.instances,
  });
  await writeFile(path.join(dir, 'toolyard.conf'), site);
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  await writeFile(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 2048; }
http {
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  log_format cluster '$remote_addr $upstream_addr $status $request_method $uri';
  access_log ${path.join(dir, 'access.log')} cluster;
  include ${path.join(dir, 'toolyard.conf')};
}
`,
  );
  let output = '';
  const child: ChildProcess = spawn(
    options.binary,
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const base = `http://127.0.0.1:${options.port}`;
  const isListening = await waitUntil(
    async () =>
      child.exitCode !== null ||
      (await fetch(`${base}/api/health`).then(
        () => true,
        () => false,
      )),
    { timeoutMs: 15_000, intervalMs: 100 },
  );
  if (!isListening || child.exitCode !== null) {
    child.kill('SIGKILL');
    const log = await readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '');
    throw new Error(`nginx did not start:\n${output}\n${log}`);
  }
  return {
    base,
    port: options.port,
    async accessLog() {
      return (await readFile(path.join(dir, 'access.log'), 'utf8')).split('\n').filter(Boolean);
    },
    errorLog: () => readFile(path.join(dir, 'error.log'), 'utf8').catch(() => ''),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
