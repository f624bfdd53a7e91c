import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AddressFields, AddressSchema } from '../../../contract/addresses.ts';
import { AuditEntrySchema } from '../../../contract/audit.ts';
import { OrderSchema } from '../../../contract/orders.ts';
import {
  CompanyVatNumberSchema,
  TaxDecisionSchema,
  TaxExemptionSchema,
  TaxRateSchema,
  vatNumberCountry,
} from '../../../contract/tax.ts';
import { companies, user } from '../../db/schema.ts';
import { addCompany } from '../../testing/companies.ts';
import { client, expectFieldError, expectProblem, UNKNOWN_ID } from '../../testing/http.ts';
import { IRISH_STORE } from '../../testing/irish-store.ts';
import { addQuote } from '../../testing/quote-fixtures.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';
import { bookAddress } from '../../testing/valid-requests.ts';
import { decideTax, rateOf } from './tax-decision.ts';

/**
 * Tax by destination (decision 064). The store here sells from Ireland with prices including its
 * 23 % VAT: a buyer in Ireland pays the shelf price, one in France pays it with France's 20 %
 * instead, a business in Germany with a German VAT number pays it without tax (reverse charge),
 * and a tax-exempt buyer pays it without tax anywhere.
 */

let t: TestContext;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ invoicing: IRISH_STORE });
  admin = await t.signUp({ role: 'Admin', name: 'Tax Admin' });
  for (const rate of [
    { country: 'IE', rate: 23 },
    { country: 'FR', rate: 20 },
    { country: 'DE', rate: 19 },
    { country: 'ES', rate: 21 },
    { country: 'ES', region: 'Canary Islands', postcodePrefixes: ['35', '38'], rate: 0 },
    { country: 'US', rate: 0, label: 'Sales tax' },
  ]) {
    const response = await client(t.app, admin).post('/tax-rates', rate);
    expect(response.statusCode, response.body).toBe(201);
  }
});
afterAll(async () => {
  await t.close();
});

async function addAddress(who: TestUser, fields: Partial<AddressFields>) {
  const response = await client(t.app, who).post('/addresses', { ...bookAddress, ...fields });
  expect(response.statusCode, response.body).toBe(201);
  return AddressSchema.parse(response.json());
}

/** Places one order of 3 units of a tool at 123.00 (and `price`) to an address in `country`. */
async function orderTo(
  buyer: TestUser,
  fields: Partial<AddressFields>,
  options: { price?: number; paymentMethod?: 'account' } = {},
) {
  const tool = await t.addTool({ quantity: 100, minimumOrder: 1, price: options.price ?? 12_300 });
  const address = await addAddress(buyer, fields);
  const response = await client(t.app, buyer).post('/orders', {
    lines: [{ toolId: tool.id, quantity: 3 }],
    addressId: address._id,
    ...(options.paymentMethod ? { paymentMethod: options.paymentMethod } : {}),
  });
  expect(response.statusCode, response.body).toBe(201);
  return OrderSchema.parse(response.json());
}

async function invoiceText(who: TestUser, orderId: string): Promise<string> {
  const pdf = await client(t.app, who).get(`/orders/${orderId}/invoice.pdf`);
  expect(pdf.statusCode, pdf.body).toBe(200);
  const document = await getDocumentProxy(new Uint8Array(pdf.rawPayload));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('what a VAT number looks like', () => {
  it('knows each member state by its prefix and form, whatever the spacing', () => {
    expect(vatNumberCountry('DE 123 456 789')).toBe('DE');
    expect(vatNumberCountry('fr12345678901')).toBe('FR');
    expect(vatNumberCountry('EL-123456789')).toBe('GR');
    expect(vatNumberCountry('NL123456789B01')).toBe('NL');
    expect(vatNumberCountry('IE6388047V')).toBe('IE');
    expect(vatNumberCountry('ATU12345678')).toBe('AT');
  });

  it('refuses numbers of the wrong form, countries outside the EU and nothing', () => {
    expect(vatNumberCountry('DE12345678')).toBeNull();
    expect(vatNumberCountry('GB123456789')).toBeNull();
    expect(vatNumberCountry('AT12345678')).toBeNull();
    expect(vatNumberCountry('')).toBeNull();
    expect(vatNumberCountry(null)).toBeNull();
  });
});

describe('the rate of a destination', () => {
  const rates = [
    { country: 'ES', region: null, postcodePrefixes: [], rateBasisPoints: 2100, label: 'IVA' },
    {
      country: 'ES',
      region: 'Canary Islands',
      postcodePrefixes: ['35', '38'],
      rateBasisPoints: 0,
      label: 'IVA',
    },
    { country: 'ES', region: 'Ceuta', postcodePrefixes: ['51'], rateBasisPoints: 0, label: 'IVA' },
  ];

  it("takes the region whose postcodes match, and the country's own otherwise", () => {
    expect(rateOf(rates, { country: 'ES', postcode: '35001' })?.region).toBe('Canary Islands');
    expect(rateOf(rates, { country: 'ES', postcode: '51 001' })?.region).toBe('Ceuta');
    expect(rateOf(rates, { country: 'ES', postcode: '28001' })?.region).toBeNull();
    expect(rateOf(rates, { country: 'PT', postcode: '1000' })).toBeUndefined();
  });

  it('charges the store its own rate where no rate is set, and none to an exempt buyer', () => {
    const settings = { taxRateBasisPoints: 2300, pricesIncludeTax: true, euSellerCountry: 'IE' };
    const facts = { vatNumber: null, verifiedVatNumber: null, exempt: false, rates: [] };
    const nowhere = decideTax({ ...facts, destination: null }, settings);
    expect([nowhere.treatment, nowhere.rateBasisPoints]).toEqual(['taxed', 2300]);
    const exempt = decideTax(
      { ...facts, exempt: true, destination: { country: 'FR', postcode: '1' } },
      settings,
    );
    expect([exempt.treatment, exempt.rateBasisPoints]).toEqual(['exempt', 0]);
  });

  it('names the destination as a sentence does: "the Netherlands", "the United Kingdom", "Germany"', () => {
    const settings = { taxRateBasisPoints: 0, pricesIncludeTax: false, euSellerCountry: 'IE' };
    const facts = { vatNumber: null, verifiedVatNumber: null, exempt: false };
    const dutch = {
      country: 'NL',
      region: null,
      postcodePrefixes: [],
      rateBasisPoints: 2100,
      label: 'BTW',
    };
    const to = (country: string, rates: (typeof dutch)[]) =>
      decideTax({ ...facts, rates, destination: { country, postcode: '1' } }, settings).sentence;
    expect(to('NL', [dutch])).toBe('Prices include BTW at 21% for the Netherlands.');
    expect(to('GB', [])).toBe('No tax applies to orders to the United Kingdom.');
    expect(to('DE', [])).toBe('No tax applies to orders to Germany.');
  });

  it('gives no reverse charge when the seller is outside the EU or the VAT number is of another country', () => {
    const facts = {
      vatNumber: 'DE123456789',
      verifiedVatNumber: 'DE 123 456 789',
      exempt: false,
      rates: [],
    };
    const toGermany = { ...facts, destination: { country: 'DE', postcode: '10115' } };
    const outside = { taxRateBasisPoints: 2000, pricesIncludeTax: true, euSellerCountry: null };
    expect(decideTax(toGermany, outside).treatment).toBe('taxed');
    const inIreland = { ...outside, euSellerCountry: 'IE' };
    expect(decideTax(toGermany, inIreland).treatment).toBe('reverse_charge');
    const toFrance = { ...facts, destination: { country: 'FR', postcode: '75001' } };
    expect(decideTax(toFrance, inIreland).treatment).toBe('taxed');
    const home = {
      ...facts,
      vatNumber: 'IE6388047V',
      destination: { country: 'IE', postcode: 'D02' },
    };
    expect(decideTax(home, inIreland).treatment).toBe('taxed');
  });
});

describe('orders taxed by destination', () => {
  it('charges a home buyer the shelf price, with the tax it includes', async () => {
    const buyer = await t.signUp();
    const order = await orderTo(buyer, { country: 'IE', postcode: 'D02 X285' });
    expect(order.lines[0]?.unitPrice).toBe(12_300);
    expect(order.totalAmount).toBe(36_900);
    await t.markPaid(order._id, `txn_${order._id}`);
    const paid = OrderSchema.parse((await client(t.app, buyer).get(`/orders/${order._id}`)).json());
    expect(paid.invoice).toMatchObject({
      taxRate: 23,
      taxAmount: 6900,
      netAmount: 30_000,
      taxTreatment: 'taxed',
      taxCountry: 'IE',
      taxLines: [{ rate: 23, base: 30_000, amount: 6900 }],
    });
    const text = await invoiceText(buyer, order._id);
    expect(text).toContain('Tax at 23% on $300.00 $69.00');
    expect(text).toContain('Prices include tax at 23% (Ireland)');
  });

  it("charges a buyer in France the price without Ireland's tax and with France's", async () => {
    const buyer = await t.signUp();
    const order = await orderTo(buyer, { country: 'FR', postcode: '75001' });
    // 123.00 includes 23 %: 100.00 without it, 120.00 with France's 20 %.
    expect(order.lines[0]?.unitPrice).toBe(12_000);
    expect(order.totalAmount).toBe(36_000);
    await t.markPaid(order._id, `txn_${order._id}`);
    const paid = OrderSchema.parse((await client(t.app, buyer).get(`/orders/${order._id}`)).json());
    expect(paid.invoice?.taxLines).toEqual([{ rate: 20, base: 30_000, amount: 6000 }]);
  });

  it('takes the rate of a region from the postcode: none to the Canary Islands', async () => {
    const buyer = await t.signUp();
    const canaries = await orderTo(buyer, { country: 'ES', postcode: '35001' });
    expect(canaries.totalAmount).toBe(30_000);
    const madrid = await orderTo(buyer, { country: 'ES', postcode: '28001' });
    expect(madrid.totalAmount).toBe(36_300);
    // The region as its admin named it, with the article a sentence gives it.
    const said = await client(t.app, buyer).get('/tax/destination?country=ES&postcode=35001');
    expect(TaxDecisionSchema.parse(said.json())).toMatchObject({
      region: 'Canary Islands',
      sentence: 'No tax applies to orders to the Canary Islands.',
    });
    await t.markPaid(canaries._id, `txn_${canaries._id}`);
    expect(await invoiceText(buyer, canaries._id)).toContain(
      'No tax is charged on deliveries to the Canary Islands.',
    );
  });

  it('gives a company whose VAT number of the destination an admin verified the reverse charge, and says so on the invoice', async () => {
    const owner = await t.signUp();
    const company = await addCompany(t, owner, [], {
      vatNumber: 'DE 123 456 789',
      name: 'Werkzeug GmbH',
    });
    // Typed in by the company, not yet checked: taxed in Germany (123.00 is 100.00 + 19 %).
    const unchecked = await orderTo(owner, { country: 'DE', postcode: '10115' });
    expect(unchecked.totalAmount).toBe(35_700);
    const toCheck = await client(t.app, admin).get('/tax/vat-numbers?state=unverified&limit=100');
    expect((toCheck.json() as { companyId: string }[]).map((each) => each.companyId)).toContain(
      company.id,
    );
    const verified = await client(t.app, admin).put(`/tax/vat-numbers/${company.id}`, {
      vatNumber: 'DE123456789',
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(CompanyVatNumberSchema.parse(verified.json())).toMatchObject({
      country: 'DE',
      isVerified: true,
    });
    const decision = TaxDecisionSchema.parse(
      (await client(t.app, owner).get('/tax/destination?country=DE&postcode=10115')).json(),
    );
    expect(decision).toMatchObject({
      treatment: 'reverse_charge',
      rateBasisPoints: 0,
      includedBasisPoints: 2300,
    });
    const order = await orderTo(owner, { country: 'DE', postcode: '10115' });
    expect(order.totalAmount).toBe(30_000);
    await t.markPaid(order._id, `txn_${order._id}`);
    const paid = OrderSchema.parse((await client(t.app, owner).get(`/orders/${order._id}`)).json());
    expect(paid.invoice).toMatchObject({
      taxRate: 0,
      taxAmount: 0,
      taxTreatment: 'reverse_charge',
      taxLines: [{ rate: 0, base: 30_000, amount: 0 }],
    });
    const text = await invoiceText(owner, order._id);
    expect(text).toContain('Reverse charge: VAT to be accounted for by the recipient');
    await t.app.mailer.drain();
    const [receipt] = t.sentMail.filter(
      (mail) => mail.to === owner.email && mail.subject.startsWith('Payment received'),
    );
    expect(receipt?.text).toContain('Reverse charge: VAT to be accounted for by the recipient');
    expect(text).toContain('VAT / tax number: DE 123 456 789');
    expect(text).not.toContain('incl. tax');
    // The same company ordering to France is taxed there: its VAT number is Germany's.
    const toFrance = await orderTo(owner, { country: 'FR', postcode: '75001' });
    expect(toFrance.totalAmount).toBe(36_000);
  });

  it('taxes an order to a typed address at the store rate, and an order on account at placement', async () => {
    const buyer = await t.signUp();
    const tool = await t.addTool({ quantity: 100, minimumOrder: 1, price: 12_300 });
    const typed = await client(t.app, buyer).post('/orders', {
      lines: [{ toolId: tool.id, quantity: 1 }],
      phone: '+353 1 555 0100',
      address: '1 Quay Street\nGalway',
    });
    expect(typed.statusCode, typed.body).toBe(201);
    expect(OrderSchema.parse(typed.json()).totalAmount).toBe(12_300);

    await client(t.app, admin).put('/payment-terms', {
      userId: buyer.id,
      netDays: 30,
      creditLimit: 1_000_000,
    });
    const onAccount = await orderTo(
      buyer,
      { country: 'FR', postcode: '69001' },
      { paymentMethod: 'account' },
    );
    expect(onAccount.invoice).toMatchObject({
      taxRate: 20,
      taxAmount: 6000,
      taxTreatment: 'taxed',
      taxCountry: 'FR',
    });
  });
});

describe('tax-exempt buyers', () => {
  it('are marked by an admin, pay without tax anywhere, and lose it when it ends', async () => {
    const buyer = await t.signUp();
    const set = await client(t.app, admin).put('/tax-exemptions', {
      userId: buyer.id,
      reference: 'Certificate EX-2026-0042',
    });
    expect(set.statusCode, set.body).toBe(200);
    const exemption = TaxExemptionSchema.parse(set.json());
    expect(exemption.buyer).toMatchObject({ type: 'customer', id: buyer.id });

    const order = await orderTo(buyer, { country: 'IE', postcode: 'D02' });
    expect(order.totalAmount).toBe(30_000);
    await t.markPaid(order._id, `txn_${order._id}`);
    expect(await invoiceText(buyer, order._id)).toContain('Tax exempt: no tax is charged');

    const list = await client(t.app, admin).get('/tax-exemptions?limit=100');
    expect(list.headers['x-total-count']).toBeDefined();
    expect((list.json() as { _id: string }[]).map((each) => each._id)).toContain(exemption._id);

    const cleared = await client(t.app, admin).delete(`/tax-exemptions/${exemption._id}`);
    expect(cleared.statusCode, cleared.body).toBe(200);
    const after = await orderTo(buyer, { country: 'IE', postcode: 'D02' });
    expect(after.totalAmount).toBe(36_900);
    expectProblem(
      await client(t.app, admin).delete(`/tax-exemptions/${exemption._id}`),
      404,
      'not_found',
    );
  });

  it("go by the company's exemption for its members, never their own", async () => {
    const owner = await t.signUp();
    const buyer = await t.signUp();
    const company = await addCompany(t, owner, [{ user: buyer, role: 'buyer' }]);
    const own = await client(t.app, admin).put('/tax-exemptions', {
      userId: buyer.id,
      reference: 'Own certificate',
    });
    expectProblem(own, 409, 'in_company');
    await client(t.app, admin).put('/tax-exemptions', {
      companyId: company.id,
      reference: 'Charity 12345',
    });
    const said = await client(t.app, buyer).get('/tax/destination?country=FR');
    expect(TaxDecisionSchema.parse(said.json()).treatment).toBe('exempt');
    const order = await orderTo(buyer, { country: 'FR', postcode: '75001' });
    expect(order.totalAmount).toBe(30_000);
  });
});

describe('an accepted quote', () => {
  it('is charged as its destination taxes the offer, and refused when the buyer was shown another total', async () => {
    const buyer = await t.signUp();
    const tool = await t.addTool({ quantity: 100, minimumOrder: 1, price: 12_300 });
    const address = await addAddress(buyer, { country: 'FR', postcode: '75001' });
    // Ten at the offered 10.00 (prices include Ireland's 23 %): 9.76 each in France at 20 %.
    const quote = await addQuote(t, buyer.id, tool, 'offered');
    const shownOffer = await client(t.app, buyer).post(`/quotes/${quote.id}/accept`, {
      addressId: address._id,
      expectedTotal: 10_000,
    });
    expectProblem(shownOffer, 409, 'price_changed');
    const accepted = await client(t.app, buyer).post(`/quotes/${quote.id}/accept`, {
      addressId: address._id,
      expectedTotal: 9760,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const orderId = (accepted.json() as { order: { id: string } }).order.id;
    const order = OrderSchema.parse((await client(t.app, buyer).get(`/orders/${orderId}`)).json());
    expect(order.totalAmount).toBe(9760);
  });
});

describe('the admin keeps the rates', () => {
  it('adds, changes and deletes a rate, each written to the audit log', async () => {
    const created = await client(t.app, admin).post('/tax-rates', {
      country: 'PT',
      rate: 23,
      label: 'IVA',
    });
    expect(created.statusCode, created.body).toBe(201);
    const rate = TaxRateSchema.parse(created.json());
    const twice = await client(t.app, admin).post('/tax-rates', { country: 'PT', rate: 6 });
    expect(expectProblem(twice, 409, 'tax_rate_exists').detail).toBe(
      'All of Portugal has a rate already: change that one.',
    );
    const changed = await client(t.app, admin).patch(`/tax-rates/${rate._id}`, { rate: 22.5 });
    expect(TaxRateSchema.parse(changed.json()).rate).toBe(22.5);
    const listed = await client(t.app, admin).get('/tax-rates');
    expect((listed.json() as { country: string }[]).some((each) => each.country === 'PT')).toBe(
      true,
    );
    const deleted = await client(t.app, admin).delete(`/tax-rates/${rate._id}`);
    expect(deleted.json()).toEqual({ deletedCount: 1 });
    expectProblem(await client(t.app, admin).delete(`/tax-rates/${rate._id}`), 404, 'not_found');

    const audit = await client(t.app, admin).get('/audit?limit=20');
    const entries = (audit.json() as unknown[])
      .map((entry) => AuditEntrySchema.parse(entry))
      .filter((entry) => entry.target.id === rate._id);
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'tax_rate.created',
      'tax_rate.deleted',
      'tax_rate.updated',
    ]);
    // Named as people name the place, not by its code.
    expect(new Set(entries.map((entry) => entry.target.label))).toEqual(new Set(['Portugal']));
  });

  it('refuses a region without postcodes, postcodes without a region and a rate above 100', async () => {
    expectFieldError(
      await client(t.app, admin).post('/tax-rates', { country: 'IT', region: 'Livigno', rate: 0 }),
      'postcodePrefixes',
    );
    expectFieldError(
      await client(t.app, admin).post('/tax-rates', {
        country: 'IT',
        postcodePrefixes: ['23041'],
        rate: 0,
      }),
      'region',
    );
    expectFieldError(
      await client(t.app, admin).post('/tax-rates', { country: 'IT', rate: 101 }),
      'rate',
    );
    expectFieldError(
      await client(t.app, admin).post('/tax-rates', { country: 'IT', rate: 22.123 }),
      'rate',
    );
    expectProblem(
      await client(t.app, admin).patch(`/tax-rates/${UNKNOWN_ID}`, { rate: 1 }),
      404,
      'not_found',
    );
  });

  it("refuses a region claiming another region's postcodes, and changes a region's postcodes alone", async () => {
    const made = await client(t.app, admin).post('/tax-rates', {
      country: 'IT',
      region: 'Livigno',
      postcodePrefixes: ['23041'],
      rate: 0,
    });
    expect(made.statusCode, made.body).toBe(201);
    const livigno = TaxRateSchema.parse(made.json());
    const clash = await client(t.app, admin).post('/tax-rates', {
      country: 'IT',
      region: 'Campione',
      postcodePrefixes: ['22061', '23041'],
      rate: 0,
    });
    expectProblem(clash, 409, 'postcode_prefix_taken');
    expect(clash.json().detail).toBe(
      'Postcodes beginning 23041 belong to Livigno already: take them from there first.',
    );
    const again = await client(t.app, admin).post('/tax-rates', {
      country: 'NL',
      region: 'Wadden Islands',
      postcodePrefixes: ['8881'],
      rate: 9,
    });
    expect(again.statusCode, again.body).toBe(201);
    const twice = await client(t.app, admin).post('/tax-rates', {
      country: 'NL',
      region: 'wadden islands',
      postcodePrefixes: ['8891'],
      rate: 9,
    });
    expect(expectProblem(twice, 409, 'tax_rate_exists').detail).toBe(
      'There is a rate for the wadden islands in the Netherlands already: change that one.',
    );
    const widened = await client(t.app, admin).patch(`/tax-rates/${livigno._id}`, {
      postcodePrefixes: ['23041', '23030'],
    });
    expect(TaxRateSchema.parse(widened.json()).postcodePrefixes).toEqual(['23041', '23030']);
    const renamed = await client(t.app, admin).patch(`/tax-rates/${livigno._id}`, {
      region: 'Livigno and Trepalle',
    });
    expect(TaxRateSchema.parse(renamed.json()).region).toBe('Livigno and Trepalle');
    expectFieldError(
      await client(t.app, admin).patch(`/tax-rates/${livigno._id}`, { postcodePrefixes: [] }),
      'postcodePrefixes',
    );
  });

  it('is for admins only; a customer reads only how their own order is taxed', async () => {
    const customer = await t.signUp();
    expectProblem(await client(t.app, customer).get('/tax-rates'), 403, 'forbidden');
    expectProblem(
      await client(t.app, customer).post('/tax-rates', { country: 'IT', rate: 22 }),
      403,
      'forbidden',
    );
    expectProblem(
      await client(t.app, customer).put('/tax-exemptions', { userId: customer.id, reference: 'x' }),
      403,
      'forbidden',
    );
    const own = await client(t.app, customer).get('/tax/destination?country=FR');
    expect(TaxDecisionSchema.parse(own.json()).rateBasisPoints).toBe(2000);
    expect((await client(t.app).get('/tax/destination?country=FR')).statusCode).toBe(401);
  });
});

describe('the reverse charge rests on a number an admin verified', () => {
  it("never on a customer's own profile, nor on a company's number changed after it was verified", async () => {
    const buyer = await t.signUp();
    await t.db.update(user).set({ vatNumber: 'FR12345678901' }).where(eq(user.id, buyer.id));
    const own = await orderTo(buyer, { country: 'FR', postcode: '75001' });
    expect(own.totalAmount).toBe(36_000);

    const owner = await t.signUp();
    const company = await addCompany(t, owner, [], { vatNumber: 'FR 98 765432109' });
    const verify = (vatNumber: string) =>
      client(t.app, admin).put(`/tax/vat-numbers/${company.id}`, { vatNumber });
    // The admin checked another number than the company gives: refused, nothing changed.
    expectProblem(await verify('FR11111111111'), 409, 'vat_number_changed');
    expect((await verify('FR98765432109')).statusCode).toBe(200);
    expect((await orderTo(owner, { country: 'FR', postcode: '75001' })).totalAmount).toBe(30_000);
    await t.db
      .update(companies)
      .set({ vatNumber: 'FR12345678901' })
      .where(eq(companies.id, company.id));
    expect((await orderTo(owner, { country: 'FR', postcode: '75001' })).totalAmount).toBe(36_000);
    const listed = await client(t.app, admin).get('/tax/vat-numbers?state=unverified&limit=100');
    const row = (listed.json() as { companyId: string; isVerified: boolean }[]).find(
      (each) => each.companyId === company.id,
    );
    expect(row?.isVerified).toBe(false);

    // Withdrawn: taxed again, and audited.
    await verify('FR12345678901');
    const withdrawn = await client(t.app, admin).delete(`/tax/vat-numbers/${company.id}`);
    expect(CompanyVatNumberSchema.parse(withdrawn.json()).isVerified).toBe(false);
    expect((await orderTo(owner, { country: 'FR', postcode: '75001' })).totalAmount).toBe(36_000);
    const audit = await client(t.app, admin).get('/audit?limit=50');
    const actions = (audit.json() as unknown[])
      .map((entry) => AuditEntrySchema.parse(entry))
      .filter((entry) => entry.target.id === company.id)
      .map((entry) => entry.action);
    expect(actions).toContain('tax_vat_number.withdrawn');
    expect(actions).toContain('tax_vat_number.verified');
    expectProblem(
      await client(t.app, admin).put(`/tax/vat-numbers/${UNKNOWN_ID}`, { vatNumber: 'FR1' }),
      404,
      'not_found',
    );
  });
});
