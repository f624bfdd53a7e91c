import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditNoteSummary } from '../../../contract/credit-notes.ts';
import { type Order, OrderSchema } from '../../../contract/orders.ts';
import { type BillingTestApp, buildBillingTestApp } from '../../testing/billing-test-app.ts';
import { addCompany } from '../../testing/companies.ts';
import { client, expectFieldError, expectProblem, json } from '../../testing/http.ts';

/**
 * Credit notes: each refund whose money went back has one, listed for the buyer a page at a time
 * and read as a PDF (its number, the invoice it corrects, the lines or amount with their tax, the
 * seller and the buyer) by the buyer, their company's readers and admins only.
 */

let billing: BillingTestApp;
beforeAll(async () => {
  billing = await buildBillingTestApp();
});
afterAll(() => billing.close());

async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** The buyer's paid two-line order, refunded by `body` (the admin's refund). */
async function refunded(body: (order: Order) => object): Promise<Order> {
  const paid = await billing.pay(await billing.placeOrder());
  const response = await client(billing.t.app, billing.admin).post(`/orders/${paid._id}/refunds`, {
    note: 'Two hammers came back unused.',
    ...body(paid),
  });
  expect(response.statusCode, response.body).toBe(201);
  return OrderSchema.parse(response.json());
}

const numberOf = (order: Order) => order.refunds.at(-1)?.creditNote?.number ?? '';

describe('a credit note', () => {
  it('reads back as a PDF: its number, the invoice it corrects, the lines, the tax, both parties', async () => {
    const order = await refunded((paid) => ({
      lines: [{ toolId: paid.lines[0]?.toolId, quantity: 2 }],
      returnToStock: true,
    }));
    const number = numberOf(order);
    const response = await client(billing.t.app, billing.buyer).get(`/credit-notes/${number}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`${number}.pdf`);
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      'Credit note',
      number,
      `Corrects invoice ${order.invoice?.number}`,
      order.number,
      'PO-7781',
      'Toolyard Trading Ltd',
      'GB123456789',
      'Kowalska Joinery GmbH',
      'DE811907980',
      'Hauptstraße 5',
      order.lines[0]?.sku ?? 'no sku',
      'Invoice Hammer',
      // 2 × $12.50 = $25.00, tax at 20% included: $4.17, $20.83 without.
      '$25.00',
      'Tax at 20% on $20.83 $4.17',
      'Credited (excluding tax) $20.83',
      'Reason: Two hammers came back unused.',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('of an amount says what was refunded on which order', async () => {
    const order = await refunded(() => ({ amount: 1200 }));
    const response = await client(billing.t.app, billing.admin).get(
      `/credit-notes/${numberOf(order)}`,
    );
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain(`Refund on order ${order.number}`);
    expect(text).toContain('Total credited (USD) $12.00');
  });

  it('is listed for its buyer, newest first, a page at a time; others see none of it', async () => {
    const first = await refunded(() => ({ amount: 100 }));
    const second = await refunded(() => ({ amount: 200 }));
    const page = await client(billing.t.app, billing.buyer).get('/credit-notes?limit=1');
    expect(page.statusCode, page.body).toBe(200);
    const total = Number(page.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(2);
    expect(json<CreditNoteSummary[]>(page)).toEqual([
      {
        number: numberOf(second),
        issuedAt: expect.any(String),
        amount: 200,
        currency: 'USD',
        orderId: second._id,
        orderNumber: second.number,
        invoiceNumber: second.invoice?.number,
        orderedBy: second.name,
      },
    ]);
    const next = json<CreditNoteSummary[]>(
      await client(billing.t.app, billing.buyer).get('/credit-notes?limit=1&offset=1'),
    );
    expect(next[0]?.number).toBe(numberOf(first));
    const others = await client(billing.t.app, billing.other).get('/credit-notes');
    expect(json<CreditNoteSummary[]>(others)).toEqual([]);
    expect(others.headers['x-total-count']).toBe('0');
    // Another customer's note is answered as a number never issued, body for body.
    const notTheirs = await client(billing.t.app, billing.other).get(
      `/credit-notes/${numberOf(first)}`,
    );
    expectProblem(notTheirs, 404, 'not_found');
    const neverIssued = await client(billing.t.app, billing.other).get(
      '/credit-notes/CN-999999999',
    );
    expect(notTheirs.json()).toEqual(neverIssued.json());
    expectProblem(
      await client(billing.t.app).get(`/credit-notes/${numberOf(first)}`),
      401,
      'unauthenticated',
    );
  });

  it("is read by the company's owner, not by another buyer of it", async () => {
    const t = billing.t;
    const owner = await t.signUp({ name: 'Olga Owner' });
    const member = await t.signUp({ name: 'Milo Member' });
    const coBuyer = await t.signUp({ name: 'Cora Cobuyer' });
    await addCompany(t, owner, [
      { user: member, role: 'buyer' },
      { user: coBuyer, role: 'buyer' },
    ]);
    const placed = await billing.placeOrder(member);
    const paid = await billing.pay(placed, member);
    const refund = await client(t.app, billing.admin).post(`/orders/${paid._id}/refunds`, {
      amount: 500,
      note: 'Late delivery.',
    });
    const number = numberOf(OrderSchema.parse(refund.json()));
    for (const reader of [member, owner]) {
      expect((await client(t.app, reader).get(`/credit-notes/${number}`)).statusCode).toBe(200);
    }
    expectProblem(await client(t.app, coBuyer).get(`/credit-notes/${number}`), 404, 'not_found');
    // Listed as the company's orders are: for its owner too, not for another buyer of it.
    const listed = async (reader: typeof owner) =>
      json<CreditNoteSummary[]>(await client(t.app, reader).get('/credit-notes')).map(
        (note) => `${note.number} ${note.orderedBy}`,
      );
    expect(await listed(member)).toEqual([`${number} Milo Member`]);
    expect(await listed(owner)).toEqual([`${number} Milo Member`]);
    expect(await listed(coBuyer)).toEqual([]);
  });

  it('is 404 for a number never issued, and 400 for one that is no credit note number', async () => {
    expectProblem(
      await client(billing.t.app, billing.buyer).get('/credit-notes/CN-999999999'),
      404,
      'not_found',
    );
    expectFieldError(
      await client(billing.t.app, billing.buyer).get('/credit-notes/INV-000001'),
      'number',
      'params',
    );
    expectFieldError(
      await client(billing.t.app, billing.buyer).get('/credit-notes?limit=1000'),
      'limit',
      'query',
    );
  });
});
