import { rm } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runningEmbeddedUrl } from '../db/embedded.ts';
import { freePort } from '../free-port.ts';
import { makeDataDir } from '../testing/data-dir.ts';
import { type StoreProcess, startStoreProcess } from '../testing/store-process.ts';

// The load is about crash safety: buyers keep ordering, so the caps on unpaid orders are lifted.
const CRASH_ENV = {
  LOG_LEVEL: 'error',
  SEED_DEMO: 'false',
  RATE_LIMITS: 'false',
  UNPAID_ORDERS_MAX: '1000',
  UNPAID_STOCK_SHARE_MAX: '100',
};

/** Orders placed before the kill: enough that many more are on their way when it comes. */
const KILLED_AFTER_ORDERS = 200;

let dataDir: string;
let store: StoreProcess | undefined;

afterAll(async () => {
  await store?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function query<T extends pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const url = await runningEmbeddedUrl(dataDir);
  if (!url) throw new Error('no database running');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

describe('crash safety', () => {
  it('killed with SIGKILL in the middle of buying, the store restarts with every unit accounted for', async () => {
    dataDir = await makeDataDir('toolyard-crash-');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    store = await startStoreProcess({ dataDir, port, env: CRASH_ENV });

    const headers = { origin: base, 'content-type': 'application/json' };
    const buyers: Array<{ email: string; cookie: string }> = [];
    for (let i = 0; i < 40; i += 1) {
      const email = `crash-buyer-${i}@example.com`;
      const password = `sturdy-anvil-${i}-x`;
      const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: `Crash Buyer ${i}`, email, password }),
      });
      expect(signUp.status).toBe(200);
      // Confirmed through the API with a token the test knows (only a token's hash is stored).
      const [pending] = await query<{ id: string }>(
        `update pending_sign_up set token_hash = encode(sha256(convert_to(id, 'UTF8')), 'hex')
          where email = $1 returning id`,
        [email],
      );
      const confirmed = await fetch(`${base}/api/auth/confirm-sign-up`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ token: pending?.id, password }),
      });
      expect(confirmed.status).toBe(200);
      // Signing up signs no one in; confirming does (this test signs in on its own, as before).
      const response = await fetch(`${base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email, password }),
      });
      expect(response.status).toBe(200);
      buyers.push({
        email,
        cookie: response.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
      });
    }
    const tools = await query<{ id: string; quantity: number }>(
      `insert into tools (name, img, description, quantity, minimum_order, price)
       select 'Crash Tool ' || g, '/images/tools/x.svg', 'A tool for the crash test, sold in bulk.', 5000, 1, 100
       from generate_series(1, 4) g returning id, quantity`,
    );
    const initial = new Map(tools.map((t) => [t.id, t.quantity]));

    // Buyers order and cancel continuously until the process dies under them.
    let stopped = false;
    const outcomes = { ok: 0, refused: 0, failed: 0 };
    const shopper = async (buyer: { email: string; cookie: string }) => {
      while (!stopped) {
        const tool = tools[Math.floor(Math.random() * tools.length)];
        try {
          const placed = await fetch(`${base}/api/user?email=${encodeURIComponent(buyer.email)}`, {
            method: 'POST',
            headers: { ...headers, cookie: buyer.cookie },
            body: JSON.stringify({
              toolId: tool?.id,
              orderedNum: 1 + Math.floor(Math.random() * 20),
              phone: '+1 555 010 2030',
              address: '1 Crash Court, Springfield',
            }),
          });
          if (placed.status === 201 && Math.random() < 0.3) {
            const { _id } = (await placed.json()) as { _id: string };
            await fetch(`${base}/api/user/${_id}`, {
              method: 'DELETE',
              headers: { origin: base, cookie: buyer.cookie },
            });
          }
          outcomes[placed.status === 201 ? 'ok' : 'refused'] += 1;
        } catch {
          outcomes.failed += 1;
          return;
        }
      }
    };
    const load = Promise.all(buyers.map(shopper));
    // Killed once buying is well under way, with all 40 buyers still at it.
    await vi.waitFor(() => expect(outcomes.ok).toBeGreaterThanOrEqual(KILLED_AFTER_ORDERS), {
      timeout: 60_000,
      interval: 10,
    });
    const killed = store.child;
    killed.kill('SIGKILL');
    await new Promise((resolve) => killed.once('exit', resolve));
    stopped = true;
    await load;
    expect(outcomes.ok).toBeGreaterThan(20);

    // The same data directory: the orphaned PostgreSQL is stopped, the cluster recovers.
    store = await startStoreProcess({ dataDir, port, env: CRASH_ENV });
    const rows = await query<{ id: string; quantity: number; ordered: number }>(
      `select t.id, t.quantity, coalesce(sum(o.ordered_num) filter (where o.status <> 'cancelled'), 0)::int as ordered
       from tools t left join orders o on o.tool_id = t.id where t.id = any($1) group by t.id`,
      [[...initial.keys()]],
    );
    expect(rows).toHaveLength(initial.size);
    for (const row of rows) expect(row.quantity + row.ordered).toBe(initial.get(row.id));
    const [half] = await query<{ n: number }>(
      `select count(*)::int as n from orders where total_amount <> unit_price * ordered_num or (status = 'cancelled') <> (cancelled_at is not null)`,
    );
    expect(half?.n).toBe(0);

    // And it keeps selling after the crash.
    const after = await fetch(
      `${base}/api/user?email=${encodeURIComponent(buyers[0]?.email ?? '')}`,
      {
        method: 'POST',
        headers: { ...headers, cookie: buyers[0]?.cookie ?? '' },
        body: JSON.stringify({
          toolId: tools[0]?.id,
          orderedNum: 1,
          phone: '+1 555 010 2030',
          address: '1 Crash Court, Springfield',
        }),
      },
    );
    expect(after.status).toBe(201);
  });
});
