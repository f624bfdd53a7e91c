import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/orders.ts';
import { client } from '../../testing/http.ts';
import { buildMailTestApp, type MailTestApp } from '../../testing/mail-test-app.ts';
import { linkIn } from '../../testing/smtp-sink.ts';
import { TEST_ORIGIN, type TestContext } from '../../testing/test-app.ts';
import { approvalRequestEmail, awaitingApprovalEmail } from './approval-emails.ts';
import { formatDeadline, orderConfirmationEmail } from './order-emails.ts';

let smtp: MailTestApp['smtp'];
let t: TestContext;
let mail: MailTestApp;

beforeAll(async () => {
  mail = await buildMailTestApp();
  ({ t, smtp } = mail);
});
afterAll(async () => {
  await mail.close();
});

describe('emails around an order (over real SMTP)', () => {
  it('confirmation, payment receipt, shipped notice and an admin cancellation arrive with the right content', async () => {
    const buyer = await t.signUp({ name: 'Mona Mail', email: 'mona@example.com' });
    const asBuyer = client(t.app, buyer);
    const asAdmin = client(t.app, await t.signUp({ role: 'Admin' }));
    const tool = await t.addTool({
      sku: 'OS-125',
      name: 'Orbital Sander 125 mm',
      quantity: 500,
      minimumOrder: 10,
      price: 1250,
    });
    const place = async () => {
      const response = await asBuyer.post(`/user?email=${buyer.email}`, {
        toolId: tool.id,
        orderedNum: 10,
        phone: '+1 555 010 2030',
        address: '9 Mailbox Row, Springfield',
      });
      expect(response.statusCode).toBe(201);
      return response.json() as { _id: string; number: string; paymentDueAt: string };
    };

    const order = await place();
    // The number people read and say, the same in every email: TY- and a sequential number.
    const { number } = order;
    expect(number).toMatch(/^TY-1\d{4,}$/);
    const confirmation = await smtp.waitFor(buyer.email, `Order ${number} received`);
    expect(confirmation.text).toContain(
      '10 × Orbital Sander 125 mm (SKU OS-125) at $12.50 each: $125.00.',
    );
    expect(confirmation.text).toContain('9 Mailbox Row, Springfield');
    // The deadline, in words and in UTC: "Please pay for it by Tuesday, November 24, 2026, 2:05 PM UTC."
    expect(confirmation.text).toContain(
      `Please pay for it by ${formatDeadline(order.paymentDueAt)}.`,
    );
    // In words and in UTC, whatever the reader's time zone.
    expect(formatDeadline('2026-11-24T14:05:00Z')).toBe('Tuesday, November 24, 2026, 2:05 PM UTC');
    expect(linkIn(confirmation.text, TEST_ORIGIN)).toBe(
      `${TEST_ORIGIN}/dashboard/payment/${order._id}`,
    );
    expect(confirmation.html).toContain('Toolyard');

    const paid = await asBuyer.post(`/payment/${order._id}`, {
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
      nameOnCard: 'Mona Mail',
    });
    expect(paid.statusCode).toBe(200);
    const receipt = await smtp.waitFor(buyer.email, `Payment received for order ${number}`);
    expect(receipt.text).toContain('$125.00');
    expect(receipt.text).toContain(paid.json().transactionId);
    expect(receipt.text).toContain('Visa ending in 4242');
    expect(receipt.text).not.toContain('4242 4242 4242 4242');

    expect(
      (await asAdmin.put(`/order/${order._id}`, { status: 'shipped', noTracking: true }))
        .statusCode,
    ).toBe(200);
    const shipped = await smtp.waitFor(buyer.email, `Order ${number} has shipped`);
    expect(shipped.text).toContain('on its way');

    const other = await place();
    expect((await asAdmin.delete(`/user/${other._id}`)).statusCode).toBe(200);
    const cancelled = await smtp.waitFor(buyer.email, `Order ${other.number} was cancelled`);
    expect(cancelled.text).toContain('Our team cancelled');

    expect(cancelled.text).toContain('Nothing was charged.');

    // A customer cancelling their own order gets a record of it too.
    const mine = await place();
    expect((await asBuyer.delete(`/user/${mine._id}`)).statusCode).toBe(200);
    const own = await smtp.waitFor(buyer.email, `Order ${mine.number} was cancelled`);
    expect(own.text).toContain(`As you asked, we cancelled order ${mine.number}.`);
    expect(own.text).toContain('Nothing was charged.');
  });
});

describe('the refund email (over real SMTP)', () => {
  it('lists the lines refunded with their SKU, units and amount, the total and the credit note; a refund by amount says the amount', async () => {
    const buyer = await t.signUp({ name: 'Rene Refund', email: 'rene@example.com' });
    const asBuyer = client(t.app, buyer);
    const asAdmin = client(t.app, await t.signUp({ role: 'Admin' }));
    const sander = await t.addTool({
      sku: 'RS-150',
      name: 'Random Sander 150',
      quantity: 50,
      minimumOrder: 1,
      price: 4500,
    });
    const blades = await t.addTool({
      sku: 'BL-10',
      name: 'Blade Pack',
      quantity: 50,
      minimumOrder: 1,
      price: 990,
    });
    const placed = await asBuyer.post('/orders', {
      lines: [
        { toolId: sander.id, quantity: 2 },
        { toolId: blades.id, quantity: 5 },
      ],
      phone: '+1 555 010 2031',
      address: '11 Refund Row, Springfield',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as { _id: string; number: string };
    const paid = await asBuyer.post(`/payment/${order._id}`, {
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
      nameOnCard: 'Rene Refund',
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const byLines = await asAdmin.post(`/orders/${order._id}/refunds`, {
      lines: [
        { toolId: sander.id, quantity: 1 },
        { toolId: blades.id, quantity: 3 },
      ],
      note: 'Returned unused.',
    });
    expect(byLines.statusCode, byLines.body).toBe(201);
    const first = byLines.json() as { refunds: { creditNote: { number: string } | null }[] };
    const lineMail = await smtp.waitFor(buyer.email, `Refund of $74.70 for order ${order.number}`);
    expect(lineMail.text).toContain('1 × Random Sander 150 (SKU RS-150): $45.00.');
    expect(lineMail.text).toContain('3 × Blade Pack (SKU BL-10): $29.70.');
    expect(lineMail.text).toContain('Total refunded: $74.70.');
    expect(lineMail.text).toContain(
      `Credit note ${first.refunds[0]?.creditNote?.number} records this refund`,
    );
    expect(lineMail.html).toContain('Random Sander 150 (SKU RS-150)');

    const byAmount = await asAdmin.post(`/orders/${order._id}/refunds`, {
      amount: 1000,
      note: 'Goodwill.',
    });
    expect(byAmount.statusCode, byAmount.body).toBe(201);
    const amountMail = await smtp.waitFor(
      buyer.email,
      `Refund of $10.00 for order ${order.number}`,
    );
    expect(amountMail.text).toContain('This refund is an amount of $10.00, not particular goods.');
    expect(amountMail.text).not.toContain('SKU');
    expect(amountMail.text).toContain('$84.70 of its $139.50 is refunded in all.');
    expect(amountMail.text).toMatch(/Credit note CN-\d+ records this refund/);
  });
});

const at = new Date('2026-11-22T10:00:00Z').toISOString();

/** An order as the emails read it: one line of 12,000 boxes, a card order not yet paid. */
const anOrder: Order = {
  _id: '6f819eed-0000-4000-8000-000000000000',
  number: 'TY-10042',
  toolId: '6f819eed-0000-4000-8000-000000000001',
  productName: 'Wood Screws 4 × 40 mm (box)',
  unitPrice: 1250,
  name: 'Mona Mail',
  email: 'mona@example.com',
  orderedNum: 12_000,
  phone: '+1 555 010 2030',
  address: '9 Mailbox Row, Springfield',
  deliveryAddress: null,
  deliveryCountry: null,
  deliveryPostcode: null,
  poNumber: null,
  note: null,
  lines: [
    {
      toolId: '6f819eed-0000-4000-8000-000000000001',
      productName: 'Wood Screws 4 × 40 mm (box)',
      sku: 'WS-440',
      quantity: 12_000,
      unitPrice: 1250,
      lineTotal: 15_000_000,
    },
  ],
  totalAmount: 15_000_000,
  currency: 'USD',
  status: 'unpaid',
  paymentMethod: 'card',
  transactionId: null,
  paymentFailure: null,
  paymentDueAt: at,
  createdAt: at,
  paidAt: null,
  shippedAt: null,
  cancelledAt: null,
  cancelReason: null,
  carrier: null,
  trackingNumber: null,
  delivery: null,
  shipments: [],
  companyName: null,
  vatNumber: null,
  billingAddress: null,
  companyId: null,
  approval: null,
  invoice: null,
  refunds: [],
  refundedAmount: 0,
};

describe('numbers in emails', () => {
  it('groups thousands as the pages do ("1,000 ×", not "1000 ×")', () => {
    const mail = orderConfirmationEmail(
      { storeName: 'Toolyard', publicUrl: TEST_ORIGIN },
      anOrder,
      null,
    );
    expect(mail.text).toContain(
      '12,000 × Wood Screws 4 × 40 mm (box) (SKU WS-440) at $12.50 each: $150,000.00.',
    );
  });
});

describe('a purchase order number in emails', () => {
  it("is named as the order's, not as the reader's: an approver reads it too", () => {
    const store = { storeName: 'Toolyard', publicUrl: TEST_ORIGIN };
    const order = { ...anOrder, poNumber: 'PO-7781' };
    for (const mail of [
      orderConfirmationEmail(store, order, null),
      approvalRequestEmail(store, order, 'It is above your limit.', null, { name: 'Olive Owner' }),
    ]) {
      expect(mail.text).toContain('Purchase order: PO-7781.');
      expect(mail.text).not.toContain('Your purchase order');
    }
  });
});

describe('the emails of an order waiting for approval', () => {
  it('say how it is taxed, in the sentence its invoice will print', () => {
    const store = { storeName: 'Toolyard', publicUrl: TEST_ORIGIN };
    const order = { ...anOrder, status: 'awaiting_approval' as const };
    const because = 'It is above your limit.';
    const taxes = [
      [
        { taxRate: 20, taxTreatment: 'taxed', taxCountry: 'FR', taxRegion: null },
        'Prices include tax at 20% (France).',
      ],
      [
        { taxRate: 0, taxTreatment: 'reverse_charge', taxCountry: 'DE', taxRegion: null },
        'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).',
      ],
      [
        { taxRate: 0, taxTreatment: 'exempt', taxCountry: 'GB', taxRegion: null },
        'Tax exempt: no tax is charged on this supply, as the buyer is exempt.',
      ],
    ] as const;
    for (const [tax, sentence] of taxes) {
      for (const mail of [
        awaitingApprovalEmail(store, order, because, tax),
        approvalRequestEmail(store, order, because, tax, { name: 'Olive Owner' }),
      ])
        expect(mail.text).toContain(sentence);
    }
  });
});
