import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { TaxDecision } from '../../contract/tax.ts';
import { priceFor } from '../../contract/tax-prices.ts';
import { post, send } from './raw-http.ts';
import type { Buyer } from './seed.ts';
import { percentile } from './stats.ts';

export interface OrderLoadResult {
  ordersPerSecond: number;
  p50: number;
  p99: number;
  /** Answers other than 201 (and, for a cart, other than 200 to filling it), and requests that failed outright. */
  errors: number;
  placed: number;
  /** A few of the errors, to say what went wrong. */
  examples: string[];
}

/** One order's attempt: the time it took to be placed (the timed request), or what went wrong. */
type Attempt = { ms: number } | { error: string };

/**
 * Each buyer places orders one after another (waiting for each answer, as a person would), all
 * buyers at once, for `seconds` or until `count` orders were placed (or failed) in all.
 */
async function loadOf(
  buyers: Buyer[],
  limits: { seconds: number; count?: number },
  order: (agent: http.Agent, buyer: Buyer) => Promise<Attempt>,
): Promise<OrderLoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: buyers.length });
  const latencies: number[] = [];
  const examples: string[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + limits.seconds * 1000;

  const buyerLoop = async (buyer: Buyer) => {
    while (performance.now() < deadline && latencies.length + errors < (limits.count ?? Infinity)) {
      const attempt = await order(agent, buyer);
      if ('ms' in attempt) {
        latencies.push(attempt.ms);
      } else {
        errors += 1;
        if (examples.length < 3) examples.push(attempt.error);
      }
    }
  };
  await Promise.all(buyers.map(buyerLoop));
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

const randomOf = (ids: string[]) => ids[Math.floor(Math.random() * ids.length)] as string;
const units = () => 1 + Math.floor(Math.random() * 5);
const TYPED = { phone: '+1 555 010 2030', address: '12 Workshop Lane, Springfield' };

/**
 * One-line orders, the spec's `POST /api/user?email=`: 1-5 units of a random tool, to a typed
 * address without a country (the store's own).
 */
export function placeOrders(options: {
  url: string;
  origin: string;
  buyers: Buyer[];
  toolIds: string[];
  seconds: number;
  /** Stop once this many orders were placed (or failed) in all. */
  count?: number;
}): Promise<OrderLoadResult> {
  return loadOf(options.buyers, options, async (agent, buyer) => {
    const body = JSON.stringify({
      toolId: randomOf(options.toolIds),
      orderedNum: units(),
      ...TYPED,
    });
    const sent = performance.now();
    const { status, text } = await post(
      agent,
      `${options.url}/api/user?email=${encodeURIComponent(buyer.email)}`,
      { origin: options.origin, cookie: buyer.cookie, 'content-type': 'application/json' },
      body,
    );
    if (status === 201) return { ms: performance.now() - sent };
    return { error: `${status} ${text.slice(0, 200)}` };
  });
}

/** Where the cart checkouts go and how they travel (shipping.ts sets it up). */
export interface CheckoutDestination {
  country: string;
  postcode: string;
  deliveryMethodId: string;
  /** The method's price in the store's prices (one band, never free). */
  deliveryPrice: number;
  /** How an order of the buyers to the country is taxed (GET /api/tax/destination). */
  tax: TaxDecision;
}

/**
 * Cart checkouts as the web app makes them: the buyer fills their cart with `lines` different
 * random tools, 1-5 units each (`PUT /api/cart`, the cart's version read from the answer), then
 * checks it out (`POST /api/cart/checkout` with that `cartVersion`, a typed address with its
 * country and postcode, the delivery method, the total the page would show, an Idempotency-Key).
 * Only the checkout is timed; the filling is part of the load, not of the latency.
 */
export function checkOutCarts(options: {
  url: string;
  origin: string;
  buyers: Buyer[];
  toolIds: string[];
  seconds: number;
  lines: number;
  destination: CheckoutDestination;
}): Promise<OrderLoadResult> {
  const { destination } = options;
  return loadOf(options.buyers, options, async (agent, buyer) => {
    const headers = {
      origin: options.origin,
      cookie: buyer.cookie,
      'content-type': 'application/json',
    };
    const toolIds = new Set<string>();
    while (toolIds.size < options.lines) toolIds.add(randomOf(options.toolIds));
    const lines = [...toolIds].map((toolId) => ({ toolId, quantity: units() }));
    const filled = await send(
      agent,
      'PUT',
      `${options.url}/api/cart`,
      headers,
      JSON.stringify({ lines }),
    );
    if (filled.status !== 200)
      return { error: `PUT /api/cart ${filled.status} ${filled.text.slice(0, 200)}` };
    const cart = JSON.parse(filled.text) as {
      version: number;
      lines: { unitPrice: number; quantity: number }[];
    };
    // What the page shows and sends: each price as this buyer pays it, with the delivery's.
    const goods = cart.lines.reduce(
      (sum, line) => sum + priceFor(line.unitPrice, destination.tax) * line.quantity,
      0,
    );
    const body = JSON.stringify({
      cartVersion: cart.version,
      ...TYPED,
      country: destination.country,
      postcode: destination.postcode,
      deliveryMethodId: destination.deliveryMethodId,
      expectedTotal: goods + priceFor(destination.deliveryPrice, destination.tax),
    });
    const sent = performance.now();
    const { status, text } = await post(
      agent,
      `${options.url}/api/cart/checkout`,
      { ...headers, 'idempotency-key': randomBytes(16).toString('hex') },
      body,
    );
    if (status === 201) return { ms: performance.now() - sent };
    return { error: `checkout ${status} ${text.slice(0, 200)}` };
  });
}
