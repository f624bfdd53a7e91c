import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy, getMeta } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Order, OrderSchema } from '../../../contract/orders.ts';
import { invoiceNumbers, orders } from '../../db/schema.ts';
import {
  type BillingTestApp,
  buildBillingTestApp,
  card,
  seller,
} from '../../testing/billing-test-app.ts';
import { client, expectFieldError, expectProblem } from '../../testing/http.ts';
import { buildTestApp } from '../../testing/test-app.ts';

/**
 * Invoices: issued with the payment (gap-free numbers, tax, the seller as configured), read back
 * as a PDF by the order's customer and admins only, and the text of that PDF says what it must.
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

describe('an invoice', () => {
  it('is issued with the payment: the next number, the tax the total includes, the company details', async () => {
    const order = await billing.placeOrder();
    expect(order.invoice).toBeNull();
    expect(order).toMatchObject({
      companyName: 'Kowalska Joinery GmbH',
      vatNumber: 'DE811907980',
      billingAddress: 'Hauptstraße 5\n10115 Berlin',
    });
    const [before] = await billing.t.db.select().from(invoiceNumbers);
    const paid = await billing.pay(order);
    // 12 × $12.50 + 100 × $8.90 (the saw's volume price) = $1,040.00, tax included at 20%.
    expect(paid.totalAmount).toBe(104_000);
    expect(paid.invoice).toEqual({
      number: `INV-${String((before?.last ?? 0) + 1).padStart(6, '0')}`,
      issuedAt: expect.any(String),
      taxRate: 20,
      taxAmount: 17_333,
      netAmount: 86_667,
      // No rate for the destination (a typed address): the store's rate.
      taxTreatment: 'taxed',
      taxLines: [{ rate: 20, base: 86_667, amount: 17_333 }],
      taxCountry: null,
      taxRegion: null,
      dueAt: null,
    });
    const [row] = await billing.t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.seller).toEqual(seller);
  });

  it('reads back as a PDF with every line, the tax, the totals, both parties and the payment', async () => {
    const paid = await billing.pay(await billing.placeOrder());
    const response = await client(billing.t.app, billing.buyer).get(
      `/orders/${paid._id}/invoice.pdf`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${paid.invoice?.number}.pdf"`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      'Invoice',
      paid.invoice?.number,
      paid.number,
      paid.transactionId,
      'PO-7781',
      // The seller, from the settings.
      'Toolyard Trading Ltd',
      '1 Forge Lane',
      'GB123456789',
      'accounts@toolyard.example',
      // The buyer's company, as typed: Cyrillic and German letters print as themselves.
      'Kowalska Joinery GmbH',
      'Ивана Kowalska',
      'DE811907980',
      'Hauptstraße 5',
      'Werkstatt 3, Hinterhof',
      // Every line, its quantity, unit price and amount.
      'Invoice Hammer',
      '$12.50',
      '$150.00',
      'Invoice Saw',
      '$8.90',
      '$890.00',
      // Tax and totals, in the store currency.
      'Subtotal (excluding tax) $866.67',
      'Tax at 20% on $866.67 $173.33',
      'Total (USD) $1,040.00',
      'Amount due $0.00',
    ]) {
      expect(text).toContain(expected);
    }
    const meta = await getMeta(new Uint8Array(response.rawPayload));
    expect(meta.info).toMatchObject({ Title: `Invoice ${paid.invoice?.number}` });
  });

  it('is drawn once for many asks at once, and each gets the same document', async () => {
    const paid = await billing.pay(await billing.placeOrder());
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        client(billing.t.app, billing.buyer).get(`/orders/${paid._id}/invoice.pdf`),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const first = answers[0]?.rawPayload;
    for (const answer of answers) expect(answer.rawPayload.equals(first as Buffer)).toBe(true);
    // The id in capitals names the same order, and the same drawing.
    const shouted = await client(billing.t.app, billing.buyer).get(
      `/orders/${paid._id.toUpperCase()}/invoice.pdf`,
    );
    expect(shouted.rawPayload.equals(first as Buffer)).toBe(true);
  });

  it('shows the tax even at 0%, and a seller with only a name', async () => {
    const plain = await buildTestApp({}, { database: billing.t.database });
    try {
      const shopper = await plain.signUp({ name: 'Plain Buyer' });
      const tool = await plain.addTool({
        sku: 'LVL-600',
        name: 'Untaxed Level',
        quantity: 50,
        minimumOrder: 1,
      });
      const placed = await client(plain.app, shopper).post('/orders', {
        lines: [{ toolId: tool.id, quantity: 2 }],
        phone: '+1 555 010 2030',
        address: '9 Plain Street, Springfield',
      });
      const order = OrderSchema.parse(placed.json());
      expect(
        (await client(plain.app, shopper).post(`/payment/${order._id}`, card)).statusCode,
      ).toBe(200);
      const response = await client(plain.app, shopper).get(`/orders/${order._id}/invoice.pdf`);
      expect(response.statusCode).toBe(200);
      const text = await pdfText(response.rawPayload);
      expect(text).toMatch(/Tax at 0% on \$[\d,.]+ \$0\.00/);
      expect(text).toContain('No tax is charged.');
      // Each line with its SKU as ordered.
      expect(text).toMatch(/LVL-600\s+Untaxed Level/);
      expect(text).toContain('Subtotal (excluding tax) $25.00');
      expect(text).toContain('Total (USD) $25.00');
      expect(text).toContain('Plain Buyer');
    } finally {
      await plain.close();
    }
  });

  it('numbers run without gaps: a payment that fails takes no number', async () => {
    const first = await billing.pay(await billing.placeOrder());
    const declined = await billing.placeOrder();
    const refused = await client(billing.t.app, billing.buyer).post(`/payment/${declined._id}`, {
      ...card,
      cardNumber: '4000 0000 0000 0002',
    });
    expect(refused.statusCode).toBe(402);
    const second = await billing.pay(await billing.placeOrder());
    const number = (order: Order) => Number(order.invoice?.number.slice(4));
    expect(number(second)).toBe(number(first) + 1);
    // Two payments at once still take consecutive numbers.
    const [a, b] = await Promise.all([billing.placeOrder(), billing.placeOrder()]);
    const both = await Promise.all([billing.pay(a as Order), billing.pay(b as Order)]);
    expect(both.map(number).sort()).toEqual([number(second) + 1, number(second) + 2]);
  });

  it('is for the customer and admins only, and exists only once the order is paid', async () => {
    const unpaid = await billing.placeOrder();
    const early = expectProblem(
      await client(billing.t.app, billing.buyer).get(`/orders/${unpaid._id}/invoice.pdf`),
      404,
      'not_found',
    );
    expect(early.detail).toBe(
      'This order has no invoice yet: it is issued once the order is paid.',
    );
    const paid = await billing.pay(unpaid);
    expectProblem(
      await client(billing.t.app, billing.other).get(`/orders/${paid._id}/invoice.pdf`),
      403,
      'forbidden',
    );
    expectProblem(
      await client(billing.t.app).get(`/orders/${paid._id}/invoice.pdf`),
      401,
      'unauthenticated',
    );
    expect(
      (await client(billing.t.app, billing.admin).get(`/orders/${paid._id}/invoice.pdf`))
        .statusCode,
    ).toBe(200);
    expectProblem(
      await client(billing.t.app, billing.buyer).get(`/orders/${crypto.randomUUID()}/invoice.pdf`),
      404,
      'not_found',
    );
    expectFieldError(
      await client(billing.t.app, billing.buyer).get('/orders/not-an-id/invoice.pdf'),
      'id',
      'params',
    );

    const cancelled = await billing.placeOrder();
    await client(billing.t.app, billing.buyer).delete(`/user/${cancelled._id}`);
    expect(
      expectProblem(
        await client(billing.t.app, billing.buyer).get(`/orders/${cancelled._id}/invoice.pdf`),
        404,
        'not_found',
      ).detail,
    ).toBe('This order was cancelled before it was paid, so it has no invoice.');
  });
});
