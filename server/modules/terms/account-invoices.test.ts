import { and, eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AccountInvoice,
  MyPaymentTerms,
  OrderAccount,
} from '../../../contract/invoices-on-account.ts';
import type { Order } from '../../../contract/orders.ts';
import { mailOutbox, orders, tools } from '../../db/schema.ts';
import { addCompany } from '../../testing/companies.ts';
import { client, expectProblem, json } from '../../testing/http.ts';
import { addTerms } from '../../testing/terms-fixtures.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';
import { delivery } from '../../testing/valid-requests.ts';

/**
 * What buyers read of their invoices on account (terms, open invoices, a statement, an order's
 * payments), the admins' overdue list, and an order on account cancelled (decision 061).
 */

let t: TestContext;
let admin: TestUser;
let tool: { id: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ role: 'Admin', name: 'Ada Admin' });
  tool = await t.addTool({ price: 10_000, quantity: 1_000, minimumOrder: 1 });
});
afterAll(async () => {
  await t.close();
});

const onAccount = async (buyer: TestUser, quantity = 1) => {
  const placed = await client(t.app, buyer).post('/orders', {
    lines: [{ toolId: tool.id, quantity }],
    ...delivery,
    paymentMethod: 'account',
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return json<Order>(placed);
};
/** The day (UTC) the orders here are invoiced, and their payments arrive. */
const today = new Date().toISOString().slice(0, 10);
const pay = (orderId: string, amount: number, receivedOn = today) =>
  client(t.app, admin).post(`/orders/${orderId}/payments`, {
    amount,
    receivedOn,
    reference: `BANK-${amount}`,
  });
const overdueBy = (orderId: string, days: number) =>
  t.db
    .update(orders)
    .set({ invoiceDueAt: sql`now() - ${days}::int * interval '1 day'` })
    .where(eq(orders.id, orderId));

async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), {
    mergePages: true,
  });
  return text.replace(/\s+/g, ' ');
}

describe("a buyer's terms and open invoices", () => {
  it('says what is owed and left, lists open invoices a page at a time, and each order says what is paid', async () => {
    const buyer = await t.signUp({ name: 'Olive Open' });
    expect(json(await client(t.app, buyer).get('/payment-terms/mine'))).toBeNull();
    await addTerms(t, buyer.id, { netDays: 15, creditLimit: 50_000 });
    const first = await onAccount(buyer, 1);
    const second = await onAccount(buyer, 2);
    expect((await pay(first._id, 4_000)).statusCode).toBe(201);

    expect(json<MyPaymentTerms>(await client(t.app, buyer).get('/payment-terms/mine'))).toEqual({
      buyerName: 'Olive Open',
      isCompany: false,
      netDays: 15,
      creditLimit: 50_000,
      owed: 26_000,
      left: 24_000,
      owedToBuyer: 0,
    });
    const page = await client(t.app, buyer).get('/invoices/open?limit=1');
    expect(page.headers['x-total-count']).toBe('2');
    const [earliest] = json<AccountInvoice[]>(page);
    expect(earliest).toMatchObject({
      orderId: first._id,
      invoiceNumber: first.invoice?.number,
      total: 10_000,
      paid: 4_000,
      left: 6_000,
      isOverdue: false,
      remindedOn: null,
    });
    const next = json<AccountInvoice[]>(await client(t.app, buyer).get('/invoices/open?offset=1'));
    expect(next.map((invoice) => invoice.orderId)).toEqual([second._id]);

    const account = json<OrderAccount>(
      await client(t.app, buyer).get(`/orders/${first._id}/payments`),
    );
    expect(account).toMatchObject({ total: 10_000, paid: 4_000, left: 6_000, settledAt: null });
    expect(account.dueAt).toBe(first.invoice?.dueAt);
    expect(account.payments).toEqual([
      expect.objectContaining({ amount: 4_000, receivedOn: today, reference: 'BANK-4000' }),
    ]);
    const stranger = await t.signUp();
    expectProblem(
      await client(t.app, stranger).get(`/orders/${first._id}/payments`),
      403,
      'forbidden',
    );
    expect(json<AccountInvoice[]>(await client(t.app, stranger).get('/invoices/open'))).toEqual([]);
  });

  it("reads a company's terms and invoices for its members, a buyer's own invoices for a buyer", async () => {
    const owner = await t.signUp({ name: 'Cora Company' });
    const member = await t.signUp({ name: 'Bill Buyer' });
    const company = await addCompany(t, owner, [{ user: member, role: 'buyer' }], {
      name: 'Cora Build Ltd',
    });
    await t.db.execute(
      sql`insert into payment_terms (company_id, net_days, credit_limit) values (${company.id}, 30, 100000)`,
    );
    await onAccount(owner, 1);
    await onAccount(member, 2);
    const terms = json<MyPaymentTerms>(await client(t.app, member).get('/payment-terms/mine'));
    expect(terms).toMatchObject({ buyerName: 'Cora Build Ltd', isCompany: true, owed: 30_000 });
    const all = json<AccountInvoice[]>(await client(t.app, owner).get('/invoices/open'));
    expect(all.map((invoice) => invoice.total)).toEqual([10_000, 20_000]);
    expect(all[0]?.buyerName).toBe('Cora Build Ltd');
    const own = json<AccountInvoice[]>(await client(t.app, member).get('/invoices/open'));
    expect(own.map((invoice) => invoice.total)).toEqual([20_000]);
  });
});

describe('a statement of account', () => {
  it('shows what was owed before, the invoices and payments of the period and what was owed at its end', async () => {
    const buyer = await t.signUp({ name: 'Stella Statement' });
    await addTerms(t, buyer.id, { creditLimit: 100_000 });
    const order = await onAccount(buyer, 3);
    await pay(order._id, 5_000);
    // A credit note of $20.00 lowers what is owed, as a line of its own.
    const credited = await client(t.app, admin).post(`/orders/${order._id}/refunds`, {
      amount: 2_000,
      note: 'A scratched case.',
    });
    expect(credited.statusCode, credited.body).toBe(201);
    const creditNote = json<Order>(credited).refunds[0]?.creditNote?.number;
    // The open invoice says what is credited, so that total less credited less paid is what is left.
    const [open] = json<AccountInvoice[]>(await client(t.app, buyer).get('/invoices/open'));
    expect(open).toMatchObject({ total: 30_000, paid: 5_000, credited: 2_000, left: 23_000 });
    const answer = await client(t.app, buyer).get(
      `/invoices/statement.pdf?from=2026-11-01&to=${today}`,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(answer.rawPayload);
    expect(text).toContain('Statement of account');
    expect(text).toContain('Stella Statement');
    expect(text).toContain(`Invoice ${order.invoice?.number}`);
    expect(text).toContain('reference BANK-5000');
    expect(text).toContain(`Credit note ${creditNote} for ${order.invoice?.number}`);
    expect(text).toContain('$230.00');
    expectProblem(
      await client(t.app, buyer).get('/invoices/statement.pdf?from=2026-11-30&to=2026-11-01'),
      400,
      'validation_failed',
    );
    expectProblem(
      await client(t.app, buyer).get('/invoices/statement.pdf?from=2024-01-01&to=2026-01-01'),
      400,
      'validation_failed',
    );
  });
});

describe('overdue invoices', () => {
  it('are listed for admins, longest overdue first, and for no one else', async () => {
    const buyer = await t.signUp({ name: 'Owen Overdue' });
    await addTerms(t, buyer.id);
    const late = await onAccount(buyer);
    const later = await onAccount(buyer);
    await onAccount(buyer);
    await overdueBy(late._id, 3);
    await overdueBy(later._id, 10);
    const answer = await client(t.app, admin).get('/invoices/overdue');
    const mine = json<AccountInvoice[]>(answer).filter((invoice) => invoice.email === buyer.email);
    expect(mine.map((invoice) => invoice.orderId)).toEqual([later._id, late._id]);
    expect(mine.every((invoice) => invoice.isOverdue)).toBe(true);
    expectProblem(await client(t.app, buyer).get('/invoices/overdue'), 403, 'forbidden');
  });
});

describe('an order on account cancelled', () => {
  it('frees the credit and returns the stock, by the buyer or an admin, never once paid or shipped', async () => {
    const buyer = await t.signUp({ name: 'Cassie Cancel' });
    await addTerms(t, buyer.id, { creditLimit: 20_000 });
    const stockOf = async () =>
      (await t.db.select().from(tools).where(eq(tools.id, tool.id)))[0]?.quantity;
    const before = await stockOf();
    const order = await onAccount(buyer, 2);
    expectProblem(
      await client(t.app, buyer).post('/orders', {
        lines: [{ toolId: tool.id, quantity: 1 }],
        ...delivery,
        paymentMethod: 'account',
      }),
      409,
      'credit_limit_exceeded',
    );
    const cancelled = await client(t.app, buyer).delete(`/user/${order._id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stockOf()).toBe(before);
    const terms = json<MyPaymentTerms>(await client(t.app, buyer).get('/payment-terms/mine'));
    expect(terms.left).toBe(20_000);
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, buyer.email), eq(mailOutbox.kind, 'order_cancelled')));
    expect(mail?.text).toContain(`Its invoice ${order.invoice?.number} is cancelled with it`);

    const byAdmin = await onAccount(buyer, 1);
    expect((await client(t.app, admin).delete(`/user/${byAdmin._id}`)).statusCode).toBe(200);
    const paid = await onAccount(buyer, 1);
    expect((await pay(paid._id, 100)).statusCode).toBe(201);
    const refused = expectProblem(
      await client(t.app, buyer).delete(`/user/${paid._id}`),
      409,
      'order_not_cancellable',
    );
    expect(refused.detail).toContain('A payment was already recorded');
    const shipped = await onAccount(buyer, 1);
    const ship = await client(t.app, admin).put(`/order/${shipped._id}`, {
      status: 'shipped',
      noTracking: true,
    });
    expect(ship.statusCode, ship.body).toBe(200);
    expectProblem(
      await client(t.app, buyer).delete(`/user/${shipped._id}`),
      409,
      'order_not_cancellable',
    );
  });
});

describe('the emails of an order on account', () => {
  it('speak of the invoice and its due date, not of paying by card', async () => {
    const buyer = await t.signUp({ name: 'Emma Email' });
    await addTerms(t, buyer.id);
    const order = await onAccount(buyer);
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, buyer.email), eq(mailOutbox.kind, 'order_confirmation')));
    expect(order.invoice?.dueAt).toBeTruthy();
    expect(mail?.text).toContain('It is on your account: its invoice for $100.00 is issued now');
    expect(mail?.text).toMatch(/due on \w+day, \w+ \d{1,2}, 20\d\d/);
    expect(mail?.text).not.toContain('Pay for this order');
    expect(mail?.text).not.toContain('cancelled and its stock released');
  });

  it('the approval of a waiting order on account names its invoice and due date', async () => {
    const owner = await t.signUp({ name: 'Abby Approver' });
    const member = await t.signUp({ name: 'Ben Waiting' });
    const company = await addCompany(t, owner, [{ user: member, role: 'buyer', orderLimit: 0 }]);
    await t.db.execute(
      sql`insert into payment_terms (company_id, net_days, credit_limit) values (${company.id}, 15, 100000)`,
    );
    const waiting = await onAccount(member);
    expect(waiting.status).toBe('awaiting_approval');
    expect((await client(t.app, owner).post(`/orders/${waiting._id}/approve`)).statusCode).toBe(
      200,
    );
    const approved = json<Order>(await client(t.app, member).get(`/orders/${waiting._id}`));
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, member.email), eq(mailOutbox.kind, 'order_approved')));
    expect(mail?.text).toContain(`invoice ${approved.invoice?.number} for $100.00 is issued now`);
    expect(mail?.text).toMatch(/due on \w+day, \w+ \d{1,2}, 20\d\d/);
    expect(mail?.text).not.toContain('Pay for this order');
  });
});

describe('the invoice of an order on account', () => {
  it('says it is due by its date and owed in full, not paid by card', async () => {
    const buyer = await t.signUp({ name: 'Ivy Invoice' });
    await addTerms(t, buyer.id);
    const order = await onAccount(buyer, 2);
    const answer = await client(t.app, buyer).get(`/orders/${order._id}/invoice.pdf`);
    expect(answer.statusCode).toBe(200);
    const text = await pdfText(answer.rawPayload);
    expect(text).toContain('Payment On account');
    expect(text).toContain('Amount due $200.00');
    expect(text).toContain('On account: please pay $200.00 by');
    expect(text).not.toContain('Paid in full by card');
  });
});
