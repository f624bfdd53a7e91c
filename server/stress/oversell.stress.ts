import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema.ts';
import { TEST_ORIGIN } from '../testing/test-app.ts';
import {
  accountedUnits,
  politely,
  problemsBeyondBusy,
  startTwoInstances,
  type TwoInstances,
} from '../testing/two-instances.ts';

const BUYERS = 200;
const ROUNDS = 20;
const delivery = { phone: '+1 555 010 2030', address: '42 Workshop Road, Springfield' };

let store: TwoInstances;
/** Answers the store turned away as busy and that were sent again (see `politely`). */
const busy = { answers: 0 };

beforeAll(async () => {
  store = await startTwoInstances({ buyers: BUYERS });
});
afterAll(async () => {
  await store?.close();
});

/** Stock plus the units of every order that was not cancelled: must equal the stock at the start. */
async function accountedFor(toolId: string): Promise<number> {
  return (await accountedUnits(store.database, [toolId])).get(toolId)?.accounted ?? 0;
}

describe.each([
  ['one instance', 1],
  ['two instances sharing one database', 2],
] as const)('no oversell, ever (%s)', (_label, instances) => {
  it(`${BUYERS} concurrent buyers, ${ROUNDS} rounds, stock for about half of them`, async () => {
    const apps = store.instances(instances);
    const { buyers, first } = store;
    for (let round = 0; round < ROUNDS; round += 1) {
      const wants = buyers.map(() => 1 + Math.floor(Math.random() * 10));
      const stock = Math.floor(wants.reduce((a, b) => a + b, 0) / 2);
      const tool = await first.addTool({ quantity: stock, minimumOrder: 1, price: 199 });

      const responses = await Promise.all(
        buyers.map((buyer, i) => {
          const idempotencyKey = randomUUID();
          return politely(
            () =>
              (apps[i % apps.length] ?? first.app).inject({
                method: 'POST',
                url: `/api/user?email=${encodeURIComponent(buyer.email)}`,
                headers: { ...buyer.headers, 'idempotency-key': idempotencyKey },
                payload: { toolId: tool.id, orderedNum: wants[i], ...delivery },
              }),
            busy,
          );
        }),
      );
      const statuses = responses.map((r) => r.statusCode);
      expect(
        statuses.filter((s) => s >= 500),
        `round ${round}: ${responses.find((r) => r.statusCode >= 500)?.body}`,
      ).toEqual([]);
      for (const response of responses) {
        if (response.statusCode === 409) expect(response.json().code).toBe('out_of_stock');
        else expect(response.statusCode, response.body).toBe(201);
      }
      const accepted = responses.flatMap((r, i) =>
        r.statusCode === 201 ? [{ id: r.json()._id as string, units: wants[i] ?? 0 }] : [],
      );
      const sold = accepted.reduce((sum, order) => sum + order.units, 0);
      expect(sold).toBeLessThanOrEqual(stock);
      expect(statuses.filter((s) => s === 409).length).toBeGreaterThan(0);
      expect(await accountedFor(tool.id)).toBe(stock);

      // Half of the winners cancel at once, through either instance: the stock comes back once.
      const cancelling = accepted.filter((_, i) => i % 2 === 0);
      const cancels = await Promise.all(
        cancelling.map((order, i) => {
          const buyer =
            buyers[responses.findIndex((r) => r.statusCode === 201 && r.json()._id === order.id)];
          return politely(
            () =>
              (apps[i % apps.length] ?? first.app).inject({
                method: 'DELETE',
                url: `/api/user/${order.id}`,
                headers: buyer?.headers ?? { origin: TEST_ORIGIN },
              }),
            busy,
          );
        }),
      );
      expect(cancels.map((r) => r.statusCode).every((s) => s === 200)).toBe(true);
      expect(await accountedFor(tool.id)).toBe(stock);
      const rows = await store.database.db
        .select()
        .from(orders)
        .where(
          inArray(
            orders.id,
            accepted.map((a) => a.id),
          ),
        );
      expect(rows.filter((row) => row.status === 'cancelled')).toHaveLength(cancelling.length);
    }
    // Neither instance logged a warning or an error (each 5xx is logged with its cause), but one
    // overload warning for each request turned away busy.
    expect(problemsBeyondBusy(store.problems, busy)).toEqual([]);
    if (busy.answers > 0)
      console.log(`no oversell: ${busy.answers} turned away busy and sent again`);
  });
});
