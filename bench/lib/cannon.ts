import autocannon from 'autocannon';
import { percentile } from './stats.ts';

export interface LoadResult {
  /** Completed 2xx responses per second. */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Responses that were not 2xx. */
  non2xx: number;
  /** Responses counted. */
  responses: number;
}

export interface LoadOptions {
  url: string;
  /**
   * Paths requested in turn across all connections (default: the URL's own), so that concurrent
   * requests ask for different things, as different visitors would.
   */
  paths?: string[];
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}

/**
 * GET load with autocannon. Latencies are kept with sub-millisecond precision from each response
 * (autocannon's own histogram rounds to whole milliseconds, too coarse for cached reads).
 */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  let non2xx = 0;
  const { paths } = options;
  let next = 0;
  const nextPath = (request: autocannon.Request) => {
    const path = (paths as string[])[next % (paths as string[]).length] as string;
    next += 1;
    return { ...request, path };
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.seconds,
        headers: options.headers ?? {},
        ...(paths ? { requests: [{ method: 'GET' as const, setupRequest: nextPath }] } : {}),
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      if (status >= 200 && status < 300) latencies.push(ms);
      else non2xx += 1;
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / (result.duration || options.seconds),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.timeouts,
    non2xx,
    responses: latencies.length + non2xx,
  };
}
