import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Order, OrderSchema } from '../../contract/orders.ts';
import { orders, tools, user } from '../db/schema.ts';
import { client } from './http.ts';
import { buildTestApp, type TestContext, type TestUser } from './test-app.ts';

const delivery = { phone: '+1 (555) 010-2030', address: '42 Workshop Road, Springfield' };
const orderBody = (toolId: string, orderedNum: number) => ({ toolId, orderedNum, ...delivery });

/** Places a one-line order (`POST /api/user?email=`) as `buyer` and returns it (asserting the 201). */
export async function placeOneLineOrder(
  t: TestContext,
  buyer: TestUser,
  toolId: string,
  orderedNum = 10,
): Promise<Order> {
  const response = await client(t.app, buyer).post(
    `/user?email=${encodeURIComponent(buyer.email)}`,
    orderBody(toolId, orderedNum),
  );
  expect(response.statusCode, response.body).toBe(201);
  return OrderSchema.parse(response.json());
}

/**
 * The real app with two customers (Ana and Bob) and an admin signed in, each with a client that
 * calls the API as them, and what the tests of tools and one-line orders read and do around them.
 */
export async function buildShopTestApp(names = { ana: 'Ana Customer', bob: 'Bob Customer' }) {
  const t = await buildTestApp();
  const ana = await t.signUp({ name: names.ana });
  const bob = await t.signUp({ name: names.bob });
  const admin = await t.signUp({ role: 'Admin' });

  return {
    t,
    visitor: client(t.app),
    ana,
    asAna: client(t.app, ana),
    bob,
    asBob: client(t.app, bob),
    admin,
    asAdmin: client(t.app, admin),
    delivery,
    orderBody,
    placeOrder: (buyer: TestUser, toolId: string, orderedNum = 10) =>
      placeOneLineOrder(t, buyer, toolId, orderedNum),
    async stockOf(toolId: string): Promise<number | undefined> {
      const [row] = await t.db
        .select({ quantity: tools.quantity })
        .from(tools)
        .where(eq(tools.id, toolId));
      return row?.quantity;
    },
    async orderRow(id: string) {
      const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
      return row;
    },
    async userRow(id: string) {
      const [row] = await t.db.select().from(user).where(eq(user.id, id));
      return row;
    },
    ordersOfTool: (toolId: string) => t.db.select().from(orders).where(eq(orders.toolId, toolId)),
    /** Marks an order paid as the payment provider would. */
    pay: (id: string) => t.markPaid(id, `txn_${randomUUID()}`),
    close: () => t.close(),
  };
}

export type ShopTestApp = Awaited<ReturnType<typeof buildShopTestApp>>;
