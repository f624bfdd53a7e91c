import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuoteSummary } from '../../../contract/quote-schemas.ts';
import { companyMembers } from '../../db/schema.ts';
import { client } from '../../testing/http.ts';
import { addCompany } from '../../testing/quote-companies.ts';
import { addQuote } from '../../testing/quote-fixtures.ts';
import { storeSnapshot } from '../../testing/store-snapshot.ts';
import {
  buildTestApp,
  TEST_ORIGIN,
  type TestContext,
  type TestUser,
} from '../../testing/test-app.ts';
import { delivery } from '../../testing/valid-requests.ts';

/**
 * Who may do what with a company's quote, every quote route by every kind of caller: the buyer who
 * asked, the company's owner, another buyer of it, its approver and viewer, the owner of another
 * company, a customer without one, an admin and a visitor. A refusal changes nothing.
 */

const CALLERS = [
  'asker',
  'owner',
  'buyer',
  'approver',
  'viewer',
  'otherCompany',
  'loner',
  'admin',
  'visitor',
] as const;
type Caller = (typeof CALLERS)[number];

let t: TestContext;
let people: Record<Exclude<Caller, 'visitor'>, TestUser>;
let companyId: string;
beforeAll(async () => {
  t = await buildTestApp();
  const crew = await addCompany(t, 'Harbour Builders', ['owner', 'buyer', 'approver', 'viewer']);
  companyId = crew.id;
  const asker = await t.signUp({ name: 'Asking Buyer' });
  await t.db.insert(companyMembers).values({ userId: asker.id, companyId, role: 'buyer' });
  const rival = await addCompany(t, 'Rival Works', ['owner']);
  people = {
    asker,
    owner: crew.members.owner,
    buyer: crew.members.buyer,
    approver: crew.members.approver,
    viewer: crew.members.viewer,
    otherCompany: rival.members.owner,
    loner: await t.signUp({ name: 'Lone Customer' }),
    admin: await t.signUp({ role: 'Admin', name: 'Store Admin' }),
  };
});
afterAll(async () => {
  await t.close();
});

const ACT: Record<Caller, number> = {
  asker: 200,
  owner: 200,
  buyer: 403,
  approver: 403,
  viewer: 403,
  otherCompany: 403,
  loner: 403,
  admin: 403,
  visitor: 401,
};
const READ: Record<Caller, number> = { ...ACT, approver: 200, viewer: 200, admin: 200 };
const STORE: Record<Caller, number> = {
  ...Object.fromEntries(CALLERS.map((caller) => [caller, 403])),
  admin: 200,
  visitor: 401,
} as Record<Caller, number>;
const created = (expected: Record<Caller, number>) =>
  Object.fromEntries(
    Object.entries(expected).map(([caller, status]) => [caller, status === 200 ? 201 : status]),
  ) as Record<Caller, number>;
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

interface Entry {
  method: 'GET' | 'POST';
  /** On a quote asked for (`requested`) or offered. */
  on: 'requested' | 'offered';
  url: (id: string) => string;
  body?: unknown;
  expect: Record<Caller, number>;
}

const ROUTES: Record<string, Entry> = {
  'GET /quotes/:id': {
    method: 'GET',
    on: 'requested',
    url: (id) => `/api/quotes/${id}`,
    expect: READ,
  },
  'POST /quotes/:id/messages': {
    method: 'POST',
    on: 'requested',
    url: (id) => `/api/quotes/${id}/messages`,
    body: { body: 'By Friday?' },
    expect: created(ACT),
  },
  'POST /quotes/:id/withdraw': {
    method: 'POST',
    on: 'requested',
    url: (id) => `/api/quotes/${id}/withdraw`,
    expect: ACT,
  },
  'POST /quotes/:id/accept': {
    method: 'POST',
    on: 'offered',
    url: (id) => `/api/quotes/${id}/accept`,
    body: delivery,
    expect: ACT,
  },
  'POST /quotes/:id/decline': {
    method: 'POST',
    on: 'offered',
    url: (id) => `/api/quotes/${id}/decline`,
    expect: ACT,
  },
  'GET /quote-requests/:id': {
    method: 'GET',
    on: 'requested',
    url: (id) => `/api/quote-requests/${id}`,
    expect: STORE,
  },
  'POST /quote-requests/:id/offer': {
    method: 'POST',
    on: 'requested',
    url: (id) => `/api/quote-requests/${id}/offer`,
    body: { lines: [{ position: 1, offeredUnitPrice: 900 }], validUntil: inAWeek() },
    expect: STORE,
  },
  'POST /quote-requests/:id/refuse': {
    method: 'POST',
    on: 'requested',
    url: (id) => `/api/quote-requests/${id}/refuse`,
    body: { reason: 'Not this one.' },
    expect: STORE,
  },
  'POST /quote-requests/:id/messages': {
    method: 'POST',
    on: 'requested',
    url: (id) => `/api/quote-requests/${id}/messages`,
    body: { body: 'We can.' },
    expect: created(STORE),
  },
};

const headersOf = (caller: Caller) =>
  caller === 'visitor' ? { origin: TEST_ORIGIN } : people[caller].headers;

describe('a company’s quote, by every kind of caller', () => {
  describe.each(Object.entries(ROUTES))('%s', (_name, entry) => {
    it.each(CALLERS)('as %s', async (caller) => {
      const tool = await t.addTool({ quantity: 1000, minimumOrder: 10 });
      const quote = await addQuote(t, people.asker.id, tool, entry.on, 10, companyId);
      const before = await storeSnapshot(t);
      const response = await t.app.inject({
        method: entry.method,
        url: entry.url(quote.id),
        headers: headersOf(caller),
        ...(entry.body === undefined ? {} : { payload: entry.body as object }),
      });
      expect(response.statusCode, response.body).toBe(entry.expect[caller]);
      if (response.statusCode >= 400) {
        expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(await storeSnapshot(t)).toEqual(before);
        // Nothing of the quote leaks in a refusal.
        expect(response.body).not.toContain(people.asker.email);
      }
    });
  });

  it('lists it for the asker, the owner, the approver and the viewer, never for another buyer, another company or a customer without one', async () => {
    const tool = await t.addTool();
    const quote = await addQuote(t, people.asker.id, tool, 'requested', 10, companyId);
    const listed = async (caller: Exclude<Caller, 'visitor'>) =>
      ((await client(t.app, people[caller]).get('/quotes?limit=100')).json() as QuoteSummary[]).map(
        (q) => q._id,
      );
    for (const reader of ['asker', 'owner', 'approver', 'viewer'] as const) {
      expect(await listed(reader), reader).toContain(quote.id);
    }
    for (const outsider of ['buyer', 'otherCompany', 'loner', 'admin'] as const) {
      expect(await listed(outsider), outsider).not.toContain(quote.id);
    }
    const visitor = await t.app.inject({ url: '/api/quotes', headers: { origin: TEST_ORIGIN } });
    expect(visitor.statusCode).toBe(401);
  });

  it('holds a member to a change of role or a removal at once', async () => {
    const tool = await t.addTool();
    const quote = await addQuote(t, people.asker.id, tool, 'requested', 10, companyId);
    const reader = await t.signUp({ name: `Moving Viewer ${randomUUID().slice(0, 4)}` });
    await t.db.insert(companyMembers).values({ userId: reader.id, companyId, role: 'viewer' });
    const read = () => client(t.app, reader).get(`/quotes/${quote.id}`);
    expect((await read()).statusCode).toBe(200);
    await t.db
      .update(companyMembers)
      .set({ role: 'buyer' })
      .where(eq(companyMembers.userId, reader.id));
    expect((await read()).statusCode).toBe(403);
    await t.db
      .update(companyMembers)
      .set({ role: 'owner' })
      .where(eq(companyMembers.userId, reader.id));
    const asOwner = await client(t.app, reader).post(`/quotes/${quote.id}/messages`, {
      body: 'The new owner here.',
    });
    expect(asOwner.statusCode).toBe(201);
    await t.db.delete(companyMembers).where(eq(companyMembers.userId, reader.id));
    expect((await read()).statusCode).toBe(403);
  });

  it('lets the buyer who asked answer only while they still buy for the company', async () => {
    const tool = await t.addTool({ quantity: 1000, minimumOrder: 10 });
    const leaver = await t.signUp({ name: `Leaving Buyer ${randomUUID().slice(0, 4)}` });
    await t.db.insert(companyMembers).values({ userId: leaver.id, companyId, role: 'buyer' });
    const theirs = await addQuote(t, leaver.id, tool, 'offered', 10, companyId);
    await t.db.delete(companyMembers).where(eq(companyMembers.userId, leaver.id));
    // Still theirs to read, no longer theirs to accept at the company's price.
    expect((await client(t.app, leaver).get(`/quotes/${theirs.id}`)).statusCode).toBe(200);
    const before = await storeSnapshot(t);
    const accepted = await client(t.app, leaver).post(`/quotes/${theirs.id}/accept`, delivery);
    expect(accepted.statusCode, accepted.body).toBe(403);
    expect(await storeSnapshot(t)).toEqual(before);
  });
});
