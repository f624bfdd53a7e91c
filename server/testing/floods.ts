import http from 'node:http';
import net from 'node:net';

/**
 * The two floods of issue 25, against a store listening on loopback (any 127.x.y.z address is this
 * machine's, so one process plays many clients): one client asking for pages the page cache cannot
 * keep, many at once; and many addresses holding idle connections up to the store's cap. Used by
 * server/stress/floods.stress.ts (bounded, proves the store still answers) and bench/floods.ts
 * (measures how well).
 */

export interface Answer {
  status: number;
  /** Milliseconds from sending to the whole answer; a failure (no answer) has status 0. */
  ms: number;
  retryAfter: string | undefined;
}

/** One GET on a connection of its own (a new visitor), from the address `from`. */
export function get(
  base: string,
  path: string,
  from: string,
  agent?: http.Agent,
  /** More request headers (a browser's Accept-Encoding, say). */
  headers: Record<string, string> = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.get(
      `${base}${path}`,
      {
        localAddress: from,
        agent: agent ?? false,
        headers: { accept: 'text/html,*/*', ...headers },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            ms: performance.now() - started,
            retryAfter: response.headers['retry-after'],
          }),
        );
      },
    );
    request.setTimeout(30_000, () => request.destroy());
    request.on('error', () =>
      resolve({ status: 0, ms: performance.now() - started, retryAfter: undefined }),
    );
  });
}

/**
 * `total` requests for `path(i)` from `from`, `concurrency` at a time on kept-alive connections,
 * each sent again at once when answered, as a flooding client does.
 */
export async function flood(options: {
  base: string;
  from: string;
  total: number;
  concurrency: number;
  path: (i: number) => string;
}): Promise<Answer[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const answers: Answer[] = [];
  let next = 0;
  const worker = async () => {
    while (next < options.total) {
      const i = next;
      next += 1;
      answers.push(await get(options.base, options.path(i), options.from, agent));
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency }, worker));
  } finally {
    agent.destroy();
  }
  return answers;
}

/**
 * Opens `perAddress` connections from each of `addresses` and sends nothing on them. Returns the
 * connections the store accepted (those it refused or closed at once are left out) and a release.
 */
export async function holdIdleConnections(options: {
  port: number;
  addresses: string[];
  perAddress: number;
}): Promise<{ open: () => number; release: () => void }> {
  const sockets: net.Socket[] = [];
  const openOne = (from: string) =>
    new Promise<void>((resolve) => {
      const socket = net.connect({ port: options.port, host: '127.0.0.1', localAddress: from });
      socket.on('error', () => resolve());
      socket.once('connect', () => {
        sockets.push(socket);
        resolve();
      });
    });
  for (const from of options.addresses) {
    // A batch per address: quick, without a storm of connects at once.
    await Promise.all(Array.from({ length: options.perAddress }, () => openOne(from)));
  }
  return {
    open: () => sockets.filter((socket) => !socket.destroyed && !socket.readableEnded).length,
    release: () => {
      for (const socket of sockets) socket.destroy();
    },
  };
}

/**
 * Asks for each of `paths` every `intervalMs`, a new connection each time (a health check, a new
 * visitor), from `from`, until `until` settles and at least `minimum` rounds were sent. Each round
 * is sent on time whether or not the last was answered, as a load balancer's health checks are:
 * a store that stalls for a while answers many of them late, not just one.
 */
export async function probe(options: {
  base: string;
  from: string;
  paths: string[];
  until: Promise<unknown>;
  intervalMs: number;
  minimum: number;
}): Promise<Record<string, Answer[]>> {
  const pending: Record<string, Promise<Answer>[]> = Object.fromEntries(
    options.paths.map((path) => [path, []]),
  );
  let isDone = false;
  void options.until.finally(() => {
    isDone = true;
  });
  for (let round = 0; !isDone || round < options.minimum; round += 1) {
    for (const path of options.paths) pending[path]?.push(get(options.base, path, options.from));
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs));
  }
  const answers: Record<string, Answer[]> = {};
  for (const [path, list] of Object.entries(pending)) answers[path] = await Promise.all(list);
  return answers;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** How many of `answers` had each status. */
export function statusCounts(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}
