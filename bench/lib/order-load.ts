import http from 'node:http';
import type { Buyer } from './seed.ts';
import { percentile } from './stats.ts';

export interface OrderLoadResult {
  ordersPerSecond: number;
  p50: number;
  p99: number;
  /** Answers other than 201, and requests that failed outright. */
  errors: number;
  placed: number;
  /** A few of the errors, to say what went wrong. */
  examples: string[];
}

/**
 * Each buyer places valid orders one after another (waiting for each answer, as a person would),
 * all buyers at once, for `seconds`: a random tool and 1-5 units each time.
 */
export async function placeOrders(options: {
  url: string;
  origin: string;
  buyers: Buyer[];
  toolIds: string[];
  seconds: number;
}): Promise<OrderLoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.buyers.length });
  const latencies: number[] = [];
  const examples: string[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;

  const buyerLoop = async (buyer: Buyer) => {
    while (performance.now() < deadline) {
      const body = JSON.stringify({
        toolId: options.toolIds[Math.floor(Math.random() * options.toolIds.length)],
        orderedNum: 1 + Math.floor(Math.random() * 5),
        phone: '+1 555 010 2030',
        address: '12 Workshop Lane, Springfield',
      });
      const sent = performance.now();
      const { status, text } = await post(
        agent,
        `${options.url}/api/user?email=${encodeURIComponent(buyer.email)}`,
        { origin: options.origin, cookie: buyer.cookie, 'content-type': 'application/json' },
        body,
      );
      if (status === 201) {
        latencies.push(performance.now() - sent);
      } else {
        errors += 1;
        if (examples.length < 3) examples.push(`${status} ${text.slice(0, 200)}`);
      }
    }
  };
  await Promise.all(options.buyers.map(buyerLoop));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    ordersPerSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    placed: latencies.length,
    examples,
  };
}

function post(
  agent: http.Agent,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const request = http.request(url, { method: 'POST', agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
      );
    });
    request.on('error', (error) => resolve({ status: 0, text: error.message }));
    request.end(body);
  });
}
