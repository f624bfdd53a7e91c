import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy, getMeta } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Order, OrderSchema } from '../../../contract/orders.ts';
import { invoiceNumbers, orders, user } from '../../db/schema.ts';
import { client, expectFieldError, expectProblem } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';

/**
 * Invoices: issued with the payment (gap-free numbers, tax, the seller as configured), read back
 * as a PDF by the order's customer and admins only, and the text of that PDF says what it must.
 */

let t: TestContext;
let buyer: TestUser;
let other: TestUser;
let admin: TestUser;

const seller = {
  name: 'Toolyard Trading Ltd',
  address: '1 Forge Lane\nSheffield S1 2AB\nUnited Kingdom',
  taxId: 'GB123456789',
  email: 'accounts@toolyard.example',
};

beforeAll(async () => {
  t = await buildTestApp({ invoicing: { taxRateBasisPoints: 2000, seller } });
  buyer = await t.signUp({ name: 'Ивана Kowalska' });
  other = await t.signUp({ name: 'Other Buyer' });
  admin = await t.signUp({ role: 'Admin' });
  await t.db
    .update(user)
    .set({
      companyName: 'Kowalska Joinery GmbH',
      vatNumber: 'DE811907980',
      billingAddress: 'Hauptstraße 5\n10115 Berlin',
    })
    .where(eq(user.id, buyer.id));
});
afterAll(async () => {
  await t.close();
});

const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
const card = {
  cardNumber: '4242 4242 4242 4242',
  expiry: `12/${nextYear}`,
  cvc: '123',
  nameOnCard: 'Ivana Kowalska',
};

async function placeOrder(as: TestUser = buyer): Promise<Order> {
  const hammer = await t.addTool({ name: 'Invoice Hammer', quantity: 500, minimumOrder: 1 });
  const saw = await t.addTool({
    name: 'Invoice Saw',
    quantity: 500,
    minimumOrder: 1,
    price: 990,
    priceTiers: [{ minQuantity: 100, price: 890 }],
  });
  const response = await client(t.app, as).post('/orders', {
    lines: [
      { toolId: hammer.id, quantity: 12 },
      { toolId: saw.id, quantity: 100 },
    ],
    phone: '+44 20 7946 0958',
    address: 'Werkstatt 3, Hinterhof\n10117 Berlin',
    poNumber: 'PO-7781',
  });
  expect(response.statusCode, response.body).toBe(201);
  return OrderSchema.parse(response.json());
}

async function pay(order: Order, as: TestUser = buyer): Promise<Order> {
  const paid = await client(t.app, as).post(`/payment/${order._id}`, card);
  expect(paid.statusCode, paid.body).toBe(200);
  return OrderSchema.parse((await client(t.app, as).get(`/orders/${order._id}`)).json());
}

async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('an invoice', () => {
  it('is issued with the payment: the next number, the tax the total includes, the company details', async () => {
    const order = await placeOrder();
    expect(order.invoice).toBeNull();
    expect(order).toMatchObject({
      companyName: 'Kowalska Joinery GmbH',
      vatNumber: 'DE811907980',
      billingAddress: 'Hauptstraße 5\n10115 Berlin',
    });
    const [before] = await t.db.select().from(invoiceNumbers);
    const paid = await pay(order);
    // 12 × $12.50 + 100 × $8.90 (the saw's volume price) = $1,040.00, tax included at 20%.
    expect(paid.totalAmount).toBe(104_000);
    expect(paid.invoice).toEqual({
      number: `INV-${String((before?.last ?? 0) + 1).padStart(6, '0')}`,
      issuedAt: expect.any(String),
      taxRate: 20,
      taxAmount: 17_333,
      netAmount: 86_667,
    });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.seller).toEqual(seller);
  });

  it('reads back as a PDF with every line, the tax, the totals, both parties and the payment', async () => {
    const paid = await pay(await placeOrder());
    const response = await client(t.app, buyer).get(`/orders/${paid._id}/invoice.pdf`);
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
      'Tax (20%) $173.33',
      'Total (USD) $1,040.00',
      'Amount due $0.00',
    ]) {
      expect(text).toContain(expected);
    }
    const meta = await getMeta(new Uint8Array(response.rawPayload));
    expect(meta.info).toMatchObject({ Title: `Invoice ${paid.invoice?.number}` });
  });

  it('is drawn once for many asks at once, and each gets the same document', async () => {
    const paid = await pay(await placeOrder());
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => client(t.app, buyer).get(`/orders/${paid._id}/invoice.pdf`)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const first = answers[0]?.rawPayload;
    for (const answer of answers) expect(answer.rawPayload.equals(first as Buffer)).toBe(true);
    // The id in capitals names the same order, and the same drawing.
    const shouted = await client(t.app, buyer).get(`/orders/${paid._id.toUpperCase()}/invoice.pdf`);
    expect(shouted.rawPayload.equals(first as Buffer)).toBe(true);
  });

  it('shows the tax even at 0%, and a seller with only a name', async () => {
    const plain = await buildTestApp({}, { database: t.database });
    try {
      const shopper = await plain.signUp({ name: 'Plain Buyer' });
      const tool = await plain.addTool({ name: 'Untaxed Level', quantity: 50, minimumOrder: 1 });
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
      expect(text).toContain('Tax (0%) $0.00');
      expect(text).toContain('Subtotal (excluding tax) $25.00');
      expect(text).toContain('Total (USD) $25.00');
      expect(text).toContain('Plain Buyer');
    } finally {
      await plain.close();
    }
  });

  it('numbers run without gaps: a payment that fails takes no number', async () => {
    const first = await pay(await placeOrder());
    const declined = await placeOrder();
    const refused = await client(t.app, buyer).post(`/payment/${declined._id}`, {
      ...card,
      cardNumber: '4000 0000 0000 0002',
    });
    expect(refused.statusCode).toBe(402);
    const second = await pay(await placeOrder());
    const number = (order: Order) => Number(order.invoice?.number.slice(4));
    expect(number(second)).toBe(number(first) + 1);
    // Two payments at once still take consecutive numbers.
    const [a, b] = await Promise.all([placeOrder(), placeOrder()]);
    const both = await Promise.all([pay(a as Order), pay(b as Order)]);
    expect(both.map(number).sort()).toEqual([number(second) + 1, number(second) + 2]);
  });

  it('is for the customer and admins only, and exists only once the order is paid', async () => {
    const unpaid = await placeOrder();
    const early = expectProblem(
      await client(t.app, buyer).get(`/orders/${unpaid._id}/invoice.pdf`),
      404,
      'not_found',
    );
    expect(early.detail).toBe(
      'This order has no invoice yet: it is issued once the order is paid.',
    );
    const paid = await pay(unpaid);
    expectProblem(
      await client(t.app, other).get(`/orders/${paid._id}/invoice.pdf`),
      403,
      'forbidden',
    );
    expectProblem(
      await client(t.app).get(`/orders/${paid._id}/invoice.pdf`),
      401,
      'unauthenticated',
    );
    expect((await client(t.app, admin).get(`/orders/${paid._id}/invoice.pdf`)).statusCode).toBe(
      200,
    );
    expectProblem(
      await client(t.app, buyer).get(`/orders/${crypto.randomUUID()}/invoice.pdf`),
      404,
      'not_found',
    );
    expectFieldError(
      await client(t.app, buyer).get('/orders/not-an-id/invoice.pdf'),
      'id',
      'params',
    );

    const cancelled = await placeOrder();
    await client(t.app, buyer).delete(`/user/${cancelled._id}`);
    expect(
      expectProblem(
        await client(t.app, buyer).get(`/orders/${cancelled._id}/invoice.pdf`),
        404,
        'not_found',
      ).detail,
    ).toBe('This order was cancelled before it was paid, so it has no invoice.');
  });
});

describe('finding an order by its number', () => {
  it('takes TY-10042, 10042 or the invoice number INV-000042, for admins', async () => {
    const paid = await pay(await placeOrder());
    const asAdmin = client(t.app, admin);
    for (const q of [
      paid.number,
      paid.number.slice(3),
      paid.number.toLowerCase(),
      paid.invoice?.number,
    ]) {
      const response = await asAdmin.get(`/orderlist?q=${encodeURIComponent(q ?? '')}`);
      expect(response.statusCode, `${q}`).toBe(200);
      expect(
        (response.json() as Order[]).map((order) => order._id),
        `${q}`,
      ).toEqual([paid._id]);
    }
    expect((await asAdmin.get('/orderlist?q=TY-999999999')).json()).toEqual([]);
    expect((await asAdmin.get('/orderlist?q=999999999999999')).json()).toEqual([]);
    // Other text searches names, emails and products (order-list.test.ts); nothing matches this.
    expect((await asAdmin.get('/orderlist?q=drop%20table')).json()).toEqual([]);
    expectFieldError(await asAdmin.get('/orderlist?q=TY%00-1'), 'q', 'query');
    expectProblem(await client(t.app, buyer).get(`/orderlist?q=${paid.number}`), 403, 'forbidden');
  });
});

describe('shipping an order', () => {
  it('records the carrier and tracking number, and tells the customer', async () => {
    const paid = await pay(await placeOrder());
    const asAdmin = client(t.app, admin);
    expectFieldError(
      await asAdmin.put(`/order/${paid._id}`, { status: 'shipped', carrier: 'x'.repeat(65) }),
      'carrier',
    );
    expectFieldError(
      await asAdmin.put(`/order/${paid._id}`, { status: 'shipped', trackingNumber: 'a\u0000b' }),
      'trackingNumber',
    );
    const shipped = await asAdmin.put(`/order/${paid._id}`, {
      status: 'shipped',
      carrier: 'DHL Express',
      trackingNumber: 'JD014600006281230',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const order = OrderSchema.parse((await client(t.app, buyer).get(`/orders/${paid._id}`)).json());
    expect(order).toMatchObject({
      status: 'shipped',
      carrier: 'DHL Express',
      trackingNumber: 'JD014600006281230',
      shippedAt: expect.any(String),
    });
    // Sent after the answer, never in its way: wait for the queue.
    await t.app.mailer.drain();
    const mail = t.sentMail.find(
      (sent) => sent.to === buyer.email && sent.subject === `Order ${paid.number} has shipped`,
    );
    expect(mail?.text).toContain('Carrier: DHL Express. Tracking number: JD014600006281230.');
    expect(mail?.text).toContain(`/dashboard/orders/${paid._id}`);
  });

  it('the receipt links the order page and the invoice', async () => {
    const paid = await pay(await placeOrder());
    await t.app.mailer.drain();
    const receipt = t.sentMail.find(
      (sent) => sent.subject === `Payment received for order ${paid.number}`,
    );
    expect(receipt?.text).toContain(
      `Download invoice ${paid.invoice?.number} (PDF): http://localhost:3000/api/orders/${paid._id}/invoice.pdf`,
    );
    expect(receipt?.html).toContain(`/api/orders/${paid._id}/invoice.pdf`);
  });
});
