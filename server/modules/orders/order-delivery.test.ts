import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AddressFields, AddressSchema } from '../../../contract/addresses.ts';
import { CartSchema } from '../../../contract/cart.ts';
import { DeliveryMethodSchema } from '../../../contract/delivery-methods.ts';
import { OrderSchema } from '../../../contract/orders.ts';
import { carts, mailOutbox } from '../../db/schema.ts';
import { client, expectFieldError, expectProblem, UNKNOWN_ID } from '../../testing/http.ts';
import { addQuote } from '../../testing/quote-fixtures.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';
import { bookAddress, delivery } from '../../testing/valid-requests.ts';
import { orderConfirmationEmail, shippedEmail } from './order-emails.ts';

/**
 * The delivery method at placement (decision 062): chosen by the buyer, priced and dated again by
 * the server, stored on the order and added to its total. Each test uses its own country, since
 * methods are the store's.
 */

let t: TestContext;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ role: 'Admin', name: 'Shipping Admin' });
});
afterAll(async () => {
  await t.close();
});

async function addMethod(fields: Record<string, unknown>) {
  const response = await client(t.app, admin).post('/delivery-methods', {
    name: 'Parcel',
    priceBasis: 'weight',
    bands: [
      { upTo: 5000, price: 595 },
      { upTo: null, price: 1495 },
    ],
    workingDays: 2,
    cutOffTime: '15:00',
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return DeliveryMethodSchema.parse(response.json());
}

async function addAddress(who: TestUser, fields: Partial<AddressFields>) {
  const response = await client(t.app, who).post('/addresses', { ...bookAddress, ...fields });
  expect(response.statusCode, response.body).toBe(201);
  return AddressSchema.parse(response.json());
}

/** A buyer with a cart of 3 tools of 2 kg at 10.00 each (6 kg, 30.00) and an address in `country`. */
async function buyerTo(country: string) {
  const buyer = await t.signUp();
  const tool = await t.addTool({ quantity: 100, minimumOrder: 1, price: 1000, weightGrams: 2000 });
  const cart = await client(t.app, buyer).put('/cart', {
    lines: [{ toolId: tool.id, quantity: 3 }],
  });
  const address = await addAddress(buyer, { country: country as 'GB' });
  return { buyer, tool, address, version: CartSchema.parse(cart.json()).version };
}

describe('choosing a delivery method at checkout', () => {
  it('adds the price the server computes to the total and keeps the method on the order', async () => {
    const method = await addMethod({ name: 'Parcel FR', countries: ['FR'] });
    await addMethod({ name: 'Pallet FR', countries: ['FR'], bands: [{ upTo: null, price: 4900 }] });
    const { buyer, address, version } = await buyerTo('FR');
    const options = await client(t.app, buyer).get('/cart/delivery-options?country=FR');
    const cheapest = (options.json() as { methodId: string; deliveryDate: string }[])[0];
    expect(cheapest?.methodId).toBe(method._id);

    const response = await client(t.app, buyer).post('/cart/checkout', {
      cartVersion: version,
      addressId: address._id,
      deliveryMethodId: method._id,
      expectedTotal: 3000 + 1495,
    });
    expect(response.statusCode, response.body).toBe(201);
    const order = OrderSchema.parse(response.json());
    expect(order.totalAmount).toBe(4495);
    expect(order.delivery).toEqual({
      methodId: method._id,
      name: 'Parcel FR',
      price: 1495,
      promisedDate: cheapest?.deliveryDate,
    });
    const read = OrderSchema.parse((await client(t.app, buyer).get(`/orders/${order._id}`)).json());
    expect(read.delivery).toEqual(order.delivery);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
    expect(mail?.text).toContain('Delivery by Parcel FR: $14.95');
    expect(mail?.text).toContain('Total: $44.95.');
  });

  it('refuses an expected total without the delivery price: the buyer was shown another total', async () => {
    const method = await addMethod({ name: 'Parcel ES', countries: ['ES'] });
    const { buyer, address, version } = await buyerTo('ES');
    const response = await client(t.app, buyer).post('/cart/checkout', {
      cartVersion: version,
      addressId: address._id,
      deliveryMethodId: method._id,
      expectedTotal: 3000,
    });
    expectProblem(response, 409, 'price_changed');
    expect(response.json().detail).toContain('$44.95');
  });

  it('asks for a method when one serves the country, and takes no price from the browser', async () => {
    await addMethod({ name: 'Parcel IT', countries: ['IT'] });
    const { buyer, address, version } = await buyerTo('IT');
    const none = await client(t.app, buyer).post('/cart/checkout', {
      cartVersion: version,
      addressId: address._id,
    });
    const asked = expectFieldError(none, 'deliveryMethodId');
    expect(asked.errors?.[0]?.message).toBe('Choose how this order travels to Italy: Parcel IT.');
    // A country's name as a sentence says it.
    await addMethod({ name: 'Parcel NL', countries: ['NL'] });
    const dutch = await buyerTo('NL');
    const toNetherlands = await client(t.app, dutch.buyer).post('/cart/checkout', {
      cartVersion: dutch.version,
      addressId: dutch.address._id,
    });
    expect(expectFieldError(toNetherlands, 'deliveryMethodId').errors?.[0]?.message).toMatch(
      /^Choose how this order travels to the Netherlands: .*Parcel NL/,
    );
    const priced = await client(t.app, buyer).post('/cart/checkout', {
      cartVersion: version,
      addressId: address._id,
      deliveryMethodId: UNKNOWN_ID,
      deliveryPrice: 0,
    });
    expect(priced.statusCode).toBe(400);
  });

  it('refuses with 409 a method that no longer serves the address, ordering nothing', async () => {
    const method = await addMethod({ name: 'Parcel PT', countries: ['PT'] });
    const { buyer, address, version } = await buyerTo('PT');
    await client(t.app, admin).patch(`/delivery-methods/${method._id}`, { countries: ['NL'] });
    const response = await client(t.app, buyer).post('/cart/checkout', {
      cartVersion: version,
      addressId: address._id,
      deliveryMethodId: method._id,
    });
    expectProblem(response, 409, 'delivery_method_unavailable');
    expect(response.json().detail).toBe(
      'Parcel PT no longer delivers this order to Portugal. Nothing was ordered; choose another delivery method.',
    );
    const [cart] = await t.db.select().from(carts).where(eq(carts.userId, buyer.id));
    expect(cart?.lines).toHaveLength(1);
  });

  it('places an order to a country no method serves without delivery, as before', async () => {
    const { buyer, address, version } = await buyerTo('BE');
    const response = await client(t.app, buyer).post('/cart/checkout', {
      cartVersion: version,
      addressId: address._id,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(OrderSchema.parse(response.json())).toMatchObject({ delivery: null, totalAmount: 3000 });
  });

  it('refuses a method for a typed address, which names no country', async () => {
    const method = await addMethod({ name: 'Parcel AT', countries: ['AT'] });
    const { buyer, version } = await buyerTo('AT');
    const response = await client(t.app, buyer).post('/cart/checkout', {
      cartVersion: version,
      ...delivery,
      deliveryMethodId: method._id,
    });
    expect(expectFieldError(response, 'deliveryMethodId').detail).toContain('address book');
  });
});

describe('a delivery method on every way an order is placed', () => {
  it('an order of lines (buy now) to an address of the book', async () => {
    const method = await addMethod({ name: 'Parcel DK', countries: ['DK'] });
    const { buyer, tool, address } = await buyerTo('DK');
    const response = await client(t.app, buyer).post('/orders', {
      lines: [{ toolId: tool.id, quantity: 1 }],
      addressId: address._id,
      deliveryMethodId: method._id,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(OrderSchema.parse(response.json())).toMatchObject({
      totalAmount: 1000 + 595,
      delivery: { name: 'Parcel DK', price: 595 },
    });
  });

  it("buy now is quoted the tool's own order (its weight, its volume price) and places what it was quoted", async () => {
    // By value: up to 50.00 of goods 4.00, above 9.00; 6 at 10.00 are 60.00 (the cart's 30.00 not counted).
    const method = await addMethod({
      name: 'Parcel LU',
      countries: ['LU'],
      priceBasis: 'value',
      bands: [
        { upTo: 5000, price: 400 },
        { upTo: null, price: 900 },
      ],
    });
    const { buyer, tool, address } = await buyerTo('LU');
    const options = await client(t.app, buyer).get(
      `/tools/${tool.id}/delivery-options?country=LU&quantity=6`,
    );
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json()).toEqual([
      { methodId: method._id, name: 'Parcel LU', price: 900, deliveryDate: expect.any(String) },
    ]);
    const fewer = await client(t.app, buyer).get(
      `/tools/${tool.id}/delivery-options?country=LU&quantity=2`,
    );
    expect((fewer.json() as { price: number }[])[0]?.price).toBe(400);
    expect(
      (
        await client(t.app, buyer).get(`/tools/${tool.id}/delivery-options?country=SE&quantity=2`)
      ).json(),
    ).toEqual([]);
    const placed = await client(t.app, buyer).post('/orders', {
      lines: [{ toolId: tool.id, quantity: 6 }],
      addressId: address._id,
      deliveryMethodId: method._id,
      expectedTotal: 6000 + 900,
    });
    expect(placed.statusCode, placed.body).toBe(201);
  });

  it('refuses a quote of buy now for a tool not in the catalogue or a quantity that is no number', async () => {
    const buyer = await t.signUp();
    expectProblem(
      await client(t.app, buyer).get(`/tools/${UNKNOWN_ID}/delivery-options?country=LU&quantity=2`),
      404,
      'not_found',
    );
    const tool = await t.addTool({ quantity: 10, minimumOrder: 1 });
    expectFieldError(
      await client(t.app, buyer).get(`/tools/${tool.id}/delivery-options?country=LU&quantity=two`),
      'quantity',
      'query',
    );
    expectFieldError(
      await client(t.app, buyer).get(`/tools/${tool.id}/delivery-options?country=ZZ&quantity=2`),
      'country',
      'query',
    );
  });

  it("quotes an offer's order at the offered prices, only to those who may read the quote", async () => {
    // Free from 100.00 of goods: 10 at the offered 10.00 is exactly that.
    const method = await addMethod({ name: 'Parcel EE', countries: ['EE'], freeAbove: 10_000 });
    const { buyer, tool, address } = await buyerTo('EE');
    const quote = await addQuote(t, buyer.id, tool, 'offered', 10);
    const options = await client(t.app, buyer).get(
      `/quotes/${quote.id}/delivery-options?country=EE`,
    );
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json()).toEqual([
      { methodId: method._id, name: 'Parcel EE', price: 0, deliveryDate: expect.any(String) },
    ]);
    const stranger = await t.signUp();
    expectProblem(
      await client(t.app, stranger).get(`/quotes/${quote.id}/delivery-options?country=EE`),
      403,
      'forbidden',
    );
    const asked = await addQuote(t, buyer.id, tool, 'requested', 10);
    expectProblem(
      await client(t.app, buyer).get(`/quotes/${asked.id}/delivery-options?country=EE`),
      409,
      'quote_not_offered',
    );
    // Accepting with the total shown: a different total is refused, the one shown is placed.
    const wrong = await client(t.app, buyer).post(`/quotes/${quote.id}/accept`, {
      addressId: address._id,
      deliveryMethodId: method._id,
      expectedTotal: 10_000 + 595,
    });
    expectProblem(wrong, 409, 'price_changed');
    const accepted = await client(t.app, buyer).post(`/quotes/${quote.id}/accept`, {
      addressId: address._id,
      deliveryMethodId: method._id,
      expectedTotal: 10_000,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it("an accepted quote's order, priced by the value of its goods at the offered prices", async () => {
    // Free from 100.00 of goods: 10 at the offered 10.00 is exactly that (at the list 12.50, more).
    const method = await addMethod({ name: 'Parcel FI', countries: ['FI'], freeAbove: 10_000 });
    const { buyer, tool, address } = await buyerTo('FI');
    const quote = await addQuote(t, buyer.id, tool, 'offered', 10);
    const accepted = await client(t.app, buyer).post(`/quotes/${quote.id}/accept`, {
      addressId: address._id,
      deliveryMethodId: method._id,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const orderId = (accepted.json() as { order: { id: string } }).order.id;
    const order = OrderSchema.parse((await client(t.app, buyer).get(`/orders/${orderId}`)).json());
    expect(order).toMatchObject({ totalAmount: 10_000, delivery: { name: 'Parcel FI', price: 0 } });
  });

  it('shows on the invoice as a line of its own and in the orders CSV', async () => {
    const method = await addMethod({ name: 'Parcel NO', countries: ['NO'] });
    const { buyer, tool, address } = await buyerTo('NO');
    await client(t.app, admin).put('/payment-terms', {
      userId: buyer.id,
      netDays: 30,
      creditLimit: 100_000,
    });
    const placed = await client(t.app, buyer).post('/orders', {
      lines: [{ toolId: tool.id, quantity: 1 }],
      addressId: address._id,
      deliveryMethodId: method._id,
      paymentMethod: 'account',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = OrderSchema.parse(placed.json());
    const pdf = await client(t.app, buyer).get(`/orders/${order._id}/invoice.pdf`);
    expect(pdf.statusCode).toBe(200);
    const document = await getDocumentProxy(new Uint8Array(pdf.rawPayload));
    const { text } = await extractText(document, { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toContain('Delivery: Parcel NO 1 $5.95 $5.95');

    const csv = await client(t.app, admin).get(
      `/orderlist/export?q=${encodeURIComponent(buyer.email)}`,
    );
    const [header, row] = parse(csv.body.slice(1)) as string[][];
    const cell = (name: string) => row?.[header?.indexOf(name) ?? -1];
    expect([cell('Delivery method'), cell('Delivery cost'), cell('Total')]).toEqual([
      'Parcel NO',
      '5.95',
      '15.95',
    ]);
  });

  it("prints a typed address's postcode and country on the invoice, as the order went by them", async () => {
    const { buyer, tool } = await buyerTo('LI');
    await client(t.app, admin).put('/payment-terms', {
      userId: buyer.id,
      netDays: 30,
      creditLimit: 100_000,
    });
    const place = (address: string, postcode: string) =>
      client(t.app, buyer).post('/orders', {
        lines: [{ toolId: tool.id, quantity: 1 }],
        phone: '+423 230 00 00',
        address,
        country: 'LI',
        postcode,
        paymentMethod: 'account',
      });
    const invoiceText = async (orderId: string) => {
      const pdf = await client(t.app, buyer).get(`/orders/${orderId}/invoice.pdf`);
      expect(pdf.statusCode).toBe(200);
      const document = await getDocumentProxy(new Uint8Array(pdf.rawPayload));
      return (await extractText(document, { mergePages: true })).text.replace(/\s+/g, ' ');
    };

    const placed = await place('Site office\nStädtle 12', '9490');
    expect(placed.statusCode, placed.body).toBe(201);
    const order = OrderSchema.parse(placed.json());
    expect(await invoiceText(order._id)).toContain('Site office Städtle 12 9490 Liechtenstein');
    // The confirmation and the shipping email say the same, in a sentence.
    const store = { storeName: 'Toolyard', publicUrl: 'https://shop.example' };
    expect(orderConfirmationEmail(store, order, null, new Date()).text).toContain(
      'It will be delivered to: Site office, Städtle 12, 9490, Liechtenstein.',
    );
    expect(shippedEmail(store, order).text).toContain(
      'Delivery address: Site office, Städtle 12, 9490, Liechtenstein.',
    );

    // Said in the text already, they are not said twice.
    const again = await place('Städtle 12\n9490 Vaduz, Liechtenstein', '9490');
    expect(again.statusCode, again.body).toBe(201);
    const text = await invoiceText(OrderSchema.parse(again.json())._id);
    expect(text).toContain('Städtle 12 9490 Vaduz, Liechtenstein +423');
    expect(text).not.toMatch(/Liechtenstein (9490|Liechtenstein)/);
  });

  it('counts the delivery against the credit limit of an order on account', async () => {
    const method = await addMethod({ name: 'Parcel SE', countries: ['SE'] });
    const { buyer, tool, address } = await buyerTo('SE');
    const terms = await client(t.app, admin).put('/payment-terms', {
      userId: buyer.id,
      netDays: 30,
      creditLimit: 1500,
    });
    expect(terms.statusCode, terms.body).toBe(200);
    const response = await client(t.app, buyer).post('/orders', {
      lines: [{ toolId: tool.id, quantity: 1 }],
      addressId: address._id,
      deliveryMethodId: method._id,
      paymentMethod: 'account',
    });
    expectProblem(response, 409, 'credit_limit_exceeded');
  });
});
