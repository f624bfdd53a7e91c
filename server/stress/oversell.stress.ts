import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createDatabase, type Database } from '../db/client.ts';
import { orders, tools } from '../db/schema.ts';
import {
  buildTestApp,
  TEST_ORIGIN,
  type TestContext,
  type TestUser,
  testConfig,
} from '../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';

const BUYERS = 200;
const ROUNDS = 20;
const delivery = { phone: '+1 555 010 2030', address: '42 Workshop Road, Springfield' };

let database: TestDatabase;
let first: TestContext;
let secondPool: Database;
let second: Awaited<ReturnType<typeof buildApp>>;
let buyers: TestUser[];

beforeAll(async () => {
  database = await createTestDatabase();
  first = await buildTestApp({}, { database });
  // A second instance with its own connection pool, as on another machine.
  secondPool = createDatabase({ url: database.url, max: 20 });
  second = await buildApp({
    config: testConfig,
    database: secondPool,
    logger: pino({ level: 'silent' }),
    mailTransport: { send: async () => {}, close: () => {} },
  });
  await second.ready();
  buyers = [];
  for (let i = 0; i < BUYERS; i += 20) {
    buyers.push(
      ...(await Promise.all(
        Array.from({ length: 20 }, (_, j) => first.signUp({ name: `Buyer ${i + j}` })),
      )),
    );
  }
});
afterAll(async () => {
  await second.close();
  await secondPool.close();
  await first.close();
  await database.drop();
});

/** Stock plus the units of every order that was not cancelled: must equal the stock at the start. */
async function accountedUnits(toolId: string): Promise<number> {
  const [tool] = await database.db
    .select({ quantity: tools.quantity })
    .from(tools)
    .where(eq(tools.id, toolId));
  const [ordered] = await database.db
    .select({ units: sql<number>`coalesce(sum(${orders.orderedNum}), 0)::int` })
    .from(orders)
    .where(and(eq(orders.toolId, toolId), ne(orders.status, 'cancelled')));
  return (tool?.quantity ?? 0) + (ordered?.units ?? 0);
}

describe.each([
  ['one instance', 1],
  ['two instances sharing one database', 2],
])('no oversell, ever (%s)', (_label, instances) => {
  it(`${BUYERS} concurrent buyers, ${ROUNDS} rounds, stock for about half of them`, async () => {
    const apps = instances === 1 ? [first.app] : [first.app, second];
    for (let round = 0; round < ROUNDS; round += 1) {
      const wants = buyers.map(() => 1 + Math.floor(Math.random() * 10));
      const stock = Math.floor(wants.reduce((a, b) => a + b, 0) / 2);
      const tool = await first.addTool({ quantity: stock, minimumOrder: 1, price: 199 });

      const responses = await Promise.all(
        buyers.map((buyer, i) =>
          (apps[i % apps.length] ?? first.app).inject({
            method: 'POST',
            url: `/api/user?email=${encodeURIComponent(buyer.email)}`,
            headers: buyer.headers,
            payload: { toolId: tool.id, orderedNum: wants[i], ...delivery },
          }),
        ),
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
      expect(await accountedUnits(tool.id)).toBe(stock);

      // Half of the winners cancel at once, through either instance: the stock comes back once.
      const cancelling = accepted.filter((_, i) => i % 2 === 0);
      const cancels = await Promise.all(
        cancelling.map((order, i) => {
          const buyer =
            buyers[responses.findIndex((r) => r.statusCode === 201 && r.json()._id === order.id)];
          return (apps[i % apps.length] ?? first.app).inject({
            method: 'DELETE',
            url: `/api/user/${order.id}`,
            headers: buyer?.headers ?? { origin: TEST_ORIGIN },
          });
        }),
      );
      expect(cancels.map((r) => r.statusCode).every((s) => s === 200)).toBe(true);
      expect(await accountedUnits(tool.id)).toBe(stock);
      const rows = await database.db
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
  });
});
