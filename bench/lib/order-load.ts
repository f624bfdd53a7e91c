import http from 'node:http';
import { post } from './raw-http.ts';
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
 * all buyers at once, for `seconds`, 1-5 units of a random tool on each line: with one line, the
 * spec's `POST /api/user?email=`; with more, a cart's checkout, `POST /api/orders` of that many
 * different tools.
 */
export async function placeOrders(options: {
  url: string;
  origin: string;
  buyers: Buyer[];
  toolIds: string[];
  seconds: number;
  lines?: number;
  /** Stop once this many orders were placed (or failed) in all. */
  count?: number;
}): Promise<OrderLoadResult> {
  const lineCount = options.lines ?? 1;
  const randomTool = () =>
    options.toolIds[Math.floor(Math.random() * options.toolIds.length)] as string;
  const units = () => 1 + Math.floor(Math.random() * 5);
  const delivery = { phone: '+1 555 010 2030', address: '12 Workshop Lane, Springfield' };
  const request = (buyer: Buyer) => {
    if (lineCount === 1) {
      return {
        url: `${options.url}/api/user?email=${encodeURIComponent(buyer.email)}`,
        body: JSON.stringify({ toolId: randomTool(), orderedNum: units(), ...delivery }),
      };
    }
    const toolIds = new Set<string>();
    while (toolIds.size < lineCount) toolIds.add(randomTool());
    const lines = [...toolIds].map((toolId) => ({ toolId, quantity: units() }));
    return { url: `${options.url}/api/orders`, body: JSON.stringify({ lines, ...delivery }) };
  };
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.buyers.length });
  const latencies: number[] = [];
  const examples: string[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;

  const buyerLoop = async (buyer: Buyer) => {
    while (
      performance.now() < deadline &&
      latencies.length + errors < (options.count ?? Infinity)
    ) {
      const { url, body } = request(buyer);
      const sent = performance.now();
      const { status, text } = await post(
        agent,
        url,
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
