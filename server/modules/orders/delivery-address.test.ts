import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AddressFields, AddressSchema } from '../../../contract/addresses.ts';
import { CartSchema } from '../../../contract/cart.ts';
import { OrderSchema } from '../../../contract/orders.ts';
import { addCompany } from '../../testing/company-rows.ts';
import { client, expectFieldError } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';
import { bookAddress, delivery } from '../../testing/valid-requests.ts';

/** Ordering to an address of the book: the order keeps a copy, read by the server. */

let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function addAddress(who: TestUser, fields: Partial<AddressFields> = {}) {
  const response = await client(t.app, who).post('/addresses', { ...bookAddress, ...fields });
  expect(response.statusCode, response.body).toBe(201);
  return AddressSchema.parse(response.json());
}

async function fillCart(who: TestUser) {
  const tool = await t.addTool({ quantity: 100, minimumOrder: 1 });
  const cart = await client(t.app, who).put('/cart', { lines: [{ toolId: tool.id, quantity: 2 }] });
  return { tool, version: CartSchema.parse(cart.json()).version };
}

describe('checking out to an address of the book', () => {
  it('copies the address as it is now; changing the book later leaves the order as it was', async () => {
    const buyer = await t.signUp();
    const yard = await addAddress(buyer, { line2: 'Gate 3' });
    const { version } = await fillCart(buyer);
    const response = await client(t.app, buyer).post('/cart/checkout', {
      cartVersion: version,
      addressId: yard._id,
    });
    expect(response.statusCode, response.body).toBe(201);
    const order = OrderSchema.parse(response.json());
    const copy = {
      label: 'Matrix yard',
      recipient: 'Mat Rix',
      line1: '1 Matrix Road',
      line2: 'Gate 3',
      postcode: 'MX1 1AA',
      city: 'Leeds',
      country: 'GB',
      phone: '+44 113 496 0000',
    };
    expect(order.deliveryAddress).toEqual(copy);
    expect(order.phone).toBe('+44 113 496 0000');
    expect(order.address).toBe('Mat Rix\n1 Matrix Road\nGate 3\nMX1 1AA Leeds\nUnited Kingdom');

    await client(t.app, buyer).put(`/addresses/${yard._id}`, { ...bookAddress, line1: '9 New St' });
    await client(t.app, buyer).delete(`/addresses/${yard._id}`);
    const read = OrderSchema.parse((await client(t.app, buyer).get(`/orders/${order._id}`)).json());
    expect(read.deliveryAddress).toEqual(copy);
    expect(read.deliveryCountry).toBe('GB');
    expect(read.deliveryPostcode).toBe('MX1 1AA');
  });

  it('places lines to a company address for its members, and asking again is the same order', async () => {
    const [owner, buyer] = [await t.signUp(), await t.signUp()];
    await addCompany(t.db, 'Dock Works', [
      { id: owner.id, role: 'owner' },
      { id: buyer.id, role: 'buyer' },
    ]);
    const dock = await addAddress(owner, { label: 'Dock 4' });
    const tool = await t.addTool({ quantity: 100, minimumOrder: 1 });
    const body = { lines: [{ toolId: tool.id, quantity: 3 }], addressId: dock._id };
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { ...buyer.headers, 'idempotency-key': 'dock-order-0001' },
        payload: body,
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    expect(OrderSchema.parse(first.json()).deliveryAddress?.label).toBe('Dock 4');
    const again = await send();
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()._id).toBe(first.json()._id);
  });

  it("refuses another book's address as none of the caller's, and changes nothing", async () => {
    const [owner, outsider] = [await t.signUp(), await t.signUp()];
    await addCompany(t.db, 'Quay Ltd', [{ id: owner.id, role: 'owner' }]);
    const quay = await addAddress(owner);
    const { tool, version } = await fillCart(outsider);
    const refused = expectFieldError(
      await client(t.app, outsider).post('/cart/checkout', {
        cartVersion: version,
        addressId: quay._id,
      }),
      'addressId',
    );
    expect(refused.detail).toBe('No address with this id in your address book.');
    const cart = CartSchema.parse((await client(t.app, outsider).get('/cart')).json());
    expect(cart.lines.map((line) => line.toolId)).toEqual([tool.id]);
  });

  it('takes either a book address or a typed one, not both, and needs one of them', async () => {
    const buyer = await t.signUp();
    const yard = await addAddress(buyer);
    const { tool } = await fillCart(buyer);
    const lines = [{ toolId: tool.id, quantity: 1 }];
    expectFieldError(
      await client(t.app, buyer).post('/orders', { lines, addressId: yard._id, ...delivery }),
      'addressId',
    );
    const neither = expectFieldError(
      await client(t.app, buyer).post('/orders', { lines }),
      'phone',
    );
    expect(neither.errors?.map((error) => error.field)).toEqual(['phone', 'address']);
    // The typed path is as it was: no copy.
    const typed = await client(t.app, buyer).post('/orders', { lines, ...delivery });
    expect(typed.statusCode, typed.body).toBe(201);
    expect(OrderSchema.parse(typed.json())).toMatchObject({ deliveryAddress: null, ...delivery });
  });
});
