import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Order, OrderSchema } from '../../../contract/orders.ts';
import { companyMembers, orders } from '../../db/schema.ts';
import { addCompany } from '../../testing/companies.ts';
import { client, expectProblem } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';
import { delivery } from '../../testing/valid-requests.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** An order `buyer` places, written as placed for `companyId` (placement copies the company). */
async function orderFor(buyer: TestUser, companyId: string | null): Promise<Order> {
  const tool = await t.addTool({ quantity: 1000, minimumOrder: 10 });
  const placed = await client(t.app, buyer).post('/orders', {
    lines: [{ toolId: tool.id, quantity: 10 }],
    ...delivery,
  });
  const order = OrderSchema.parse(placed.json());
  await t.db.update(orders).set({ companyId }).where(eq(orders.id, order._id));
  return order;
}

const ids = (response: { json: () => unknown }) =>
  (response.json() as Order[]).map((order) => order._id).sort();

describe("a company's orders", () => {
  it('are all seen by owners, approvers and viewers, by buyer and status; buyers see their own', async () => {
    const [owner, buyer, other, approver, viewer] = await Promise.all(
      Array.from({ length: 5 }, (_, i) => t.signUp({ name: `Crew ${i}` })),
    );
    if (!owner || !buyer || !other || !approver || !viewer) throw new Error('no people');
    const company = await addCompany(t, owner, [
      { user: buyer, role: 'buyer' },
      { user: other, role: 'buyer' },
      { user: approver, role: 'approver' },
      { user: viewer, role: 'viewer' },
    ]);
    const first = await orderFor(buyer, company.id);
    const second = await orderFor(other, company.id);
    await t.markPaid(second._id, `txn_${randomUUID()}`);
    // Placed before the buyer joined: their own, not the company's.
    const personal = await orderFor(buyer, null);

    for (const reader of [owner, approver, viewer]) {
      const all = await client(t.app, reader).get('/companies/mine/orders');
      expect(all.statusCode, all.body).toBe(200);
      expect(ids(all)).toEqual([first._id, second._id].sort());
      expect(all.headers['x-total-count']).toBe('2');
    }
    const byBuyer = await client(t.app, owner).get(`/companies/mine/orders?buyer=${buyer.id}`);
    expect(ids(byBuyer)).toEqual([first._id]);
    expect((byBuyer.json() as Order[])[0]).toMatchObject({ name: 'Crew 1', email: buyer.email });
    const paid = await client(t.app, viewer).get('/companies/mine/orders?status=paid');
    expect(ids(paid)).toEqual([second._id]);

    const own = await client(t.app, buyer).get('/companies/mine/orders');
    expect(ids(own)).toEqual([first._id]);
    const othersAsBuyer = await client(t.app, buyer).get(
      `/companies/mine/orders?buyer=${other.id}`,
    );
    expect(ids(othersAsBuyer)).toEqual([]);
    expect(ids(own)).not.toContain(personal._id);

    const page = await client(t.app, owner).get('/companies/mine/orders?limit=1&offset=1');
    expect(page.json()).toHaveLength(1);
    expect(page.headers['x-total-count']).toBe('2');
  });

  it('and their invoices are readable by the company’s readers, never by another company', async () => {
    const [owner, buyer, viewer, stranger, strangerOwner] = await Promise.all(
      Array.from({ length: 5 }, () => t.signUp()),
    );
    if (!owner || !buyer || !viewer || !stranger || !strangerOwner) throw new Error('no people');
    const company = await addCompany(t, owner, [
      { user: buyer, role: 'buyer' },
      { user: viewer, role: 'viewer' },
    ]);
    await addCompany(t, strangerOwner, [{ user: stranger, role: 'viewer' }]);
    const order = await orderFor(buyer, company.id);
    await t.markPaid(order._id, `txn_${randomUUID()}`);
    const coBuyer = await t.signUp();
    await t.db
      .insert(companyMembers)
      .values({ userId: coBuyer.id, companyId: company.id, role: 'buyer' });

    for (const reader of [owner, viewer]) {
      expect((await client(t.app, reader).get(`/orders/${order._id}`)).statusCode).toBe(200);
      const pdf = await client(t.app, reader).get(`/orders/${order._id}/invoice.pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
    }
    // Another buyer of the company, and the people of another company, read nothing of it.
    for (const outsider of [coBuyer, stranger, strangerOwner]) {
      expectProblem(await client(t.app, outsider).get(`/orders/${order._id}`), 403, 'forbidden');
      expectProblem(
        await client(t.app, outsider).get(`/orders/${order._id}/invoice.pdf`),
        403,
        'forbidden',
      );
      const list = await client(t.app, outsider).get('/companies/mine/orders');
      expect(list.body).not.toContain(order._id);
    }
    // Reading is not changing: a viewer cannot cancel the company's orders.
    const unpaid = await orderFor(buyer, company.id);
    expectProblem(await client(t.app, viewer).delete(`/user/${unpaid._id}`), 403, 'forbidden');

    // Removed from the company, the viewer reads nothing of it at once.
    await t.db.delete(companyMembers).where(eq(companyMembers.userId, viewer.id));
    expectProblem(await client(t.app, viewer).get(`/orders/${order._id}`), 403, 'forbidden');
    expectProblem(await client(t.app, viewer).get('/companies/mine/orders'), 404, 'not_found');
  });

  it('are filtered by company on the admin’s list', async () => {
    const admin = await t.signUp({ role: 'Admin' });
    const [owner, loner] = await Promise.all([t.signUp(), t.signUp()]);
    if (!owner || !loner) throw new Error('no people');
    const company = await addCompany(t, owner, [], { name: 'Filtered Builders' });
    const theirs = await orderFor(owner, company.id);
    await orderFor(loner, null);
    const listed = await client(t.app, admin).get(`/orderlist?company=${company.id}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(ids(listed)).toEqual([theirs._id]);
    const companies = await client(t.app, admin).get('/companies');
    expect(companies.json()).toContainEqual({
      _id: company.id,
      name: 'Filtered Builders',
      memberCount: 1,
    });
    expectProblem(
      await client(t.app, admin).get('/orderlist?company=nope'),
      400,
      'validation_failed',
    );
  });
});
