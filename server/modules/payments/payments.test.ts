import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/orders.ts';
import { PaymentResultSchema } from '../../../contract/payments.ts';
import { orders, payments, tools } from '../../db/schema.ts';
import {
  type Client,
  client,
  expectFieldError,
  expectProblem,
  UNKNOWN_ID,
} from '../../testing/http.ts';
import { placeOneLineOrder } from '../../testing/shop-test-app.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';

let t: TestContext;
let ana: TestUser;
let asAna: Client;
let asBob: Client;
let asAdmin: Client;

beforeAll(async () => {
  t = await buildTestApp();
  ana = await t.signUp({ name: 'Ana Buyer' });
  asAna = client(t.app, ana);
  asBob = client(t.app, await t.signUp({ name: 'Bob Other' }));
  asAdmin = client(t.app, await t.signUp({ role: 'Admin' }));
});
afterAll(async () => {
  await t.close();
});

const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
const card = (cardNumber: string, extra: Record<string, string> = {}) => ({
  cardNumber,
  expiry: `12/${nextYear}`,
  cvc: '123',
  nameOnCard: 'Ana Buyer',
  ...extra,
});

async function placeOrder(): Promise<Order> {
  const tool = await t.addTool({ quantity: 1000, minimumOrder: 10, price: 1250 });
  return placeOneLineOrder(t, ana, tool.id);
}

async function orderRow(id: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

describe('paying with the test gateway', () => {
  it('4242 4242 4242 4242 pays the order: paid, a transaction id, brand and last four only', async () => {
    const order = await placeOrder();
    const response = await asAna.post(`/payment/${order._id}`, card('4242 4242 4242 4242'));
    expect(response.statusCode, response.body).toBe(200);
    const result = PaymentResultSchema.parse(response.json());
    expect(result).toMatchObject({
      orderId: order._id,
      status: 'paid',
      cardBrand: 'Visa',
      cardLast4: '4242',
    });
    expect(result.transactionId).toMatch(/^txn_test_/);

    const row = await orderRow(order._id);
    expect(row).toMatchObject({ status: 'paid', transactionId: result.transactionId });
    expect(row?.paidAt).toBeInstanceOf(Date);
    const recorded = await t.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      status: 'succeeded',
      amount: 12500,
      cardLast4: '4242',
      cardBrand: 'Visa',
    });
    // The card number is stored nowhere.
    expect(JSON.stringify(recorded)).not.toContain('4242424242424242');

    const mine = await asAna.get(`/user?email=${encodeURIComponent(ana.email)}`);
    expect(mine.json().find((o: Order) => o._id === order._id)).toMatchObject({
      status: 'paid',
      transactionId: result.transactionId,
    });
  });

  it('4000 0000 0000 0002 is declined with a clear message; the order stays unpaid and can be paid again', async () => {
    const order = await placeOrder();
    const declined = await asAna.post(`/payment/${order._id}`, card('4000000000000002'));
    const problem = expectProblem(declined, 402, 'card_declined');
    expect(problem.detail).toMatch(/declined/i);
    expect(await orderRow(order._id)).toMatchObject({
      status: 'unpaid',
      paymentFailure: 'Your card was declined.',
    });
    expect((await asAna.get(`/payment/${order._id}`)).json().paymentFailure).toBe(
      'Your card was declined.',
    );

    const retry = await asAna.post(`/payment/${order._id}`, card('5555 5555 5555 4444'));
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ cardBrand: 'Mastercard', cardLast4: '4444' });
    expect(await orderRow(order._id)).toMatchObject({ status: 'paid', paymentFailure: null });
  });

  it('refuses invalid cards before any charge: Luhn, expiry, CVC, missing name', async () => {
    const order = await placeOrder();
    expectFieldError(
      await asAna.post(`/payment/${order._id}`, card('4242 4242 4242 4241')),
      'cardNumber',
    );
    expectFieldError(await asAna.post(`/payment/${order._id}`, card('4242', {})), 'cardNumber');
    expectFieldError(
      await asAna.post(`/payment/${order._id}`, card('4242424242424242', { expiry: '01/20' })),
      'expiry',
    );
    expectFieldError(
      await asAna.post(`/payment/${order._id}`, card('4242424242424242', { expiry: '13/30' })),
      'expiry',
    );
    expectFieldError(
      await asAna.post(`/payment/${order._id}`, card('4242424242424242', { cvc: '12' })),
      'cvc',
    );
    expectFieldError(
      await asAna.post(`/payment/${order._id}`, card('4242424242424242', { nameOnCard: '' })),
      'nameOnCard',
    );
    expect(await orderRow(order._id)).toMatchObject({ status: 'unpaid' });
    expect(await t.db.select().from(payments).where(eq(payments.orderId, order._id))).toHaveLength(
      0,
    );
  });

  it('an order is paid at most once', async () => {
    const order = await placeOrder();
    expect((await asAna.post(`/payment/${order._id}`, card('4242424242424242'))).statusCode).toBe(
      200,
    );
    expectProblem(
      await asAna.post(`/payment/${order._id}`, card('4242424242424242')),
      409,
      'order_not_payable',
    );
    const succeeded = await t.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(succeeded.filter((p) => p.status === 'succeeded')).toHaveLength(1);
  });

  it('only the owner pays: another customer gets 403, even an admin; visitors 401; unknown 404', async () => {
    const order = await placeOrder();
    expectProblem(
      await asBob.post(`/payment/${order._id}`, card('4242424242424242')),
      403,
      'forbidden',
    );
    expectProblem(
      await asAdmin.post(`/payment/${order._id}`, card('4242424242424242')),
      403,
      'forbidden',
    );
    expectProblem(
      await client(t.app).post(`/payment/${order._id}`, card('4242424242424242')),
      401,
      'unauthenticated',
    );
    expectProblem(
      await asAna.post(`/payment/${UNKNOWN_ID}`, card('4242424242424242')),
      404,
      'not_found',
    );
    expect(await orderRow(order._id)).toMatchObject({ status: 'unpaid' });
  });

  it('a cancelled order cannot be paid (409) and a paid order cannot be cancelled (409)', async () => {
    const cancelled = await placeOrder();
    expect((await asAna.delete(`/user/${cancelled._id}`)).statusCode).toBe(200);
    expectProblem(
      await asAna.post(`/payment/${cancelled._id}`, card('4242424242424242')),
      409,
      'order_not_payable',
    );

    const paid = await placeOrder();
    expect((await asAna.post(`/payment/${paid._id}`, card('4242424242424242'))).statusCode).toBe(
      200,
    );
    expectProblem(await asAna.delete(`/user/${paid._id}`), 409, 'order_not_cancellable');
  });

  it('a cancel and a payment racing end in one consistent state', async () => {
    for (let round = 0; round < 10; round += 1) {
      const order = await placeOrder();
      const [stockBefore] = await t.db
        .select({ q: tools.quantity })
        .from(tools)
        .where(eq(tools.id, order.toolId));
      const [pay, cancel] = await Promise.all([
        asAna.post(`/payment/${order._id}`, card('4242424242424242')),
        asAna.delete(`/user/${order._id}`),
      ]);
      const row = await orderRow(order._id);
      const [stockAfter] = await t.db
        .select({ q: tools.quantity })
        .from(tools)
        .where(eq(tools.id, order.toolId));
      const succeeded = (
        await t.db.select().from(payments).where(eq(payments.orderId, order._id))
      ).filter((p) => p.status === 'succeeded');
      if (pay.statusCode === 200) {
        expect(cancel.statusCode).toBe(409);
        expect(row?.status).toBe('paid');
        expect(succeeded).toHaveLength(1);
        expect(stockAfter?.q).toBe(stockBefore?.q);
      } else {
        expect(pay.statusCode).toBe(409);
        expect(cancel.statusCode).toBe(200);
        expect(row?.status).toBe('cancelled');
        expect(succeeded).toHaveLength(0);
        expect(stockAfter?.q).toBe((stockBefore?.q ?? 0) + 10);
      }
    }
  });

  it('paid orders can be shipped by an admin', async () => {
    const order = await placeOrder();
    expectProblem(
      await asAdmin.put(`/order/${order._id}`, { status: 'shipped', noTracking: true }),
      409,
      'order_not_shippable',
    );
    expect((await asAna.post(`/payment/${order._id}`, card('4242424242424242'))).statusCode).toBe(
      200,
    );
    const shipped = await asAdmin.put(`/order/${order._id}`, {
      status: 'shipped',
      noTracking: true,
    });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json().status).toBe('shipped');
  });

  it('Stripe routes answer 404 in test mode, and the config says test', async () => {
    const order = await placeOrder();
    expectProblem(await asAna.post(`/payment/${order._id}/intent`, {}), 404, 'not_found');
    expect((await client(t.app).get('/config')).json().payments).toEqual({
      provider: 'test',
      publishableKey: null,
      isTestModeAnnounced: false,
    });
  });
});
