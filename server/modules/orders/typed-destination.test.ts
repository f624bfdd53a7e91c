import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressSchema } from '../../../contract/addresses.ts';
import { CartSchema } from '../../../contract/cart.ts';
import { DeliveryMethodSchema } from '../../../contract/delivery-methods.ts';
import { OrderSchema } from '../../../contract/orders.ts';
import { PublicConfigSchema } from '../../../contract/system.ts';
import { TaxDecisionSchema } from '../../../contract/tax.ts';
import { client, expectFieldError } from '../../testing/http.ts';
import { IRISH_STORE } from '../../testing/irish-store.ts';
import { addQuote } from '../../testing/quote-fixtures.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';
import { bookAddress, delivery } from '../../testing/valid-requests.ts';

/**
 * A typed address has a country (decision 072): delivery methods and tax go by it as by a book's
 * address, and one typed without a country is in the store's own country. The store here sells
 * from Ireland, prices including its 23 % VAT; France taxes at 20 %. Two methods serve Ireland
 * (5.00 and 9.00), one France (20.00).
 */

let t: TestContext;
let admin: TestUser;
const methods: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp({ invoicing: IRISH_STORE });
  admin = await t.signUp({ role: 'Admin', name: 'Typed Admin' });
  for (const [name, countries, price] of [
    ['An Post', ['IE'], 500],
    ['Courier Éire', ['IE'], 900],
    ['Fret France', ['FR'], 2000],
  ] as const) {
    const response = await client(t.app, admin).post('/delivery-methods', {
      name,
      countries,
      priceBasis: 'value',
      bands: [{ upTo: null, price }],
      workingDays: 2,
      cutOffTime: '15:00',
    });
    expect(response.statusCode, response.body).toBe(201);
    methods[name] = DeliveryMethodSchema.parse(response.json())._id;
  }
  const rate = await client(t.app, admin).post('/tax-rates', { country: 'FR', rate: 20 });
  expect(rate.statusCode, rate.body).toBe(201);
});
afterAll(async () => {
  await t.close();
});

/** A buyer and a tool at 123.00 (including Ireland's 23 %: 100.00 without it). */
async function buyerAndTool() {
  const buyer = await t.signUp();
  const tool = await t.addTool({ quantity: 100, minimumOrder: 1, price: 12_300 });
  return { buyer, tool };
}

describe('an order of lines to a typed address with a country', () => {
  it('asks for a method that serves that country, then charges it and taxes the order there', async () => {
    const { buyer, tool } = await buyerAndTool();
    const lines = [{ toolId: tool.id, quantity: 1 }];
    const asked = await client(t.app, buyer).post('/orders', { lines, ...delivery, country: 'FR' });
    expect(expectFieldError(asked, 'deliveryMethodId').errors?.[0]?.message).toBe(
      'Choose how this order travels to France: Fret France.',
    );
    const irish = await client(t.app, buyer).post('/orders', {
      lines,
      ...delivery,
      country: 'FR',
      deliveryMethodId: methods['An Post'],
    });
    expect(irish.statusCode, irish.body).toBe(409);
    expect(irish.json().code).toBe('delivery_method_unavailable');

    // 100.00 + 20 % = 120.00, and 20.00 of delivery priced the same way (16.26 + 20 % = 19.51).
    const placed = await client(t.app, buyer).post('/orders', {
      lines,
      ...delivery,
      country: 'fr',
      postcode: '75001',
      deliveryMethodId: methods['Fret France'],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = OrderSchema.parse(placed.json());
    expect(order).toMatchObject({
      deliveryAddress: null,
      address: delivery.address,
      deliveryCountry: 'FR',
      deliveryPostcode: '75001',
      delivery: { name: 'Fret France', price: 1951 },
      totalAmount: 12_000 + 1951,
    });
    // The order says where it went, so that buying it again can offer the same country and
    // postcode (a region's tax goes by it).
    const read = await client(t.app, buyer).get(`/orders/${order._id}`);
    expect(OrderSchema.parse(read.json())).toMatchObject({
      deliveryCountry: 'FR',
      deliveryPostcode: '75001',
    });
  });

  it('answers an Idempotency-Key again only for the same country and postcode', async () => {
    const { buyer, tool } = await buyerAndTool();
    const key = crypto.randomUUID();
    const body = {
      lines: [{ toolId: tool.id, quantity: 1 }],
      ...delivery,
      country: 'FR',
      postcode: '75001',
      deliveryMethodId: methods['Fret France'],
    };
    const withKey = { headers: { ...buyer.headers, 'idempotency-key': key } };
    const send = (changes: object) =>
      client(t.app, withKey).post('/orders', { ...body, ...changes });
    const placed = await send({});
    expect(placed.statusCode, placed.body).toBe(201);
    // Asked again, the same answer: the same order.
    const again = await send({});
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()._id).toBe(placed.json()._id);
    // The same text to another postcode, or taken to be in the store's country: another order.
    for (const other of [
      { postcode: '13001' },
      { postcode: undefined },
      { country: undefined, postcode: undefined, deliveryMethodId: methods['An Post'] },
    ]) {
      const refused = await send(other);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().code).toBe('idempotency_key_reused');
    }
    const orders = await client(t.app, buyer).get(`/user?email=${encodeURIComponent(buyer.email)}`);
    expect(orders.json()).toHaveLength(1);
  });

  it('takes an address typed without a country to be in the store’s own country', async () => {
    const { buyer, tool } = await buyerAndTool();
    const lines = [{ toolId: tool.id, quantity: 1 }];
    const asked = await client(t.app, buyer).post('/orders', { lines, ...delivery });
    expect(expectFieldError(asked, 'deliveryMethodId').errors?.[0]?.message).toBe(
      'Choose how this order travels to Ireland: An Post, Courier Éire.',
    );
    const placed = await client(t.app, buyer).post('/orders', {
      lines,
      ...delivery,
      deliveryMethodId: methods['Courier Éire'],
      expectedTotal: 12_300 + 900,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(OrderSchema.parse(placed.json())).toMatchObject({
      deliveryCountry: 'IE',
      deliveryPostcode: null,
      delivery: { name: 'Courier Éire', price: 900 },
      totalAmount: 13_200,
    });
  });

  it('refuses a country or postcode sent with an address of the book', async () => {
    const { buyer, tool } = await buyerAndTool();
    const book = await client(t.app, buyer).post('/addresses', { ...bookAddress, country: 'IE' });
    const address = AddressSchema.parse(book.json());
    const response = await client(t.app, buyer).post('/orders', {
      lines: [{ toolId: tool.id, quantity: 1 }],
      addressId: address._id,
      country: 'FR',
      deliveryMethodId: methods['Fret France'],
    });
    expectFieldError(response, 'addressId');
  });

  it('refuses a country that is none', async () => {
    const { buyer, tool } = await buyerAndTool();
    const response = await client(t.app, buyer).post('/orders', {
      lines: [{ toolId: tool.id, quantity: 1 }],
      ...delivery,
      country: 'XX',
    });
    expectFieldError(response, 'country');
  });
});

describe("the spec's one-tool call, which names no method", () => {
  it('travels by the cheapest method that serves the store’s country, in the total', async () => {
    const { buyer, tool } = await buyerAndTool();
    const response = await client(t.app, buyer).post(
      `/user?email=${encodeURIComponent(buyer.email)}`,
      { toolId: tool.id, orderedNum: 2, ...delivery },
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(OrderSchema.parse(response.json())).toMatchObject({
      delivery: { name: 'An Post', price: 500 },
      totalAmount: 2 * 12_300 + 500,
    });
  });

  it("or by the cheapest to the country it names, taxed at that country's rate", async () => {
    const { buyer, tool } = await buyerAndTool();
    const response = await client(t.app, buyer).post(
      `/user?email=${encodeURIComponent(buyer.email)}`,
      { toolId: tool.id, orderedNum: 1, ...delivery, country: 'FR' },
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(OrderSchema.parse(response.json())).toMatchObject({
      delivery: { name: 'Fret France', price: 1951 },
      totalAmount: 12_000 + 1951,
    });
  });
});

describe('every other way an order is placed', () => {
  it("a cart's checkout to a typed address in France", async () => {
    const { buyer, tool } = await buyerAndTool();
    const cart = await client(t.app, buyer).put('/cart', {
      lines: [{ toolId: tool.id, quantity: 2 }],
    });
    const response = await client(t.app, buyer).post('/cart/checkout', {
      cartVersion: CartSchema.parse(cart.json()).version,
      ...delivery,
      country: 'FR',
      deliveryMethodId: methods['Fret France'],
      expectedTotal: 24_000 + 1951,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(OrderSchema.parse(response.json()).delivery?.name).toBe('Fret France');
  });

  it("an accepted offer to a typed address in France, at the offer's prices taxed there", async () => {
    const { buyer, tool } = await buyerAndTool();
    const quote = await addQuote(t, buyer.id, tool, 'offered', 10);
    const accepted = await client(t.app, buyer).post(`/quotes/${quote.id}/accept`, {
      ...delivery,
      country: 'FR',
      deliveryMethodId: methods['Fret France'],
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const orderId = (accepted.json() as { order: { id: string } }).order.id;
    const order = OrderSchema.parse((await client(t.app, buyer).get(`/orders/${orderId}`)).json());
    expect(order.delivery).toMatchObject({ name: 'Fret France', price: 1951 });
  });
});

describe('what the checkout is told', () => {
  it("the store's country, and the tax of an address without one", async () => {
    const config = PublicConfigSchema.parse((await t.app.inject({ url: '/api/config' })).json());
    expect(config.country).toBe('IE');
    const { buyer } = await buyerAndTool();
    const home = TaxDecisionSchema.parse(
      (await client(t.app, buyer).get('/tax/destination')).json(),
    );
    expect(home).toMatchObject({ treatment: 'taxed', country: 'IE', rateBasisPoints: 2300 });
    const france = TaxDecisionSchema.parse(
      (await client(t.app, buyer).get('/tax/destination?country=FR')).json(),
    );
    expect(france).toMatchObject({ country: 'FR', rateBasisPoints: 2000 });
  });
});
