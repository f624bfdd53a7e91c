import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote } from '../../../contract/quote-schemas.ts';
import { client, expectProblem } from '../../testing/http.ts';
import { addTerms } from '../../testing/terms-fixtures.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';

/** An accepted offer is paid as an order is: by card, or on account by a buyer with terms. */

let t: TestContext;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ role: 'Admin', name: 'Quote Admin' });
});
afterAll(async () => {
  await t.close();
});

const delivery = { phone: '+1 555 010 2030', address: '1 Quote Street, Springfield' };

/** An offer of 10 units at 10.00 (100.00 in all), made to `buyer`. */
async function offerTo(buyer: TestUser): Promise<Quote> {
  const tool = await t.addTool({ quantity: 500, minimumOrder: 1, price: 1500 });
  await client(t.app, buyer).put('/cart', { lines: [{ toolId: tool.id, quantity: 10 }] });
  const asked = await client(t.app, buyer).post('/quotes', { message: 'Your best price?' });
  expect(asked.statusCode, asked.body).toBe(201);
  const quote = asked.json() as Quote;
  const offered = await client(t.app, admin).post(`/quote-requests/${quote._id}/offer`, {
    lines: [{ position: 1, offeredUnitPrice: 1000 }],
    validUntil: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
  });
  expect(offered.statusCode, offered.body).toBe(200);
  return quote;
}

describe('accepting an offer on account', () => {
  it('confirms the order at once for a buyer with terms, within the credit limit', async () => {
    const buyer = await t.signUp();
    await addTerms(t, buyer.id, { creditLimit: 15_000 });
    const first = await offerTo(buyer);
    const accepted = await client(t.app, buyer).post(`/quotes/${first._id}/accept`, {
      ...delivery,
      paymentMethod: 'account',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const orderId = (accepted.json() as Quote).order?.id;
    const order = (await client(t.app, buyer).get(`/orders/${orderId}`)).json();
    expect(order).toMatchObject({ paymentMethod: 'account', status: 'on_account' });

    // A second would owe 200.00 against a limit of 150.00: refused, and the offer still holds.
    const second = await offerTo(buyer);
    const refused = await client(t.app, buyer).post(`/quotes/${second._id}/accept`, {
      ...delivery,
      paymentMethod: 'account',
    });
    expectProblem(refused, 409, 'credit_limit_exceeded');
    const still = (await client(t.app, buyer).get(`/quotes/${second._id}`)).json() as Quote;
    expect(still.status).toBe('offered');
  });

  it('is refused for a buyer without terms', async () => {
    const buyer = await t.signUp();
    const quote = await offerTo(buyer);
    const refused = await client(t.app, buyer).post(`/quotes/${quote._id}/accept`, {
      ...delivery,
      paymentMethod: 'account',
    });
    expectProblem(refused, 409, 'no_payment_terms');
  });
});
