import http from 'node:http';
import { percentile } from './stats.ts';

export interface Latencies {
  p50: number;
  p95: number;
  max: number;
  count: number;
  /** Answers other than 200, with a few examples. */
  errors: number;
  examples: string[];
}

/**
 * Times each of `paths` in turn on one kept-alive connection, as one person clicking through
 * pages would: the time from sending the request to the last byte of the answer. On the same
 * machine that is the server's time plus a fraction of a millisecond.
 */
export async function timeSequential(
  baseUrl: string,
  paths: string[],
  headers: Record<string, string> = {},
): Promise<Latencies> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const samples: number[] = [];
  const examples: string[] = [];
  let errors = 0;
  try {
    for (const path of paths) {
      const sent = performance.now();
      const { status, body } = await get(agent, `${baseUrl}${path}`, headers);
      const took = performance.now() - sent;
      if (status === 200) samples.push(took);
      else {
        errors += 1;
        if (examples.length < 3) examples.push(`${status} ${path}: ${body.slice(0, 160)}`);
      }
    }
  } finally {
    agent.destroy();
  }
  return summarize(samples, errors, examples);
}

/**
 * The same as timeSequential for JSON POSTs: each of `requests` sent in turn on one kept-alive
 * connection, timed to the last byte of the answer.
 */
export async function timeSequentialPosts(
  baseUrl: string,
  requests: { path: string; body: unknown }[],
  headers: Record<string, string> = {},
): Promise<Latencies> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const samples: number[] = [];
  const examples: string[] = [];
  let errors = 0;
  try {
    for (const { path, body } of requests) {
      const sent = performance.now();
      const answer = await post(agent, `${baseUrl}${path}`, JSON.stringify(body), headers);
      const took = performance.now() - sent;
      if (answer.status === 200) samples.push(took);
      else {
        errors += 1;
        if (examples.length < 3)
          examples.push(`${answer.status} ${path}: ${answer.body.slice(0, 160)}`);
      }
    }
  } finally {
    agent.destroy();
  }
  return summarize(samples, errors, examples);
}

function post(
  agent: http.Agent,
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    request.on('error', (error) => resolve({ status: 0, body: error.message }));
    request.end(body);
  });
}

/** Times each call of `work` in turn (the baseline's side: the same queries without HTTP). */
export async function timeCalls(
  count: number,
  work: (index: number) => Promise<unknown>,
): Promise<Latencies> {
  const samples: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    await work(index);
    samples.push(performance.now() - started);
  }
  return summarize(samples, 0, []);
}

function summarize(samples: number[], errors: number, examples: string[]): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? Number.NaN,
    count: sorted.length,
    errors,
    examples,
  };
}

export function get(
  agent: http.Agent | false,
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
    });
    request.on('error', (error) => resolve({ status: 0, body: error.message }));
  });
}
