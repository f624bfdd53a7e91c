import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findNginx } from '../testing/nginx.ts';
import type { StoreProcess } from '../testing/store-process.ts';
import { waitUntil } from '../testing/wait-until.ts';
import { buyOnce, newTally, signIn, signUpBuyer, type Tally } from './buyers.ts';
import { type Cluster, QUOTES_PER_MINUTE, startCluster } from './cluster.ts';
import {
  type ClusterClient,
  createClient,
  isListening,
  type Retry,
  startSlowRequest,
} from './cluster-client.ts';
import { lostDoubledAndWrong, stockDrift } from './ledger.ts';

const INSTANCES = 3;
const BUYERS = 10;
const TOOLS = 4;
const STOCK = 50_000;
/** Orders placed before the kill, between the kill and the restart, and during each restart. */
const ORDERS_PER_PHASE = 40;

const nginx = findNginx();
if (!nginx && process.env.CI) {
  throw new Error('nginx is needed for npm run test:cluster (apt-get install -y nginx).');
}
if (!nginx) {
  console.warn('Skipped: no nginx here (apt-get install -y nginx, or set NGINX_PATH).');
}

let cluster: Cluster;
const buyers: Array<{ email: string; client: ClusterClient }> = [];
const toolIds: string[] = [];
const printed: string[] = [];

beforeAll(async () => {
  if (!nginx) return;
  cluster = await startCluster({ nginx, instances: INSTANCES });
  // Each buyer on a loopback address of its own, as customers on their own lines.
  for (let i = 0; i < BUYERS; i += 1) {
    const client = createClient({ base: cluster.proxy.base, address: `127.0.0.${20 + i}` });
    const email = `cluster-buyer-${i}@example.com`;
    await signUpBuyer(client, email, cluster.db);
    buyers.push({ email, client });
  }
  const admin = await adminClient(cluster.proxy.base);
  for (let i = 0; i < TOOLS; i += 1) {
    const created = await admin.sendOnce('POST', '/api/tools', {
      name: `Cluster Tool ${i}`,
      img: '/images/tools/claw-hammer-450g.svg',
      description: 'A tool sold in bulk while instances come and go.',
      quantity: STOCK,
      minimumOrder: 1,
      price: 1_000 + i * 250,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    toolIds.push((created.body as { _id: string })._id);
  }
}, 180_000);

afterAll(async () => {
  for (const { client } of buyers) client.close();
  await cluster?.close();
  if (printed.length > 0)
    console.log(`\nbehind nginx, ${INSTANCES} instances:\n${printed.join('\n')}`);
});

/** The demo admin, signed in through `base` (nginx, or one instance as nginx would reach it). */
async function adminClient(base: string) {
  const admin = createClient({ base, address: '127.0.0.10', origin: cluster.proxy.base });
  await signIn(admin, 'admin@example.com', 'demo-admin-2026');
  return admin;
}

describe.skipIf(!nginx)(`${INSTANCES} instances behind nginx on one PostgreSQL`, () => {
  it('buyers lose no order and get none twice, and stock stays exact, through a SIGKILL and a rolling restart', async () => {
    const started = Date.now();
    const tally = newTally();
    const inFlightAnswers: number[] = [];
    let isBuying = true;
    const buying = Promise.all(
      buyers.map(async ({ client }) => {
        while (isBuying) await buyOnce(client, toolIds, tally);
      }),
    );
    const phases: Phase[] = [];
    const phase = async (name: string, run: () => Promise<void>) => {
      const from = Date.now();
      const before = tally.orders.length;
      await run();
      phases.push({ name, from, to: Date.now(), orders: tally.orders.length - before });
    };
    const placedMore = (count: number) => {
      const target = tally.orders.length + count;
      return vi.waitFor(() => expect(tally.orders.length).toBeGreaterThanOrEqual(target), {
        timeout: 60_000,
        interval: 20,
      });
    };

    try {
      await phase('warm-up', () => placedMore(ORDERS_PER_PHASE));
      await phase('SIGKILL of instance 1, and its restart', async () => {
        await cluster.kill(1);
        await placedMore(ORDERS_PER_PHASE);
        await cluster.restart(1);
      });
      await phase('rolling restart (SIGTERM, ready, next)', async () => {
        for (let index = 0; index < INSTANCES; index += 1) {
          const instance = cluster.instances[index] as StoreProcess;
          // A request in flight when the listener closes (its body half sent) is still answered.
          const inFlight = startSlowRequest(`${instance.base}/api/cart/quote`, cluster.proxy.base, {
            lines: [{ toolId: toolIds[0], quantity: 1 }],
          });
          const stopped = instance.stop('SIGTERM');
          await waitUntil(async () => !(await isListening(instance.port)), {
            timeoutMs: 30_000,
            intervalMs: 50,
          });
          inFlightAnswers.push(await inFlight.finish());
          expect(await stopped, cluster.output()).toBe(0);
          await cluster.restart(index);
          // Back in nginx's rotation (passive checks: after fail_timeout) before the next stops.
          await cluster.waitServing(index);
        }
      });
    } finally {
      isBuying = false;
      await buying;
    }

    const ledger = await lostDoubledAndWrong(cluster.db, tally.orders, 'cluster-buyer-%');
    const drift = await stockDrift(cluster.db, toolIds, STOCK, tally.orders);
    report(tally, phases, ledger, drift, Date.now() - started);
    printed.push(
      `  requests in flight as each listener closed on SIGTERM: ${inFlightAnswers.length}, answered ${inFlightAnswers.join(', ')}`,
    );
    expect(tally.unexpected, cluster.output()).toEqual([]);
    expect(ledger).toEqual({ lost: [], doubled: [], wrongStatus: [] });
    expect(drift).toEqual([]);
    // A rolling restart drains each instance: what was in flight is answered, and a client meets
    // at most nginx's 502 for a request that reached an instance as its listener closed (nginx
    // cannot know it is draining: passive checks), which its client sends again.
    expect(inFlightAnswers).toEqual(Array(INSTANCES).fill(200));
    const rolling = retriesIn(tally.retries, phases[2] as Phase);
    expect(
      rolling.filter((retry) => !retry.what.endsWith(': 502')).map((retry) => retry.what),
      await cluster.proxy.errorLog(),
    ).toEqual([]);
    expect(tally.orders.length).toBeGreaterThanOrEqual(ORDERS_PER_PHASE * 3);
  }, 240_000);

  it('counts a per-address limit across every instance, by the address nginx saw', async () => {
    const flood = createClient({ base: cluster.proxy.base, address: '127.0.0.99' });
    const quote = { lines: [{ toolId: toolIds[0], quantity: 1 }] };
    const statuses: number[] = [];
    for (let i = 0; i < QUOTES_PER_MINUTE * 2; i += 1) {
      // A spoofed X-Forwarded-For changes nothing: nginx writes the address it saw.
      const answer = await flood.sendOnce('POST', '/api/cart/quote', quote, {
        'x-forwarded-for': `203.0.113.${i}`,
      });
      statuses.push(answer.status);
    }
    const other = createClient({ base: cluster.proxy.base, address: '127.0.0.98' });
    const neighbour = await other.sendOnce('POST', '/api/cart/quote', quote);
    flood.close();
    other.close();
    const served = new Set(
      (await cluster.proxy.accessLog())
        .filter((line) => line.startsWith('127.0.0.99 ') && line.includes('/api/cart/quote'))
        .map((line) => line.split(' ')[1]),
    );
    printed.push(
      `  a flood of ${statuses.length} quotes from one address over ${served.size} instances: ${count(statuses, 200)} answered, ${count(statuses, 429)} refused (429); another address still answered ${neighbour.status}`,
    );
    expect(served.size).toBe(INSTANCES);
    expect(count(statuses, 200)).toBe(QUOTES_PER_MINUTE);
    expect(count(statuses, 429)).toBe(QUOTES_PER_MINUTE);
    expect(neighbour.status).toBe(200);
  });

  it('keeps sessions, carts, order lists and prices true on every instance', async () => {
    const [a, b, c] = [0, 1, 2].map((index) => cluster.instances[index]?.base as string);
    const direct = (base: string, cookie = '') =>
      createClient({ base, address: '127.0.0.1', origin: cluster.proxy.base, cookie });
    // Signed in on A, the cart filled on A, read on B.
    const { email } = buyers[0] as { email: string };
    const onA = direct(a as string);
    await signIn(onA, email);
    const lines = [{ toolId: toolIds[1] as string, quantity: 3 }];
    const put = await onA.sendOnce('PUT', '/api/cart', { lines });
    expect(put.status).toBe(200);
    const onB = direct(b as string, onA.cookie);
    const cart = await onB.sendOnce('GET', '/api/cart');
    expect(cart.status).toBe(200);
    expect(cart.body).toMatchObject({ version: (put.body as { version: number }).version });
    expect((cart.body as { lines: unknown[] }).lines).toMatchObject(lines);

    // Every buyer's order list, on every instance, is the database's.
    const { rows } = await cluster.db.query<{ id: string; status: string; email: string }>(
      `select id, status, email from orders where email like 'cluster-buyer-%'`,
    );
    for (const base of [a, b, c] as string[]) {
      for (const buyer of buyers) {
        const reader = direct(base, buyer.client.cookie);
        const list = await reader.sendOnce('GET', `/api/user?email=${buyer.email}`);
        reader.close();
        expect(list.status).toBe(200);
        const listed = (list.body as Array<{ _id: string; status: string }>)
          .map((order) => `${order._id} ${order.status}`)
          .sort();
        const stored = rows
          .filter((row) => row.email === buyer.email)
          .map((row) => `${row.id} ${row.status}`)
          .sort();
        expect(listed, `${buyer.email} on ${base}`).toEqual(stored);
      }
    }

    // An admin changes a price on A; B and C, which hold the tool in memory, answer the new one.
    const toolId = toolIds[2] as string;
    const readers = [b, c].map((base) => direct(base as string));
    for (const reader of readers) await reader.sendOnce('GET', `/api/purchase/${toolId}`);
    const admin = await adminClient(a as string);
    const newPrice = 4_321 + Math.floor(Math.random() * 1000);
    const changedAt = Date.now();
    const patched = await admin.sendOnce('PATCH', `/api/tools/${toolId}`, { price: newPrice });
    expect(patched.status).toBe(200);
    await vi.waitFor(
      async () => {
        for (const reader of readers) {
          const tool = await reader.sendOnce('GET', `/api/purchase/${toolId}`);
          expect((tool.body as { price: number }).price).toBe(newPrice);
        }
      },
      { timeout: 3_000, interval: 20 },
    );
    printed.push(
      `  signed in on one instance, the cart read on another; ${buyers.length} order lists the database's on all ${INSTANCES}; a price changed on one served by the others ${Date.now() - changedAt} ms later`,
    );
    for (const client of [onA, onB, admin, ...readers]) client.close();
  });
});

function count(values: number[], value: number): number {
  return values.filter((v) => v === value).length;
}

interface Phase {
  name: string;
  from: number;
  to: number;
  orders: number;
}

function retriesIn(retries: Retry[], { from, to }: Phase): Retry[] {
  return retries.filter((retry) => retry.at >= from && retry.at < to);
}

function report(
  tally: Tally,
  phases: Phase[],
  ledger: Awaited<ReturnType<typeof lostDoubledAndWrong>>,
  drift: unknown[],
  ms: number,
) {
  const by = (outcome: string) => tally.orders.filter((o) => o.outcome === outcome).length;
  const described = (retries: Retry[], kind: Retry['kind']) => {
    const some = retries.filter((retry) => retry.kind === kind);
    const what = [...new Set(some.map((retry) => retry.what))].slice(0, 3).join('; ');
    return some.length > 0 ? `${some.length} (${what})` : '0';
  };
  printed.push(
    `  ${BUYERS} buyers for ${(ms / 1000).toFixed(0)} s: ${tally.orders.length} orders placed (${by('paid')} paid, ${by('cancelled')} cancelled, ${by('unpaid')} left unpaid)`,
    ...phases.map((phase) => {
      const retries = retriesIn(tally.retries, phase);
      return `  ${phase.name}: ${phase.orders} orders; requests sent again after no answer or a proxy error: ${described(retries, 'proxy')}, after a busy answer: ${described(retries, 'busy')}`;
    }),
    `  checkouts sent again with their Idempotency-Key: ${tally.retriedCheckouts}; payments and cancels found done on a resend: ${tally.settledByReading}`,
    `  orders lost: ${ledger.lost.length}, doubled: ${ledger.doubled.length}, status wrong: ${ledger.wrongStatus.length}; answers no client could retry: ${tally.unexpected.length}`,
    `  stock exact on ${TOOLS - drift.length} of ${TOOLS} tools (initial stock minus every order not cancelled)`,
  );
}
