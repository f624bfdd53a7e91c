import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryMethodSchema, DeliveryOptionSchema } from '../../../contract/delivery-methods.ts';
import { auditLog, deliveryMethods } from '../../db/schema.ts';
import { client, expectFieldError, expectProblem, UNKNOWN_ID } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';
import { promisedDate } from './delivery-quote.ts';

/** Delivery methods: GET/POST /api/delivery-methods, PATCH/DELETE …/:id, GET /api/cart/delivery-options. */

let t: TestContext;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ role: 'Admin', name: 'Shipping Admin' });
});
afterAll(async () => {
  await t.close();
});

const parcel = {
  name: 'Parcel',
  countries: ['gb', 'DE', 'GB'],
  priceBasis: 'weight',
  bands: [
    { upTo: 5000, price: 595 },
    { upTo: null, price: 1495 },
  ],
  freeAbove: 100000,
  workingDays: 2,
  cutOffTime: '15:00',
};

async function addMethod(fields: Record<string, unknown> = {}) {
  const response = await client(t.app, admin).post('/delivery-methods', { ...parcel, ...fields });
  expect(response.statusCode, response.body).toBe(201);
  return DeliveryMethodSchema.parse(response.json());
}

describe('an admin managing delivery methods', () => {
  it('adds one (countries upper-cased, each once, sorted) and the audit log says so', async () => {
    const method = await addMethod();
    expect(method).toMatchObject({ countries: ['DE', 'GB'], isActive: true, freeAbove: 100000 });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.targetId, method._id), eq(auditLog.action, 'delivery_method.created')),
      );
    expect(entry).toMatchObject({ targetType: 'delivery_method', targetLabel: 'Parcel' });
  });

  it('changes and deletes one, each audited', async () => {
    const method = await addMethod({ name: 'Pallet' });
    const changed = await client(t.app, admin).patch(`/delivery-methods/${method._id}`, {
      workingDays: 5,
      isActive: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ workingDays: 5, isActive: false, name: 'Pallet' });
    const removed = await client(t.app, admin).delete(`/delivery-methods/${method._id}`);
    expect(removed.json()).toEqual({ deletedCount: 1 });
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, method._id));
    expect(actions.map((row) => row.action).sort()).toEqual([
      'delivery_method.created',
      'delivery_method.deleted',
      'delivery_method.updated',
    ]);
    const [row] = await t.db
      .select()
      .from(deliveryMethods)
      .where(eq(deliveryMethods.id, method._id));
    expect(row).toBeUndefined();
  });

  it('is told which field is wrong: bands that do not rise, an open band not last, a bad time or country', async () => {
    const api = client(t.app, admin);
    const falling = [
      { upTo: 5000, price: 595 },
      { upTo: 4000, price: 995 },
    ];
    expectFieldError(
      await api.post('/delivery-methods', { ...parcel, bands: falling }),
      'bands.1.upTo',
    );
    const openFirst = [
      { upTo: null, price: 595 },
      { upTo: 4000, price: 995 },
    ];
    expectFieldError(
      await api.post('/delivery-methods', { ...parcel, bands: openFirst }),
      'bands.0.upTo',
    );
    expectFieldError(
      await api.post('/delivery-methods', { ...parcel, cutOffTime: '24:00' }),
      'cutOffTime',
    );
    expectFieldError(
      await api.post('/delivery-methods', { ...parcel, countries: ['XX'] }),
      'countries.0',
    );
    expectFieldError(
      await api.post('/delivery-methods', { ...parcel, countries: [] }),
      'countries',
    );
  });

  it('finds no method behind an unknown id', async () => {
    expectProblem(
      await client(t.app, admin).patch(`/delivery-methods/${UNKNOWN_ID}`, { name: 'X' }),
      404,
      'not_found',
    );
    expectProblem(
      await client(t.app, admin).delete(`/delivery-methods/${UNKNOWN_ID}`),
      404,
      'not_found',
    );
  });
});

describe("a buyer's delivery options", () => {
  it('prices the cart by its weight and value, for the country asked, with the promised day', async () => {
    await t.db.delete(deliveryMethods);
    const parcelMethod = await addMethod();
    const express = await addMethod({
      name: 'Express',
      countries: ['GB'],
      priceBasis: 'value',
      bands: [{ upTo: null, price: 2500 }],
      freeAbove: null,
      workingDays: 1,
      cutOffTime: '12:00',
    });
    await addMethod({ name: 'Resting', isActive: false });
    const heavy = await t.addTool({ weightGrams: 400, price: 1000, minimumOrder: 1 });
    const buyer = await t.signUp();
    const api = client(t.app, buyer);
    expect((await api.get('/cart/delivery-options?country=GB')).json()).toEqual([]);
    await api.put('/cart', { lines: [{ toolId: heavy.id, quantity: 20 }] });

    const gb = await api.get('/cart/delivery-options?country=gb');
    expect(gb.statusCode, gb.body).toBe(200);
    const options = gb.json().map((option: unknown) => DeliveryOptionSchema.parse(option));
    // 20 × 400 g = 8 kg: the open band.
    expect(options).toEqual([
      {
        methodId: parcelMethod._id,
        name: 'Parcel',
        price: 1495,
        deliveryDate: promisedDate(parcelMethod, new Date(), 'Europe/London'),
      },
      {
        methodId: express._id,
        name: 'Express',
        price: 2500,
        deliveryDate: promisedDate(express, new Date(), 'Europe/London'),
      },
    ]);
    const de = (await api.get('/cart/delivery-options?country=DE')).json();
    expect(de.map((option: { name: string }) => option.name)).toEqual(['Parcel']);
    expect((await api.get('/cart/delivery-options?country=FR')).json()).toEqual([]);
  });

  it('weighs the cart by the weight an admin gave the tool', async () => {
    const tool = await t.addTool({ price: 1000, minimumOrder: 1 });
    const refused = await client(t.app, admin).patch(`/tools/${tool.id}`, { weightGrams: -1 });
    expectFieldError(refused, 'weightGrams');
    const weighed = await client(t.app, admin).patch(`/tools/${tool.id}`, { weightGrams: 6000 });
    expect(weighed.statusCode, weighed.body).toBe(200);
    expect(weighed.json()).toMatchObject({ weightGrams: 6000 });
    const buyer = await t.signUp();
    await client(t.app, buyer).put('/cart', { lines: [{ toolId: tool.id, quantity: 1 }] });
    const options = (await client(t.app, buyer).get('/cart/delivery-options?country=DE')).json();
    // 6 kg passes the 5 kg band.
    expect(options).toMatchObject([{ name: 'Parcel', price: 1495 }]);
  });

  it('ships free above the amount', async () => {
    const dear = await t.addTool({ weightGrams: 100, price: 60000, minimumOrder: 1 });
    const buyer = await t.signUp();
    await client(t.app, buyer).put('/cart', { lines: [{ toolId: dear.id, quantity: 2 }] });
    const options = (await client(t.app, buyer).get('/cart/delivery-options?country=DE')).json();
    expect(options).toMatchObject([{ name: 'Parcel', price: 0 }]);
  });

  it('refuses a country that is not one', async () => {
    const buyer = await t.signUp();
    expectFieldError(
      await client(t.app, buyer).get('/cart/delivery-options?country=ZZ'),
      'country',
      'query',
    );
  });
});
