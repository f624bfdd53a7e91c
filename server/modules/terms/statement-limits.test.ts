import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATEMENT_ROWS_MAX } from '../../../contract/invoices-on-account.ts';
import type { Order } from '../../../contract/orders.ts';
import { invoicePayments } from '../../db/schema.ts';
import { client, expectProblem, json } from '../../testing/http.ts';
import { addTerms } from '../../testing/terms-fixtures.ts';
import { buildTestApp, type TestContext, testConfig } from '../../testing/test-app.ts';
import { delivery } from '../../testing/valid-requests.ts';

/** A statement is read and drawn afresh each time: so many a customer, so many rows each. */

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp({
    rateLimits: {
      ...testConfig.rateLimits,
      enabled: true,
      statementsPerUser: { limit: 3, windowMs: 600_000 },
    },
  });
});
afterAll(async () => {
  await t.close();
});

const statement = (who: Parameters<typeof client>[1], from: string, to: string) =>
  client(t.app, who).get(`/invoices/statement.pdf?from=${from}&to=${to}`);

describe('a statement of account', () => {
  it('of a period with more rows than one statement lists is refused with a sentence; a shorter one is drawn', async () => {
    const buyer = await t.signUp();
    await addTerms(t, buyer.id);
    const tool = await t.addTool({ price: 10_000, quantity: 100, minimumOrder: 1 });
    const placed = await client(t.app, buyer).post('/orders', {
      lines: [{ toolId: tool.id, quantity: 1 }],
      ...delivery,
      paymentMethod: 'account',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = json<Order>(placed);
    // With its invoice, one row more than a statement lists: payments of a cent in 2025.
    await t.db.insert(invoicePayments).values(
      Array.from({ length: STATEMENT_ROWS_MAX }, (_, index) => ({
        orderId: order._id,
        amount: 1,
        receivedOn: '2025-12-31',
        reference: `BANK-${index}`,
      })),
    );
    const today = new Date().toISOString().slice(0, 10);
    const refused = await statement(buyer, '2025-12-01', today);
    const problem = expectProblem(refused, 422, 'statement_too_long');
    expect(problem.detail).toBe(
      'This period has more than 2,000 invoices, payments and credit notes, more than one statement lists. Ask for a shorter period, such as a quarter or a month.',
    );
    expect(problem.errors).toEqual([{ field: 'to', in: 'query', message: problem.detail }]);
    const shorter = await statement(buyer, '2026-01-01', today);
    expect(shorter.statusCode, shorter.body).toBe(200);
    expect(shorter.headers['content-type']).toBe('application/pdf');
  });

  it("is drawn so many times a customer, then refused with Retry-After; another customer's are not held back", async () => {
    const [buyer, other] = [await t.signUp(), await t.signUp()];
    for (let i = 0; i < 3; i += 1) {
      expect((await statement(buyer, '2026-11-01', '2026-11-28')).statusCode).toBe(200);
    }
    const refused = await statement(buyer, '2026-11-01', '2026-11-28');
    expect(expectProblem(refused, 429, 'rate_limited').detail).toMatch(
      /^You have asked for many statements lately\. Please wait a few minutes\./,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await statement(other, '2026-11-01', '2026-11-28')).statusCode).toBe(200);
  });
});
