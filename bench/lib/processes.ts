import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Children this benchmark started; stopped if the benchmark itself is interrupted or fails. */
const started = new Set<ChildProcess>();
let isHooked = false;

function hookExit(): void {
  if (isHooked) return;
  isHooked = true;
  const killAll = () => {
    for (const child of started) child.kill('SIGINT');
  };
  process.once('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killAll();
      process.exit(130);
    });
  }
}

function track(child: ChildProcess): ChildProcess {
  hookExit();
  started.add(child);
  child.once('exit', () => started.delete(child));
  return child;
}

/**
 * Runs a script with Node: `.mjs` as it is (the built store, dist/server/main.mjs, and the bare
 * baseline that starts the same way), TypeScript through `--import tsx`.
 */
export function spawnNode(
  script: string,
  options: {
    cwd: string;
    env?: NodeJS.ProcessEnv;
    stdio?: 'ignore' | 'inherit' | number;
    /** More Node options, e.g. --cpu-prof to see where the time goes. */
    nodeArgs?: string[];
  },
): ChildProcess {
  const stdio = options.stdio ?? 'ignore';
  const loader = script.endsWith('.mjs') ? [] : ['--import', 'tsx'];
  return track(
    spawn(process.execPath, [...(options.nodeArgs ?? []), ...loader, script], {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', stdio, stdio, 'ipc'],
    }),
  );
}

/** Asks a child to stop (SIGINT, as Ctrl-C would) and waits; kills it if it does not. */
export async function stopChild(child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}

// One free-port helper for the whole repository.
export { freePort } from '../../server/free-port.ts';

/** Resident memory of one process (Linux /proc), in bytes. */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb * 1024;
}

/**
 * Proportional memory (Linux /proc smaps_rollup), in bytes: shared pages are divided among the
 * processes sharing them, so PostgreSQL's shared buffers count once across its processes.
 */
export function pssBytes(pid: number): number {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    return Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0) * 1024;
  } catch {
    return 0; // the process ended meanwhile
  }
}

/** The process and all its descendants. */
export function processTree(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and brackets: fields resume after its closing ")".
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = parents.get(ppid) ?? [];
      list.push(Number(entry));
      parents.set(ppid, list);
    } catch {
      // gone meanwhile
    }
  }
  const tree: number[] = [];
  const visit = (pid: number) => {
    tree.push(pid);
    for (const child of parents.get(pid) ?? []) visit(child);
  };
  visit(root);
  return tree;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** CPU seconds (user + system) a process has used itself (Linux /proc; 100 ticks a second). */
function ownCpu(pid: number, withReapedChildren: boolean): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime are fields 14 to 17 of stat: 11 to 14 after the name.
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
    const own = (utime ?? 0) + (stime ?? 0);
    return (withReapedChildren ? own + (cutime ?? 0) + (cstime ?? 0) : own) / 100;
  } catch {
    return 0; // the process ended meanwhile
  }
}

/**
 * CPU seconds used so far by a process (`own`) and by its descendants (`children`: for the store,
 * its PostgreSQL, exited backends included). A difference of two readings is the work a step
 * cost, whatever else shares the machine.
 */
export function cpuSeconds(root: number): { own: number; children: number } {
  const [, ...descendants] = processTree(root);
  return {
    own: ownCpu(root, false),
    children: descendants.reduce((sum, pid) => sum + ownCpu(pid, true), 0),
  };
}

/**
 * CPU seconds used so far by a process, its descendants, and every child of theirs that has
 * exited: for PostgreSQL's postmaster, all of PostgreSQL, the backends of closed connections too.
 */
export function treeCpuSeconds(root: number): number {
  return processTree(root).reduce((sum, pid) => sum + ownCpu(pid, true), 0);
}
