import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/orders.ts';
import { createDatabase } from '../../db/client.ts';
import { invoiceReminders, mailOutbox, orders } from '../../db/schema.ts';
import { client, json } from '../../testing/http.ts';
import { addTerms } from '../../testing/terms-fixtures.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';
import { delivery } from '../../testing/valid-requests.ts';
import { sendInvoiceReminders } from './invoice-reminders.ts';

/**
 * Reminders of invoices on account (decision 061): on the due day, then weekly while something is
 * left; never twice for one day, however many instances sweep at once.
 */

let t: TestContext;
let other: TestContext;
let tool: { id: string };
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp();
  // A second instance: its own app and its own pool on the same database.
  const pool = createDatabase({ url: t.database.url, max: 5 });
  other = await buildTestApp(
    {},
    { database: { ...pool, url: t.database.url, drop: () => pool.close() } },
  );
  tool = await t.addTool({ price: 10_000, quantity: 10_000, minimumOrder: 1 });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const reminderOptions = (app: TestContext) => ({
  mailer: app.app.mailer,
  storeName: 'Toolyard',
  publicUrl: 'http://localhost:3000',
  currency: 'USD',
});
const sweep = (app: TestContext, now: Date) =>
  sendInvoiceReminders(app.db, reminderOptions(app), now);

async function onAccount(buyer: TestUser): Promise<Order> {
  const placed = await client(t.app, buyer).post('/orders', {
    lines: [{ toolId: tool.id, quantity: 1 }],
    ...delivery,
    paymentMethod: 'account',
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return json<Order>(placed);
}
/** Moves the order's due date to `day` (noon UTC). */
const dueOn = (orderId: string, day: Date) =>
  t.db
    .update(orders)
    .set({ invoiceDueAt: new Date(`${day.toISOString().slice(0, 10)}T12:00:00Z`) })
    .where(eq(orders.id, orderId));
const remindersOf = async (ids: string[]) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.kind, 'invoice_reminder'),
        inArray(
          mailOutbox.to,
          (
            await t.db.select({ email: orders.email }).from(orders).where(inArray(orders.id, ids))
          ).map((row) => row.email),
        ),
      ),
    );

describe('invoice reminders', () => {
  it('remind on the due day, then every seven days while something is left, never twice a day', async () => {
    const buyer = await t.signUp({ name: 'Rhea Reminded' });
    await addTerms(t, buyer.id);
    const order = await onAccount(buyer);
    const dueDay = new Date(Date.UTC(2030, 0, 10, 9));
    await dueOn(order._id, dueDay);
    const at = (days: number) => new Date(dueDay.getTime() + days * DAY);

    expect(await sweep(t, at(-1))).not.toContain(order._id);
    expect(await sweep(t, at(0))).toContain(order._id);
    expect(await sweep(t, at(0))).not.toContain(order._id);
    expect(await sweep(t, at(3))).not.toContain(order._id);
    expect(await sweep(t, at(7))).toContain(order._id);
    // The due day's first, then the week after's (rows come back in no set order).
    const mails = (await remindersOf([order._id])).sort((a, b) =>
      a.subject.localeCompare(b.subject),
    );
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Invoice ${order.invoice?.number} is due today`,
      `Invoice ${order.invoice?.number} is overdue`,
    ]);
    expect(mails[1]?.text).toContain('$100.00 of it is still to pay');

    // Paid in full: no reminder any more.
    const admin = await t.signUp({ role: 'Admin' });
    // Recorded today: a payment is never recorded for a day still to come.
    const paid = await client(t.app, admin).post(`/orders/${order._id}/payments`, {
      amount: 10_000,
      receivedOn: new Date().toISOString().slice(0, 10),
      reference: 'PAID',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await sweep(t, at(14))).not.toContain(order._id);
  });

  it('are sent once per invoice and day with two instances sweeping at the same time', async () => {
    const buyers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => t.signUp({ name: `Racer ${index}` })),
    );
    const ids: string[] = [];
    for (const buyer of buyers) {
      await addTerms(t, buyer.id);
      for (let index = 0; index < 3; index++) ids.push((await onAccount(buyer))._id);
    }
    const today = new Date(Date.UTC(2031, 5, 2, 8));
    await t.db
      .update(orders)
      .set({ invoiceDueAt: sql`${today.toISOString()}::timestamptz - interval '2 days'` })
      .where(inArray(orders.id, ids));

    const rounds = await Promise.all(
      Array.from({ length: 4 }, (_, index) => sweep(index % 2 === 0 ? t : other, today)),
    );
    const sent = rounds.flat().filter((id) => ids.includes(id));
    expect(sent.sort()).toEqual([...ids].sort());
    const rows = await t.db
      .select()
      .from(invoiceReminders)
      .where(inArray(invoiceReminders.orderId, ids));
    expect(rows).toHaveLength(ids.length);
    expect(await remindersOf(ids)).toHaveLength(ids.length);
  });
});
