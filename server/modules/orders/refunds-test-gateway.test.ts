import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/orders.ts';
import { orderRefunds, payments } from '../../db/schema.ts';
import { client, expectProblem, json } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';

/**
 * Refunds of orders paid with the built-in test gateway go back through it: it answers at once,
 * with a refund reference of its own, and a refused refund is kept as failed and no longer counts.
 */

let t: TestContext;
let admin: TestUser;
let buyer: TestUser;
let tool: { id: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ role: 'Admin', name: 'Rita Refund' });
  buyer = await t.signUp({ name: 'Bea Buyer' });
  tool = await t.addTool({ quantity: 10_000, minimumOrder: 1, price: 2500 });
});
afterAll(() => t.close());

/** An order of `units` × 25.00, paid by the buyer with the test card. */
async function paidByCard(units: number): Promise<Order> {
  const placed = json<Order>(
    await client(t.app, buyer).post('/orders', {
      lines: [{ toolId: tool.id, quantity: units }],
      phone: '+1 555 010 2030',
      address: '3 Refund Row, Springfield',
    }),
  );
  const paid = await client(t.app, buyer).post(`/payment/${placed._id}`, {
    cardNumber: '4242424242424242',
    expiry: '12/40',
    cvc: '123',
    nameOnCard: 'Bea Buyer',
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return placed;
}

const refund = (id: string, body: unknown) =>
  client(t.app, admin).post(`/orders/${id}/refunds`, body);
const refundRows = (orderId: string) =>
  t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));

describe('refunds through the test gateway', () => {
  it('sends the refund back through the gateway, which records it as done at once', async () => {
    const paid = await paidByCard(4); // 100.00
    const response = await refund(paid._id, { amount: 2500, note: 'One hammer arrived bent.' });
    expect(response.statusCode, response.body).toBe(201);
    const body = json<Order>(response);
    expect(body.refundedAmount).toBe(2500);
    expect(body.refunds).toMatchObject([
      { amount: 2500, status: 'succeeded', provider: 'test', failureReason: null },
    ]);
    const creditNote = body.refunds[0]?.creditNote?.number;
    expect(creditNote).toMatch(/^CN-\d{6}$/);
    const [row] = await refundRows(paid._id);
    expect(row?.providerReference).toMatch(/^re_test_[0-9a-f]{24}$/);
    await t.app.mailer.drain();
    const mails = t.sentMail.filter(
      (m) => m.subject === `Refund of $25.00 for order ${paid.number}`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe(buyer.email);
    expect(mails[0]?.text).toContain('to the card you paid with');
    expect(mails[0]?.text).toContain('$25.00 of its $100.00 is refunded in all.');
    expect(mails[0]?.text).toContain(`Credit note ${creditNote} records this refund`);
  });

  it('a refusal is kept as failed with its reason, says so in a sentence, and frees the amount', async () => {
    const paid = await paidByCard(2); // 50.00
    // A payment the gateway never made (as after a data repair): it refuses to refund it.
    await t.db
      .update(payments)
      .set({ reference: `txn_elsewhere_${paid._id}` })
      .where(eq(payments.orderId, paid._id));
    const refused = expectProblem(
      await refund(paid._id, { amount: 5000, note: 'All of it.' }),
      409,
      'refund_refused',
    );
    expect(refused.detail).toBe(
      'The payment provider refused this refund: No such test payment. Nothing was refunded.',
    );
    expect(await refundRows(paid._id)).toMatchObject([
      { status: 'failed', provider: 'test', failureReason: 'No such test payment.' },
    ]);
    const seen = json<Order>(await client(t.app, buyer).get(`/orders/${paid._id}`));
    expect(seen.refundedAmount).toBe(0);
    await t.app.mailer.drain();
    const refundMails = t.sentMail.filter(
      (m) => m.subject.startsWith('Refund of') && m.subject.endsWith(paid.number),
    );
    expect(refundMails).toEqual([]);
    expect(seen.refunds).toMatchObject([{ amount: 5000, status: 'failed', creditNote: null }]);
  });

  it('racing refunds through the gateway never pass what was paid', async () => {
    const paid = await paidByCard(4); // 100.00
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) => refund(paid._id, { amount: 4000, note: `At once ${n}.` })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 409, 409]);
    const rows = await refundRows(paid._id);
    expect(rows.map((row) => row.status)).toEqual(['succeeded', 'succeeded']);
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(8000);
  });

  it('asked again with its Idempotency-Key, at once or later, a refund moves the money once', async () => {
    const paid = await paidByCard(4); // 100.00
    const once = (key: string, body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/${paid._id}/refunds`,
        headers: { ...admin.headers, 'idempotency-key': key },
        payload: body as object,
      });
    const body = { amount: 2500, note: 'One hammer arrived bent.' };
    const answers = await Promise.all([
      once('refund-key-0001', body),
      once('refund-key-0001', body),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const again = await once('refund-key-0001', body);
    expect(again.statusCode, again.body).toBe(201);
    expect(json<Order>(again).refundedAmount).toBe(2500);
    const rows = await refundRows(paid._id);
    expect(rows.map((row) => [row.amount, row.status])).toEqual([[2500, 'succeeded']]);
    // The same key with other details is a mistake, not a second refund.
    const reused = expectProblem(
      await once('refund-key-0001', { amount: 1000, note: 'Another.' }),
      422,
      'idempotency_key_reused',
    );
    expect(reused.detail).toBe(
      'This Idempotency-Key already made a refund of this order with another amount or note: use a new key for another refund.',
    );
    // Another key is another refund.
    expect((await once('refund-key-0002', body)).statusCode).toBe(201);
    expect(await refundRows(paid._id)).toHaveLength(2);
    expectProblem(await once('short', body), 400, 'validation_failed');
  });

  it('credit notes are numbered without gaps: one per refund done, none for a failed one', async () => {
    const paid = await paidByCard(4);
    await Promise.all([1, 2, 3].map((n) => refund(paid._id, { amount: 1000, note: `Part ${n}.` })));
    const numbers = (await t.db.select().from(orderRefunds))
      .filter((row) => row.status !== 'failed')
      .map((row) => row.creditNoteNumber)
      .sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
    const failed = (await t.db.select().from(orderRefunds)).filter(
      (row) => row.status === 'failed',
    );
    expect(failed.map((row) => row.creditNoteNumber)).toEqual([null]);
  });
});
