import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartSchema } from '../../contract/cart.ts';
import type { RouteDescriptor } from '../../contract/common.ts';
import { OrderSchema } from '../../contract/orders.ts';
import { allRoutes } from '../../contract/routes.ts';
import { companies } from '../db/schema.ts';
import { MATRIX, type Objects, ROLES } from '../testing/authorization-table.ts';
import { addImportProgress } from '../testing/catalogue-files.ts';
import {
  COMPANY_CALLERS,
  COMPANY_MATRIX,
  COMPANY_ORDER_MATRIX,
  companyObjects,
} from '../testing/company-authorization-table.ts';
import { client, expectProblem, urlFor } from '../testing/http.ts';
import { addQuote } from '../testing/quote-fixtures.ts';
import { asSessionUser } from '../testing/session-user.ts';
import { storeSnapshot } from '../testing/store-snapshot.ts';
import { addTerms } from '../testing/terms-fixtures.ts';
import { buildTestApp, TEST_ORIGIN, type TestContext, type TestUser } from '../testing/test-app.ts';
import {
  bookAddress,
  delivery,
  deliveryMethod,
  refundedOrderCreditNote,
  unansweredRefund,
} from '../testing/valid-requests.ts';

let t: TestContext;
let other: TestUser;
let admin: TestUser;
/** A customer with nothing of their own, for the access checks. */
let customer: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  other = await t.signUp({ name: 'Olive Other' });
  admin = await t.signUp({ role: 'Admin', name: 'Ada Admin' });
  customer = await t.signUp({ name: 'Cai Customer' });
});
afterAll(async () => {
  await t.close();
});

/** Fresh objects of a fresh customer for every request, so one request's effect never masks another's. */
let made = 0;

async function objects(): Promise<Objects> {
  made += 1;
  const owner = await t.signUp({ name: `Owner ${randomUUID().slice(0, 6)}` });
  const tool = await t.addTool({ quantity: 1000, minimumOrder: 10 });
  const place = async () => {
    const response = await client(t.app, owner).post(
      `/user?email=${encodeURIComponent(owner.email)}`,
      { toolId: tool.id, orderedNum: 10, ...delivery },
    );
    return OrderSchema.parse(response.json());
  };
  const unpaid = await place();
  const paid = await place();
  await t.markPaid(paid._id, `txn_${randomUUID()}`);
  const shipped = await place();
  await t.markPaid(shipped._id, `txn_${randomUUID()}`);
  await t.app.services.orders.ship(asSessionUser(admin), shipped._id, {
    status: 'shipped',
    noTracking: true,
  });
  const posted = await client(t.app, owner).post('/reviews', {
    review: 'The owner liked these tools.',
    rating: 5,
  });
  const review = { id: (posted.json() as { _id: string })._id };
  const cart = await client(t.app, owner).put('/cart', {
    lines: [{ toolId: tool.id, quantity: 10 }],
  });
  const { version: cartVersion } = CartSchema.parse(cart.json());
  // The others' carts hold nothing, whatever earlier requests put in them: a checkout by them
  // (at the owner's version) is of their own cart, and has nothing to order.
  for (const caller of [other, admin]) await client(t.app, caller).put('/cart', { lines: [] });
  const categoryRow = await t.addCategory();
  const category = { id: categoryRow.id, attributeId: (await t.addAttribute(categoryRow.id)).id };
  const someone = await t.addAccount();
  return {
    owner,
    tool,
    category,
    unpaid,
    paid,
    creditNote: await refundedOrderCreditNote(t, asSessionUser(admin, 'Admin'), place),
    unansweredRefund: await unansweredRefund(t, admin, place),
    shipped,
    someone,
    terms: await addTerms(t, someone.id),
    review,
    cartVersion,
    catalogueImport: await addImportProgress(t),
    list: await ownList(owner, tool.id),
    address: await t.app.services.addresses
      .create(asSessionUser(owner), bookAddress)
      .then((a) => ({ id: a._id })),
    requestedQuote: await addQuote(t, owner.id, tool, 'requested'),
    offeredQuote: await addQuote(t, owner.id, tool, 'offered'),
    deliveryMethod: await t.app.services.deliveryMethods
      .create(deliveryMethod, asSessionUser(admin))
      .then((method) => ({ id: method._id })),
    taxRate: await t.app.services.tax
      .createRate(
        {
          country: 'NZ',
          region: `Matrix ${randomUUID()}`,
          // A region's postcodes are its own: each set of objects claims others.
          postcodePrefixes: [String(made)],
          rate: 15,
        },
        asSessionUser(admin),
      )
      .then((rate) => ({ id: rate._id })),
    vatCompany: await t.db
      .insert(companies)
      .values({ name: 'Matrix VAT GmbH', vatNumber: 'DE123456789' })
      .returning({ id: companies.id })
      .then((rows) => ({ id: rows[0]?.id ?? '' })),
    taxExemption: await t.app.services.tax
      .setExemption(asSessionUser(admin, 'Admin'), { userId: someone.id, reference: 'Matrix' })
      .then((exemption) => ({ id: exemption._id })),
  };
}

/** A private saved list of `owner`'s, holding 10 of the tool. */
async function ownList(owner: TestUser, toolId: string) {
  const made = await t.app.services.savedLists.create(asSessionUser(owner), { name: 'Kit' });
  await t.app.services.savedLists.setLines(asSessionUser(owner), made._id, {
    lines: [{ toolId, quantity: 10 }],
  });
  return { id: made._id };
}

const key = (route: RouteDescriptor) => `${route.method} ${route.path}`;

/**
 * The objects a request is tried on: fresh ones, or the previous request's when that request was
 * refused or only read. Each such request proves (its test compares the store before and after)
 * that it changed nothing, so the next one finds the objects exactly as fresh ones would be; a
 * request that wrote makes the next one start afresh.
 */
function objectsKeptWhileUnchanged<T>(make: () => Promise<T>) {
  let kept: T | undefined;
  return {
    take: async (): Promise<T> => {
      const objects = kept ?? (await make());
      kept = undefined;
      return objects;
    },
    /** After a request that left the store as it was. */
    keep: (objects: T) => {
      kept = objects;
    },
  };
}

describe('the authorization matrix', () => {
  it('has an entry for every route of the contract, and no other', () => {
    expect([...Object.keys(MATRIX), ...Object.keys(COMPANY_MATRIX)].sort()).toEqual(
      allRoutes().map(key).sort(),
    );
  });

  const routes = allRoutes().filter((route) => MATRIX[key(route)] !== undefined);
  const fresh = objectsKeptWhileUnchanged(objects);
  describe.each(routes.map((route) => [key(route), route] as const))('%s', (name, route) => {
    it.each(ROLES)('as %s', async (role) => {
      const entry = MATRIX[name];
      if (!entry) throw new Error(`no matrix entry for ${name}`);
      const o = await fresh.take();
      const caller = { visitor: undefined, owner: o.owner, other, admin }[role];
      const { url, body, form } = entry.request(o);
      const before = await storeSnapshot(t);
      const response = await t.app.inject({
        method: route.method,
        url,
        headers: {
          origin: TEST_ORIGIN,
          ...form?.headers,
          ...(caller ? { cookie: caller.cookie } : {}),
        },
        ...(form ? { payload: form.payload } : {}),
        ...(body === undefined ? {} : { payload: body as object }),
      });
      expect(response.statusCode, response.body).toBe(entry.expect[role]);
      if (response.statusCode >= 400) {
        expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      }
      if (response.statusCode >= 400 || entry.storesNothing) {
        expect(await storeSnapshot(t)).toEqual(before);
        fresh.keep(o);
      }
      // Another customer never sees the owner's data, even in an error.
      if (role === 'other') expect(response.body).not.toContain(o.owner.email);
    });
  });
});

describe('the authorization matrix of a company', () => {
  const entries = Object.entries({ ...COMPANY_MATRIX, ...COMPANY_ORDER_MATRIX });
  const fresh = objectsKeptWhileUnchanged(() => companyObjects(t));
  describe.each(entries)('%s', (name, entry) => {
    it.each(COMPANY_CALLERS)('as %s', async (role) => {
      const [method = 'GET'] = name.split(' ');
      const o = await fresh.take();
      const caller = role === 'visitor' ? undefined : o.people[role];
      const { url, body } = entry.request(o);
      const before = await storeSnapshot(t);
      const response = await t.app.inject({
        method: method as InjectOptions['method'],
        url,
        headers: { origin: TEST_ORIGIN, ...(caller ? { cookie: caller.cookie } : {}) },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      expect(response.statusCode, response.body).toBe(entry.expect[role]);
      if (response.statusCode >= 400) {
        expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      }
      if (response.statusCode >= 400 || entry.storesNothing) {
        expect(await storeSnapshot(t)).toEqual(before);
        fresh.keep(o);
      }
      // Another company's members and people in none (but the invited loner, once they accept)
      // never see this company's orders or people.
      const isInvited = role === 'loner' && name.includes('/company-invitations/');
      if ((role === 'otherMember' || role === 'loner') && !isInvited) {
        expect(response.body).not.toContain(o.order._id);
        expect(response.body).not.toContain(o.people.viewer.email);
      }
    });
  });
});

describe('access from the contract', () => {
  it.each(allRoutes().map((route) => [key(route), route] as const))(
    '%s: visitors, customers and admins get what its access allows',
    async (_name, route) => {
      const request = (caller?: TestUser): InjectOptions => ({
        method: route.method,
        url: urlFor(route, { email: caller?.email ?? customer.email }),
        headers: caller ? caller.headers : { origin: TEST_ORIGIN },
        ...(route.body ? { payload: {} } : {}),
      });
      const asVisitor = await t.app.inject(request());
      const asCustomer = await t.app.inject(request(customer));
      const asAdmin = await t.app.inject(request(admin));
      if (route.access === 'public') {
        expect([asVisitor, asCustomer, asAdmin].map((r) => r.statusCode)).not.toContain(401);
        expect([asVisitor, asCustomer, asAdmin].map((r) => r.statusCode)).not.toContain(403);
        return;
      }
      expectProblem(asVisitor, 401, 'unauthenticated');
      if (route.access === 'admin') expectProblem(asCustomer, 403, 'forbidden');
      else expect(asCustomer.statusCode).not.toBe(401);
      expect([401, 403]).not.toContain(asAdmin.statusCode);
    },
  );
});
