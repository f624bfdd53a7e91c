import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/orders.ts';
import { orders } from '../../db/schema.ts';
import { client, expectProblem, json } from '../../testing/http.ts';
import { addTerms, owedOnAccount } from '../../testing/terms-fixtures.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';
import { delivery } from '../../testing/valid-requests.ts';

/**
 * A refund of an order on account is a credit note that lowers what the buyer owes (decision
 * 063): toolyard_owed_on_account subtracts it, a payment may no longer pass what is left, and the
 * order is settled once payments and credit notes reach its total.
 */

let t: TestContext;
let admin: TestUser;
/** The day (UTC) the orders here are invoiced, and their payments arrive. */
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ role: 'Admin', name: 'Rita Refund' });
});
afterAll(() => t.close());

const owedBy = (userId: string) => owedOnAccount(t, userId);

/** A buyer on net 30 with an order on account of 3 × 100.00. */
async function orderOnAccount(): Promise<{ buyer: TestUser; order: Order; toolId: string }> {
  const buyer = await t.signUp({ name: 'Acco Buyer' });
  await addTerms(t, buyer.id);
  const tool = await t.addTool({ price: 10_000, quantity: 100, minimumOrder: 1 });
  const placed = await client(t.app, buyer).post('/orders', {
    lines: [{ toolId: tool.id, quantity: 3 }],
    ...delivery,
    paymentMethod: 'account',
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return { buyer, order: json<Order>(placed), toolId: tool.id };
}

describe('refunds of orders on account', () => {
  it('a credit note lowers what the buyer owes, and a payment may pay only what is left', async () => {
    const { buyer, order, toolId } = await orderOnAccount();
    expect(await owedBy(buyer.id)).toBe(30_000);
    const refunded = await client(t.app, admin).post(`/orders/${order._id}/refunds`, {
      lines: [{ toolId, quantity: 1 }],
      returnToStock: true,
      note: 'One came back unused.',
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect(json<Order>(refunded).refunds).toMatchObject([
      { amount: 10_000, status: 'succeeded', provider: 'manual', creditNote: { number: /CN-/ } },
    ]);
    expect(await owedBy(buyer.id)).toBe(20_000);
    // What the buyer and the admins are shown is what is owed, the credit note taken off.
    const open = json<{ orderId: string; left: number }[]>(
      await client(t.app, buyer).get('/invoices/open'),
    );
    expect(open.find((invoice) => invoice.orderId === order._id)?.left).toBe(20_000);
    const balance = json<{ paid: number; credited: number; left: number }>(
      await client(t.app, buyer).get(`/orders/${order._id}/payments`),
    );
    // Total less credited less paid is what is left.
    expect(balance).toMatchObject({ paid: 0, credited: 10_000, left: 20_000 });
    const tooMuch = expectProblem(
      await client(t.app, admin).post(`/orders/${order._id}/payments`, {
        amount: 25_000,
        receivedOn: today,
        reference: 'Transfer 1',
      }),
      409,
      'payment_exceeds_balance',
    );
    expect(tooMuch.detail).toContain('Only $200.00 is left to pay');
    const paid = await client(t.app, admin).post(`/orders/${order._id}/payments`, {
      amount: 20_000,
      receivedOn: today,
      reference: 'Transfer 2',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(json<{ left: number; settledAt: string | null }>(paid)).toMatchObject({
      left: 0,
      settledAt: expect.any(String),
    });
    expect(await owedBy(buyer.id)).toBe(0);
  });

  it('crediting what is still owed settles the order; a paid and credited order never owes less than nothing', async () => {
    const { buyer, order } = await orderOnAccount();
    const paid = await client(t.app, admin).post(`/orders/${order._id}/payments`, {
      amount: 10_000,
      receivedOn: today,
      reference: 'Part',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const other = await orderOnAccount();
    await client(t.app, admin).post(`/orders/${order._id}/refunds`, {
      amount: 20_000,
      note: 'The rest is forgiven.',
    });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.settledAt).not.toBeNull();
    expect(await owedBy(buyer.id)).toBe(0);
    // Paid 300.00 and then credited 100.00: owes nothing (the 100.00 goes back by hand).
    await client(t.app, admin).post(`/orders/${other.order._id}/payments`, {
      amount: 30_000,
      receivedOn: today,
      reference: 'All',
    });
    await t.db.update(orders).set({ settledAt: null }).where(eq(orders.id, other.order._id));
    const credited = await client(t.app, admin).post(`/orders/${other.order._id}/refunds`, {
      amount: 10_000,
      note: 'Price corrected after payment.',
    });
    expect(credited.statusCode, credited.body).toBe(201);
    expect(await owedBy(other.buyer.id)).toBe(0);
  });

  it('an order on account with a refund is not cancelled, so its returned units never go back twice', async () => {
    const { buyer, order, toolId } = await orderOnAccount();
    const stock = async () =>
      (
        await t.db.execute<{ quantity: number }>(
          sql`select quantity from tools where id = ${toolId}`,
        )
      ).rows[0]?.quantity;
    expect(await stock()).toBe(97);
    const refunded = await client(t.app, admin).post(`/orders/${order._id}/refunds`, {
      lines: [{ toolId, quantity: 1 }],
      returnToStock: true,
      note: 'One came back unused.',
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect(await stock()).toBe(98);
    const refused = expectProblem(
      await client(t.app, buyer).delete(`/user/${order._id}`),
      409,
      'order_not_cancellable',
    );
    expect(refused.detail).toContain('refund');
    expectProblem(
      await client(t.app, admin).delete(`/user/${order._id}`),
      409,
      'order_not_cancellable',
    );
    expect(await stock()).toBe(98);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.status).toBe('on_account');
  });
});
