import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type Order, OrderSchema } from '../../contract/orders.ts';
import { orders } from '../db/schema.ts';
import { addCompany, invitationToken, type TestCompany } from './companies.ts';
import { client } from './http.ts';
import type { TestContext, TestUser } from './test-app.ts';
import { delivery } from './valid-requests.ts';

/**
 * Who may do what in a company: the company's routes, and the order routes a company's members
 * read, for each role a person can have towards one company (server/http/authorization-matrix.test.ts
 * walks it).
 */

export type CompanyCaller =
  | 'visitor'
  | 'owner'
  | 'buyer'
  | 'approver'
  | 'viewer'
  /** A buyer of another company. */
  | 'otherMember'
  /** A customer in no company. */
  | 'loner'
  | 'admin';
export const COMPANY_CALLERS: CompanyCaller[] = [
  'visitor',
  'owner',
  'buyer',
  'approver',
  'viewer',
  'otherMember',
  'loner',
  'admin',
];

export interface CompanyObjects {
  people: Record<Exclude<CompanyCaller, 'visitor'>, TestUser>;
  company: TestCompany;
  /** A paid order the buyer placed for the company. */
  order: Order;
  /** An open invitation of the company, sent to the loner. */
  invitation: { id: string; token: string };
}

interface CompanyEntry {
  request: (o: CompanyObjects) => { url: string; body?: unknown };
  expect: Record<CompanyCaller, number>;
  storesNothing?: true;
}

/** Fresh people, a fresh company and its order for every request. */
export async function companyObjects(t: TestContext): Promise<CompanyObjects> {
  const [owner, buyer, approver, viewer, otherMember, otherOwner, loner, admin] = await Promise.all(
    Array.from({ length: 8 }, (_, i) => t.signUp(i === 7 ? { role: 'Admin' } : {})),
  );
  if (!owner || !buyer || !approver || !viewer || !otherMember || !otherOwner || !loner || !admin) {
    throw new Error('sign-ups failed');
  }
  const company = await addCompany(t, owner, [
    { user: buyer, role: 'buyer' },
    { user: approver, role: 'approver' },
    { user: viewer, role: 'viewer' },
  ]);
  await addCompany(t, otherOwner, [{ user: otherMember, role: 'buyer' }]);
  const tool = await t.addTool({ quantity: 1000, minimumOrder: 10 });
  const placed = await client(t.app, buyer).post('/orders', {
    lines: [{ toolId: tool.id, quantity: 10 }],
    ...delivery,
  });
  const order = OrderSchema.parse(placed.json());
  // Placement copies the company; written here too, so that this table holds on its own.
  await t.db.update(orders).set({ companyId: company.id }).where(eq(orders.id, order._id));
  await t.markPaid(order._id, `txn_${randomUUID()}`);
  const sent = t.sentMail.length;
  const invited = await client(t.app, owner).post('/companies/mine/invitations', {
    email: loner.email,
    role: 'viewer',
  });
  const id = (invited.json() as { _id: string })._id;
  const mail = await waitForMail(t, sent, loner.email);
  return {
    people: { owner, buyer, approver, viewer, otherMember, loner, admin },
    company,
    order,
    invitation: { id, token: invitationToken(mail.text) },
  };
}

async function waitForMail(t: TestContext, after: number, to: string) {
  for (let tries = 0; tries < 100; tries += 1) {
    const mail = t.sentMail.slice(after).find((m) => m.to === to);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${to}`);
}

const expectFor = (
  statuses: Partial<Record<CompanyCaller, number>> & { rest: number },
): Record<CompanyCaller, number> => {
  const { rest, ...given } = statuses;
  return Object.fromEntries(
    COMPANY_CALLERS.map((caller) => [caller, caller === 'visitor' ? 401 : (given[caller] ?? rest)]),
  ) as Record<CompanyCaller, number>;
};

/** An owner's call: others in the company and members of another get 403, the rest 404. */
const ownersOnly = (status: number) =>
  expectFor({ owner: status, buyer: 403, approver: 403, viewer: 403, otherMember: 403, rest: 404 });
/** The company's readers and its buyer (their own order), admins; never another company. */
const companyReaders = expectFor({
  owner: 200,
  buyer: 200,
  approver: 200,
  viewer: 200,
  admin: 200,
  rest: 403,
});

export const COMPANY_MATRIX: Record<string, CompanyEntry> = {
  'POST /companies': {
    request: () => ({ url: '/api/companies', body: { name: 'Matrix Builders' } }),
    // A person belongs to at most one company.
    expect: expectFor({ loner: 201, admin: 201, rest: 409 }),
  },
  'GET /companies/mine': {
    request: () => ({ url: '/api/companies/mine' }),
    expect: expectFor({ rest: 200 }),
    storesNothing: true,
  },
  'GET /companies/mine/members': {
    request: () => ({ url: '/api/companies/mine/members' }),
    // Each member reads their own company's members; people in none, nothing.
    expect: expectFor({ loner: 404, admin: 404, rest: 200 }),
    storesNothing: true,
  },
  'GET /companies/mine/invitations': {
    request: () => ({ url: '/api/companies/mine/invitations' }),
    expect: ownersOnly(200),
    storesNothing: true,
  },
  'PATCH /companies/mine': {
    request: () => ({ url: '/api/companies/mine', body: { monthlyLimit: 100_000 } }),
    expect: ownersOnly(200),
  },
  'POST /companies/mine/invitations': {
    request: () => ({
      url: '/api/companies/mine/invitations',
      body: { email: `matrix-${randomUUID().slice(0, 8)}@example.com`, role: 'buyer' },
    }),
    expect: ownersOnly(201),
  },
  'DELETE /companies/mine/invitations/:id': {
    request: (o) => ({ url: `/api/companies/mine/invitations/${o.invitation.id}` }),
    expect: ownersOnly(200),
  },
  'PATCH /companies/mine/members/:userId': {
    request: (o) => ({
      url: `/api/companies/mine/members/${o.people.viewer.id}`,
      body: { orderLimit: 10_000 },
    }),
    expect: ownersOnly(200),
  },
  'DELETE /companies/mine/members/:userId': {
    request: (o) => ({ url: `/api/companies/mine/members/${o.people.viewer.id}` }),
    expect: ownersOnly(200),
  },
  'POST /companies/mine/leave': {
    request: () => ({ url: '/api/companies/mine/leave' }),
    // The only owner stays; a member of another company leaves theirs, never this one.
    expect: expectFor({ owner: 409, loner: 404, admin: 404, rest: 200 }),
  },
  'GET /companies/mine/orders': {
    request: () => ({ url: '/api/companies/mine/orders' }),
    // Each sees their own company's (a buyer their own orders in it); people in none, nothing.
    expect: expectFor({ loner: 404, admin: 404, rest: 200 }),
    storesNothing: true,
  },
  'POST /company-invitations/open': {
    request: (o) => ({ url: '/api/company-invitations/open', body: { token: o.invitation.token } }),
    expect: expectFor({ loner: 200, rest: 403 }),
    storesNothing: true,
  },
  'POST /company-invitations/accept': {
    request: (o) => ({
      url: '/api/company-invitations/accept',
      body: { token: o.invitation.token },
    }),
    expect: expectFor({ loner: 200, rest: 403 }),
  },
  'GET /companies': {
    request: () => ({ url: '/api/companies' }),
    expect: expectFor({ admin: 200, rest: 403 }),
    storesNothing: true,
  },
};

/** Order routes as the company's members and strangers see them. */
export const COMPANY_ORDER_MATRIX: Record<string, CompanyEntry> = {
  'GET /orders/:id': {
    request: (o) => ({ url: `/api/orders/${o.order._id}` }),
    expect: companyReaders,
    storesNothing: true,
  },
  'GET /orders/:id/invoice.pdf': {
    request: (o) => ({ url: `/api/orders/${o.order._id}/invoice.pdf` }),
    expect: companyReaders,
    storesNothing: true,
  },
  'GET /orderlist': {
    request: (o) => ({ url: `/api/orderlist?company=${o.company.id}` }),
    expect: expectFor({ admin: 200, rest: 403 }),
    storesNothing: true,
  },
};
