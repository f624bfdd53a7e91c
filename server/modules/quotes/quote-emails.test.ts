import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote } from '../../../contract/quote-schemas.ts';
import { client } from '../../testing/http.ts';
import { buildMailTestApp, type MailTestApp } from '../../testing/mail-test-app.ts';
import { linkIn } from '../../testing/smtp-sink.ts';
import { TEST_ORIGIN, type TestContext } from '../../testing/test-app.ts';

let mail: MailTestApp;
let t: TestContext;
beforeAll(async () => {
  mail = await buildMailTestApp();
  ({ t } = mail);
});
afterAll(async () => {
  await mail.close();
});

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('emails around a quote (over real SMTP)', () => {
  it('the store hears of a request, a message and an acceptance; the buyer of an offer, a message and a refusal', async () => {
    const { smtp } = mail;
    const admin = await t.signUp({ role: 'Admin', name: 'Sam Store', email: 'sam@example.com' });
    const buyer = await t.signUp({ name: 'Rosa Request', email: 'rosa@example.com' });
    const tool = await t.addTool({
      name: 'Mitre Saw 254 mm',
      sku: 'MS-254',
      quantity: 500,
      minimumOrder: 1,
      price: 24_900,
    });
    const asBuyer = client(t.app, buyer);
    const asAdmin = client(t.app, admin);
    await asBuyer.put('/cart', { lines: [{ toolId: tool.id, quantity: 12 }] });
    const asked = (
      await asBuyer.post('/quotes', { message: 'Twelve for the new crew, please.' })
    ).json() as Quote;

    const request = await smtp.waitFor(admin.email, `Quote ${asked.number} asked for`);
    expect(request.text).toContain('Rosa Request (rosa@example.com) asked for quote');
    expect(request.text).toContain('12 × Mitre Saw 254 mm (SKU MS-254) at $249.00 listed.');
    expect(request.text).toContain('Twelve for the new crew, please.');
    expect(linkIn(request.text, TEST_ORIGIN)).toBe(
      `${TEST_ORIGIN}/dashboard/quote-requests/${asked._id}`,
    );

    await asBuyer.post(`/quotes/${asked._id}/messages`, { body: 'Delivery to the yard?' });
    const message = await smtp.waitFor(admin.email, `New message on quote ${asked.number}`);
    expect(message.text).toContain('Delivery to the yard?');

    await asAdmin.post(`/quote-requests/${asked._id}/messages`, { body: 'Yes, to the yard.' });
    const answer = await smtp.waitFor(buyer.email, `on quote ${asked.number}`);
    expect(answer.text).toContain('Yes, to the yard.');
    expect(linkIn(answer.text, TEST_ORIGIN)).toBe(`${TEST_ORIGIN}/dashboard/quotes/${asked._id}`);

    await asAdmin.post(`/quote-requests/${asked._id}/offer`, {
      lines: [{ position: 1, offeredUnitPrice: 21_000 }],
      validUntil: inDays(14),
    });
    const offer = await smtp.waitFor(buyer.email, `Our offer for quote ${asked.number}`);
    expect(offer.text).toContain('12 × Mitre Saw 254 mm (SKU MS-254) at $210.00 each: $2,520.00.');
    expect(offer.text).toContain('The offer holds until the end of');

    const accepted = (
      await asBuyer.post(`/quotes/${asked._id}/accept`, {
        phone: '+1 555 010 2030',
        address: '3 Yard Lane, Springfield',
      })
    ).json() as Quote;
    const orderNumber = accepted.order?.number ?? '';
    await smtp.waitFor(admin.email, `Quote ${asked.number} accepted: order ${orderNumber}`);
    const confirmation = await smtp.waitFor(buyer.email, `Order ${orderNumber} received`);
    expect(confirmation.text).toContain('at $210.00 each');

    await asBuyer.put('/cart', { lines: [{ toolId: tool.id, quantity: 1 }] });
    const second = (await asBuyer.post('/quotes', { message: 'One more?' })).json() as Quote;
    await asAdmin.post(`/quote-requests/${second._id}/refuse`, {
      reason: 'This saw is being replaced by a new model next month.',
    });
    const refusal = await smtp.waitFor(buyer.email, `Quote ${second.number}: no offer`);
    expect(refusal.text).toContain('This saw is being replaced by a new model next month.');
  });
});
