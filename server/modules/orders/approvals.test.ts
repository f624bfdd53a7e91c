import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_WINDOW_HOURS } from '../../../contract/approvals.ts';
import { type Order, OrderSchema } from '../../../contract/orders.ts';
import { auditLog, companies, companyMembers, orders, tools } from '../../db/schema.ts';
import { card } from '../../testing/billing-test-app.ts';
import { client, expectProblem } from '../../testing/http.ts';
import { storeSnapshot } from '../../testing/store-snapshot.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';
import { bookAddress, delivery } from '../../testing/valid-requests.ts';

/**
 * Spending limits and approvals (decision 052): an order above a buyer's or the company's limits
 * waits for the company's owner or an approver, holding its stock; approval lets it be paid,
 * rejection returns its stock; either is emailed and audited.
 */

let t: TestContext;
let owner: TestUser;
let buyer: TestUser;
let approver: TestUser;
let viewer: TestUser;
let outsider: TestUser;
let admin: TestUser;
let companyId: string;

async function join(
  user: TestUser,
  role: 'owner' | 'buyer' | 'approver' | 'viewer',
  company: string,
  limits: { orderLimit?: number; monthlyLimit?: number } = {},
) {
  await t.db
    .insert(companyMembers)
    .values({ userId: user.id, companyId: company, role, ...limits });
}

beforeAll(async () => {
  t = await buildTestApp();
  const [company] = await t.db
    .insert(companies)
    .values({
      name: 'Harbour Builders Ltd',
      vatNumber: 'GB123456789',
      billingAddress: '1 Quay Street\nBristol',
    })
    .returning();
  companyId = company?.id ?? '';
  owner = await t.signUp({ name: 'Olive Owner' });
  buyer = await t.signUp({ name: 'Bram Buyer' });
  approver = await t.signUp({ name: 'Ava Approver' });
  viewer = await t.signUp({ name: 'Vic Viewer' });
  outsider = await t.signUp({ name: 'Otto Outsider' });
  admin = await t.signUp({ name: 'Ada Admin', role: 'Admin' });
  await join(owner, 'owner', companyId);
  await join(buyer, 'buyer', companyId, { orderLimit: 10_000, monthlyLimit: 25_000 });
  await join(approver, 'approver', companyId);
  await join(viewer, 'viewer', companyId);
  const [other] = await t.db.insert(companies).values({ name: 'Other Co' }).returning();
  await join(outsider, 'owner', other?.id ?? '');
});
afterAll(async () => {
  await t.close();
});

async function order(as: TestUser, toolId: string, quantity: number) {
  return client(t.app, as).post('/orders', { lines: [{ toolId, quantity }], ...delivery });
}

async function placed(as: TestUser, toolId: string, quantity: number): Promise<Order> {
  const response = await order(as, toolId, quantity);
  expect(response.statusCode, response.body).toBe(201);
  return OrderSchema.parse(response.json());
}

const stockOf = async (id: string) =>
  (await t.db.select({ quantity: tools.quantity }).from(tools).where(eq(tools.id, id)))[0]
    ?.quantity;

/** Starts the month afresh for the company: its orders so far are moved to last month. */
async function newMonth() {
  await t.db
    .update(orders)
    .set({ createdAt: sql`date_trunc('month', now(), 'UTC') - interval '1 day'` })
    .where(eq(orders.companyId, companyId));
}

describe('limits', () => {
  it('places an order within the limits as today, with the company’s details copied onto it', async () => {
    await newMonth();
    const tool = await t.addTool({ price: 1_000, quantity: 100, minimumOrder: 1 });
    const within = await placed(buyer, tool.id, 5);
    expect(within).toMatchObject({
      status: 'unpaid',
      companyId,
      companyName: 'Harbour Builders Ltd',
      vatNumber: 'GB123456789',
      billingAddress: '1 Quay Street\nBristol',
      approval: null,
    });
    // It never waited, so there is nothing to approve: said so, not that it is approved.
    const problem = expectProblem(
      await client(t.app, approver).post(`/orders/${within._id}/approve`),
      409,
      'order_not_awaiting_approval',
    );
    expect(problem.detail).toBe(
      "This order does not wait for approval: it was placed within the company's limits.",
    );
  });

  it('holds an order above the buyer’s limit per order for approval, its stock taken, the approvers emailed', async () => {
    await newMonth();
    const tool = await t.addTool({
      name: 'Approval Drill',
      price: 1_000,
      quantity: 100,
      minimumOrder: 1,
    });
    const before = t.sentMail.length;
    const waiting = await placed(buyer, tool.id, 11);
    expect(waiting).toMatchObject({
      status: 'awaiting_approval',
      totalAmount: 11_000,
      approval: { reason: 'order_limit', approvedAt: null, rejectedAt: null },
    });
    expect(await stockOf(tool.id)).toBe(89);
    // It waits the approval window (a weekend), not the 24-hour payment window (decision 060).
    expect(Date.parse(waiting.paymentDueAt) - Date.now()).toBeGreaterThan(
      (APPROVAL_WINDOW_HOURS - 1) * 3_600_000,
    );
    await t.app.mailer.drain();
    const mail = t.sentMail.slice(before);
    const subjects = mail.filter((m) => m.to === buyer.email).map((m) => m.subject);
    expect(subjects).toContain(`Order ${waiting.number} waits for approval`);
    expect(subjects).not.toContain(`Order ${waiting.number} received`);
    const requests = mail.filter(
      (m) => m.subject === `Order ${waiting.number} by Bram Buyer needs your approval`,
    );
    expect(requests.map((m) => m.to).sort()).toEqual([approver.email, owner.email].sort());
    expect(requests[0]?.text).toContain("above the buyer's limit of $100.00 per order");
    // Not payable while it waits.
    expectProblem(
      await client(t.app, buyer).post(`/payment/${waiting._id}`, card),
      409,
      'order_not_payable',
    );
  });

  it('says in the emails of an order waiting for approval how it is taxed, as its invoice will', async () => {
    await newMonth();
    const rate = await client(t.app, admin).post('/tax-rates', { country: 'DE', rate: 19 });
    expect(rate.statusCode, rate.body).toBe(201);
    const address = await client(t.app, buyer).post('/addresses', {
      ...bookAddress,
      postcode: '10115',
      city: 'Berlin',
      country: 'DE',
    });
    expect(address.statusCode, address.body).toBe(201);
    const tool = await t.addTool({ price: 1_000, quantity: 100, minimumOrder: 1 });
    const before = t.sentMail.length;
    const response = await client(t.app, buyer).post('/orders', {
      lines: [{ toolId: tool.id, quantity: 11 }],
      addressId: address.json()._id,
    });
    expect(response.statusCode, response.body).toBe(201);
    const waiting = OrderSchema.parse(response.json());
    expect(waiting.status).toBe('awaiting_approval');
    await t.app.mailer.drain();
    const mail = t.sentMail.slice(before);
    const toBuyer = mail.find((m) => m.subject === `Order ${waiting.number} waits for approval`);
    const toApprovers = mail.filter((m) => m.subject.endsWith('needs your approval'));
    expect(toApprovers).toHaveLength(2);
    for (const each of [toBuyer, ...toApprovers])
      expect(each?.text).toContain('Prices include tax at 19% (Germany).');

    // Approved: the email asking for the payment says it too.
    const approved = await client(t.app, approver).post(`/orders/${waiting._id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    await t.app.mailer.drain();
    const approvedMail = t.sentMail.find(
      (m) => m.subject === `Order ${waiting.number} was approved`,
    );
    expect(approvedMail?.text).toContain('Prices include tax at 19% (Germany).');
  });

  it('says in the confirmation of an order within every limit how it is taxed', async () => {
    await newMonth();
    // Germany's rate, made here unless the test before made it.
    const rate = await client(t.app, admin).post('/tax-rates', { country: 'DE', rate: 19 });
    expect([201, 409], rate.body).toContain(rate.statusCode);
    const address = await client(t.app, buyer).post('/addresses', {
      ...bookAddress,
      label: 'Munich yard',
      postcode: '80331',
      city: 'München',
      country: 'DE',
    });
    expect(address.statusCode, address.body).toBe(201);
    const tool = await t.addTool({ price: 100, quantity: 100, minimumOrder: 1 });
    const response = await client(t.app, buyer).post('/orders', {
      lines: [{ toolId: tool.id, quantity: 1 }],
      addressId: address.json()._id,
    });
    expect(response.statusCode, response.body).toBe(201);
    const order = OrderSchema.parse(response.json());
    expect(order.status).toBe('unpaid');
    await t.app.mailer.drain();
    const confirmation = t.sentMail.find((m) => m.subject === `Order ${order.number} received`);
    expect(confirmation?.text).toContain('Prices include tax at 19% (Germany).');
  });

  it('counts the month’s orders against the monthly limit, but not cancelled or rejected ones', async () => {
    await newMonth();
    const tool = await t.addTool({ price: 1_000, quantity: 1_000, minimumOrder: 1 });
    const first = await placed(buyer, tool.id, 10);
    const second = await placed(buyer, tool.id, 10);
    expect([first.status, second.status]).toEqual(['unpaid', 'unpaid']);
    // 20,000 spent; 6,000 more passes the 25,000 a month.
    const third = await placed(buyer, tool.id, 6);
    expect(third.approval?.reason).toBe('monthly_limit');
    // Cancelled orders do not count: with the first cancelled, 5,000 more fits.
    expect((await client(t.app, buyer).delete(`/user/${first._id}`)).statusCode).toBe(200);
    const fourth = await placed(buyer, tool.id, 5);
    expect(fourth.status).toBe('unpaid');
  });

  it('holds orders that pass the company’s monthly budget, but never the owner’s', async () => {
    await newMonth();
    await t.db.update(companies).set({ monthlyLimit: 15_000 }).where(eq(companies.id, companyId));
    try {
      const tool = await t.addTool({ price: 1_000, quantity: 1_000, minimumOrder: 1 });
      const byOwner = await placed(owner, tool.id, 14);
      expect(byOwner.status).toBe('unpaid');
      const byBuyer = await placed(buyer, tool.id, 2);
      expect(byBuyer.approval?.reason).toBe('company_budget');
    } finally {
      await t.db.update(companies).set({ monthlyLimit: null }).where(eq(companies.id, companyId));
    }
  });

  it('refuses orders from approvers and viewers, who see orders but do not place them', async () => {
    const tool = await t.addTool({ quantity: 100, minimumOrder: 1 });
    for (const who of [approver, viewer]) {
      const refused = expectProblem(await order(who, tool.id, 1), 403, 'role_cannot_order');
      expect(refused.detail).toMatch(/Ask its owner to make you a buyer/);
    }
    expect(await stockOf(tool.id)).toBe(100);
  });
});

describe('approving and rejecting', () => {
  async function waitingOrder(quantity = 12) {
    await newMonth();
    const tool = await t.addTool({ price: 1_000, quantity: 100, minimumOrder: 1 });
    return { tool, order: await placed(buyer, tool.id, quantity) };
  }

  it('lets the owner or an approver approve: the order can then be paid, with a fresh window', async () => {
    const { order: waiting } = await waitingOrder();
    await t.db
      .update(orders)
      .set({ paymentDueAt: sql`now() + interval '1 minute'` })
      .where(eq(orders.id, waiting._id));
    const before = t.sentMail.length;
    const response = await client(t.app, approver).post(`/orders/${waiting._id}/approve`);
    expect(response.statusCode, response.body).toBe(200);
    const approved = OrderSchema.parse(response.json());
    expect(approved).toMatchObject({
      status: 'unpaid',
      approval: {
        reason: 'order_limit',
        approvedBy: 'Ava Approver',
        approvedAt: expect.any(String),
      },
    });
    expect(new Date(approved.paymentDueAt).getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);
    await t.app.mailer.drain();
    expect(t.sentMail.slice(before).map((m) => `${m.to} ${m.subject}`)).toContain(
      `${buyer.email} Order ${waiting.number} was approved`,
    );
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, waiting._id));
    expect(entry).toMatchObject({ action: 'order.approved', actorId: approver.id });
    // Twice: the second finds it decided.
    expectProblem(
      await client(t.app, owner).post(`/orders/${waiting._id}/approve`),
      409,
      'order_not_awaiting_approval',
    );
    const paid = await client(t.app, buyer).post(`/payment/${waiting._id}`, card);
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it('refuses to approve the order of a buyer who left the company, which may still be rejected', async () => {
    const leaver = await t.signUp({ name: 'Lee Leaver' });
    await join(leaver, 'buyer', companyId, { orderLimit: 10_000 });
    await newMonth();
    const tool = await t.addTool({ price: 1_000, quantity: 100, minimumOrder: 1 });
    const waiting = await placed(leaver, tool.id, 12);
    expect(waiting.status).toBe('awaiting_approval');
    await t.db.delete(companyMembers).where(eq(companyMembers.userId, leaver.id));
    const before = await storeSnapshot(t);
    expectProblem(
      await client(t.app, approver).post(`/orders/${waiting._id}/approve`),
      409,
      'buyer_left_company',
    );
    expect(await storeSnapshot(t)).toEqual(before);
    const rejected = await client(t.app, approver).post(`/orders/${waiting._id}/reject`, {
      reason: 'Lee has left us.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
  });

  it('rejects with a reason: the stock returns and the buyer reads why', async () => {
    const { tool, order: waiting } = await waitingOrder(30);
    expect(await stockOf(tool.id)).toBe(70);
    const before = t.sentMail.length;
    const response = await client(t.app, owner).post(`/orders/${waiting._id}/reject`, {
      reason: 'Order the cordless ones instead.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(OrderSchema.parse(response.json())).toMatchObject({
      status: 'rejected',
      approval: { rejectedBy: 'Olive Owner', rejectionReason: 'Order the cordless ones instead.' },
    });
    expect(await stockOf(tool.id)).toBe(100);
    await t.app.mailer.drain();
    const notice = t.sentMail
      .slice(before)
      .find((m) => m.to === buyer.email && m.subject === `Order ${waiting.number} was rejected`);
    expect(notice?.text).toContain('Their reason: Order the cordless ones instead.');
    expectProblem(
      await client(t.app, approver).post(`/orders/${waiting._id}/approve`),
      409,
      'order_not_awaiting_approval',
    );
    expectProblem(
      await client(t.app, buyer).post(`/payment/${waiting._id}`, card),
      409,
      'order_not_payable',
    );
  });

  it('refuses a reason that is empty or too long, changing nothing', async () => {
    const { order: waiting } = await waitingOrder();
    for (const body of [
      {},
      { reason: '' },
      { reason: 'x'.repeat(501) },
      { reason: 'ok', extra: 1 },
    ]) {
      expectProblem(
        await client(t.app, owner).post(`/orders/${waiting._id}/reject`, body),
        400,
        'validation_failed',
      );
    }
    const [row] = await t.db.select().from(orders).where(eq(orders.id, waiting._id));
    expect(row?.status).toBe('awaiting_approval');
  });

  it('lets nobody else decide: the buyer, a viewer, another company, an admin, a visitor', async () => {
    const { order: waiting } = await waitingOrder();
    for (const who of [buyer, viewer, outsider, admin]) {
      const response = await client(t.app, who).post(`/orders/${waiting._id}/approve`);
      expectProblem(response, 403, 'forbidden');
      const rejecting = await client(t.app, who).post(`/orders/${waiting._id}/reject`, {
        reason: 'No.',
      });
      expectProblem(rejecting, 403, 'forbidden');
    }
    expect((await client(t.app).post(`/orders/${waiting._id}/approve`)).statusCode).toBe(401);
    // An approver removed from the company no longer decides, at once.
    await t.db.delete(companyMembers).where(eq(companyMembers.userId, approver.id));
    try {
      expectProblem(
        await client(t.app, approver).post(`/orders/${waiting._id}/approve`),
        403,
        'forbidden',
      );
    } finally {
      await join(approver, 'approver', companyId);
    }
    const [row] = await t.db.select().from(orders).where(eq(orders.id, waiting._id));
    expect(row?.status).toBe('awaiting_approval');
  });

  it('lets the buyer cancel an order that waits, and the payment window cancel one never approved', async () => {
    const { tool, order: mine } = await waitingOrder(20);
    expect((await client(t.app, buyer).delete(`/user/${mine._id}`)).statusCode).toBe(200);
    expect(await stockOf(tool.id)).toBe(100);
    const { tool: late, order: forgotten } = await waitingOrder(25);
    await t.db
      .update(orders)
      .set({ paymentDueAt: sql`now() - interval '1 minute'` })
      .where(eq(orders.id, forgotten._id));
    const before = t.sentMail.length;
    const cancelled = await t.app.services.orders.cancelOverdue();
    expect(cancelled.map((o) => o._id)).toContain(forgotten._id);
    expect(await stockOf(late.id)).toBe(100);
    await t.app.mailer.drain();
    const notice = t.sentMail
      .slice(before)
      .find((m) => m.subject === `Order ${forgotten.number} was cancelled`);
    expect(notice?.to).toBe(buyer.email);
    expect(notice?.text).toContain(`Order ${forgotten.number} was not approved in time`);
    expectProblem(
      await client(t.app, approver).post(`/orders/${forgotten._id}/approve`),
      409,
      'order_not_awaiting_approval',
    );
  });
});
