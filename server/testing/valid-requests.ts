import { randomUUID } from 'node:crypto';
import { CartSchema } from '../../contract/cart.ts';
import { type Order, OrderSchema } from '../../contract/orders.ts';
import {
  companyMembers,
  companies as companyRows,
  orderRefunds,
  payments,
  savedListLines,
  savedLists,
} from '../db/schema.ts';
import type { SessionUser } from '../http/session.ts';
import { addImportProgress, catalogueFile } from './catalogue-files.ts';
import { type CompanyFixture, companyFixture, leaveCompany } from './companies.ts';
import { client } from './http.ts';
import { multipartForm, PDF_BYTES, pngImage } from './images.ts';
import { addQuote, closeOpenQuotes } from './quote-fixtures.ts';
import { asSessionUser } from './session-user.ts';
import { addTerms } from './terms-fixtures.ts';
import type { TestAccount, TestContext, TestUser } from './test-app.ts';

/**
 * A valid, state-changing request for every mutating route of the contract, keyed by
 * `METHOD path`: each would succeed for an admin on our own site. Tests that prove a refused
 * request changed nothing start from these.
 */

export interface Fixture {
  admin: TestUser;
  tool: { id: string; sku: string };
  /** A category holding no tool or sub-category, with one specification (a number). */
  category: { id: string; attributeId: string };
  unpaidOrder: Order;
  paidOrder: Order;
  /** The credit note of a refund on another paid order of the admin's (CN-…). */
  creditNote: string;
  /** A refund of another paid order of the admin's that its provider never answered. */
  unansweredRefund: { orderId: string; refundId: string };
  /** Paid and shipped without tracking. */
  shippedOrder: Order;
  someone: TestAccount;
  /** A review posted by `someone`. */
  review: { id: string };
  /** The version of the admin's cart, which holds 10 of `tool`. */
  cartVersion: number;
  /** A catalogue import's progress (a finished dry run). */
  catalogueImport: { id: string };
  /** Quotes the admin asked for (as a customer): one waiting for an offer, one offered. */
  requestedQuote: { id: string };
  offeredQuote: { id: string };
  /** An order waiting for its company's approval, and the company's approver (signed in). */
  awaiting: { order: Order; approver: TestUser };
  /** The admin's company and invitations (server/testing/companies.ts). */
  companies: CompanyFixture;
  /** An address in the admin's own address book. */
  address: { id: string };
  /** A saved list of the admin's, holding 10 of `tool`. */
  list: { id: string };
  /** Payment terms of `someone`'s (a customer without a company), and an order of theirs on them. */
  terms: { id: string };
  onAccountOrder: Order;
  /** Another order of theirs on account, paid in full and then credited one cent: owed to them. */
  overpaidOrder: Order;
  /** A delivery method to Great Britain. */
  deliveryMethod: { id: string };
  /** New Zealand's tax rate, and `someone`'s tax exemption. */
  taxRate: { id: string };
  taxExemption: { id: string };
  /** A company (no members) with a German VAT number, not verified. */
  vatCompany: { id: string; vatNumber: string };
}

/** A paid order of `place`'s, refunded one cent: its credit note's number. */
export async function refundedOrderCreditNote(
  t: TestContext,
  admin: SessionUser,
  place: () => Promise<Order>,
): Promise<string> {
  const order = await place();
  await t.markPaid(order._id, `txn_${randomUUID()}`);
  const refunded = await t.app.services.orders.refund(admin, order._id, {
    amount: 1,
    note: 'A cent back, for its credit note.',
    returnToStock: false,
  });
  const number = refunded.refunds[0]?.creditNote?.number;
  if (!number) throw new Error('the refund issued no credit note');
  return number;
}

/**
 * A paid order of `place`'s (through the test gateway) with a refund its provider never answered:
 * pending with no reference, as a store that stopped between recording a refund and hearing back
 * leaves it (the test gateway itself always answers).
 */
export async function unansweredRefund(
  t: TestContext,
  admin: { id: string },
  place: () => Promise<Order>,
): Promise<{ orderId: string; refundId: string }> {
  const order = await place();
  const reference = `txn_test_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
  await t.markPaid(order._id, reference);
  await t.db.insert(payments).values({
    orderId: order._id,
    provider: 'test',
    reference,
    status: 'succeeded',
    amount: order.totalAmount,
    currency: order.currency,
  });
  const [refund] = await t.db
    .insert(orderRefunds)
    .values({
      orderId: order._id,
      amount: 1,
      note: 'A cent back; the provider never answered.',
      provider: 'test',
      status: 'pending',
      recordedBy: admin.id,
    })
    .returning({ id: orderRefunds.id });
  if (!refund) throw new Error('no refund');
  return { orderId: order._id, refundId: refund.id };
}

export const delivery = { phone: '+1 555 010 2030', address: '42 Workshop Road, Springfield' };

/** A valid delivery method: by weight to Great Britain and Germany, free above 500.00. */
export const deliveryMethod = {
  name: 'Matrix parcel',
  countries: ['GB' as const, 'DE' as const],
  priceBasis: 'weight' as const,
  bands: [
    { upTo: 5000, price: 595 },
    { upTo: null, price: 1495 },
  ],
  freeAbove: 50000,
  workingDays: 2,
  cutOffTime: '15:00',
  isActive: true,
};

/** A valid address for the address book. */
export const bookAddress = {
  label: 'Matrix yard',
  recipient: 'Mat Rix',
  line1: '1 Matrix Road',
  postcode: 'MX1 1AA',
  city: 'Leeds',
  country: 'GB' as const,
  phone: '+44 113 496 0000',
};

/**
 * Fresh objects for one request to act on: a tool, an unpaid and a paid order, a plain user, a
 * review, and the admin's cart filled with the tool.
 */
let fixtures = 0;

export async function makeFixture(t: TestContext, admin: TestUser): Promise<Fixture> {
  // A company route before may have left the admin a viewer somewhere, who orders nothing: the
  // orders below are placed on their own, and companyFixture gives them a company of their own.
  await leaveCompany(t, admin);
  const tool = await t.addTool({ quantity: 1000, minimumOrder: 10 });
  const place = async () => {
    const response = await client(t.app, admin).post(`/user?email=${admin.email}`, {
      toolId: tool.id,
      orderedNum: 10,
      ...delivery,
    });
    return OrderSchema.parse(response.json());
  };
  const unpaidOrder = await place();
  const paidOrder = await place();
  await t.markPaid(paidOrder._id, `txn_${randomUUID()}`);
  const placedToShip = await place();
  await t.markPaid(placedToShip._id, `txn_${randomUUID()}`);
  const shippedOrder = await t.app.services.orders.ship(
    asSessionUser(admin, 'Admin'),
    placedToShip._id,
    { status: 'shipped', noTracking: true },
  );
  // Someone else, with a paid order of a tool of its own and a review, made through the services:
  // no request of these tests is sent as them, so they need no session (and no password check).
  const someone = await t.addAccount();
  const asSomeone = asSessionUser(someone);
  const bought = await t.addTool();
  const theirs = await t.app.services.orders.placeLines(asSomeone, {
    lines: [{ toolId: bought.id, quantity: bought.minimumOrder }],
    ...delivery,
  });
  await t.markPaid(theirs._id, `txn_${randomUUID()}`);
  const posted = await t.app.services.reviews.post(asSomeone, {
    review: 'Sturdy tools, quick delivery.',
    rating: 4,
  });
  const review = { id: posted._id };
  const cart = await client(t.app, admin).put('/cart', {
    lines: [{ toolId: tool.id, quantity: 10 }],
  });
  const cartVersion = CartSchema.parse(cart.json()).version;
  const categoryRow = await t.addCategory();
  const category = { id: categoryRow.id, attributeId: (await t.addAttribute(categoryRow.id)).id };
  const catalogueImport = await addImportProgress(t);
  await closeOpenQuotes(t, admin.id);
  const requestedQuote = await addQuote(t, admin.id, tool, 'requested');
  const offeredQuote = await addQuote(t, admin.id, tool, 'offered');
  const awaiting = await awaitingApproval(t, tool.id);
  // The admin's company first: the address and the list below are then of its book.
  const companies = await companyFixture(t, admin);
  // Written straight in: one fixture per route would pass the cap on lists one person makes.
  const [list] = await t.db
    .insert(savedLists)
    .values({ userId: admin.id, name: 'Fixture kit' })
    .returning();
  if (!list) throw new Error('no list');
  await t.db
    .insert(savedListLines)
    .values({ listId: list.id, toolId: tool.id, quantity: 10, position: 1 });
  const terms = await addTerms(t, someone.id, { creditLimit: 1_000_000_000 });
  const onAccountOrder = await t.app.services.orders.placeLines(asSomeone, {
    lines: [{ toolId: bought.id, quantity: bought.minimumOrder }],
    ...delivery,
    paymentMethod: 'account',
  });
  const asAdmin = asSessionUser(admin, 'Admin');
  const overpaidOrder = await t.app.services.orders.placeLines(asSomeone, {
    lines: [{ toolId: bought.id, quantity: bought.minimumOrder }],
    ...delivery,
    paymentMethod: 'account',
  });
  await t.app.services.terms.recordPayment(asAdmin, overpaidOrder._id, {
    amount: overpaidOrder.totalAmount,
    receivedOn: new Date().toISOString().slice(0, 10),
    reference: 'FIXTURE-ALL',
  });
  await t.app.services.orders.refund(asAdmin, overpaidOrder._id, {
    amount: 1,
    note: 'A cent back after payment: owed to the buyer.',
    returnToStock: false,
  });
  // The book's first address is its default: the one requests act on is a second, so that
  // making it the default changes something.
  await t.app.services.addresses.create(asAdmin, { ...bookAddress, label: 'Main yard' });
  const address = await t.app.services.addresses.create(asAdmin, bookAddress);
  const method = await t.app.services.deliveryMethods.create(deliveryMethod, asAdmin);
  const creditNote = await refundedOrderCreditNote(t, asAdmin, place);
  const unanswered = await unansweredRefund(t, admin, place);
  // A region of its own: one test app makes many fixtures, and a place has one rate.
  fixtures += 1;
  const taxRate = await t.app.services.tax.createRate(
    { country: 'NZ', region: `Fixture ${fixtures}`, postcodePrefixes: [`9${fixtures}`], rate: 15 },
    asAdmin,
  );
  const [vatCompany] = await t.db
    .insert(companyRows)
    .values({ name: `VAT Fixture ${fixtures}`, vatNumber: 'DE123456789' })
    .returning({ id: companyRows.id });
  if (!vatCompany) throw new Error('no company');
  const taxExemption = await t.app.services.tax.setExemption(asAdmin, {
    userId: someone.id,
    reference: 'Fixture certificate',
  });
  // The emails queued meanwhile are sent now, not while a test proves that nothing changes.
  await t.app.mailer.drain();
  return {
    companies,
    admin,
    tool,
    category,
    unpaidOrder,
    paidOrder,
    creditNote,
    unansweredRefund: unanswered,
    shippedOrder,
    someone,
    review,
    cartVersion,
    catalogueImport,
    requestedQuote,
    offeredQuote,
    awaiting,
    address: { id: address._id },
    list: { id: list.id },
    terms,
    onAccountOrder,
    overpaidOrder,
    deliveryMethod: { id: method._id },
    taxRate: { id: taxRate._id },
    taxExemption: { id: taxExemption._id },
    vatCompany: { id: vatCompany.id, vatNumber: 'DE123456789' },
  };
}

/** One company per test app: an approver, and a buyer all of whose orders wait for approval. */
const approvingCompanies = new WeakMap<
  TestContext,
  Promise<{ approver: TestUser; buyer: TestAccount }>
>();

/** A fresh order of `toolId` waiting for approval, and who may approve it. */
async function awaitingApproval(t: TestContext, toolId: string): Promise<Fixture['awaiting']> {
  let company = approvingCompanies.get(t);
  if (!company) {
    company = (async () => {
      const [row] = await t.db.insert(companyRows).values({ name: 'Approving Co' }).returning();
      const approver = await t.signUp({ name: 'Ari Approver' });
      const buyer = await t.addAccount({ name: 'Bea Buyer' });
      await t.db.insert(companyMembers).values([
        { userId: approver.id, companyId: row?.id ?? '', role: 'approver' },
        { userId: buyer.id, companyId: row?.id ?? '', role: 'buyer', orderLimit: 0 },
      ]);
      return { approver, buyer };
    })();
    approvingCompanies.set(t, company);
  }
  const { approver, buyer } = await company;
  const order = await t.app.services.orders.placeLines(asSessionUser(buyer), {
    lines: [{ toolId, quantity: 10 }],
    ...delivery,
  });
  return { order, approver };
}

/**
 * A request: a JSON `body`, or for the upload route a raw `form` (multipart/form-data, its
 * content type in its headers).
 */
export type Build = (fixture: Fixture) => {
  url: string;
  body?: Record<string, unknown>;
  form?: { payload: Buffer; headers: Record<string, string> };
  /** Who succeeds with it, when not the admin (a company's approver). */
  sendAs?: TestUser;
};

/** Keyed by `METHOD path`; each request would succeed for an admin on our own site. */
export const VALID_REQUESTS: Record<string, Build> = {
  'POST /tools': () => ({
    url: '/api/tools',
    body: {
      // Each request its own SKU: one already taken is refused (409 sku_taken).
      sku: `INJ-${randomUUID().slice(0, 8)}`,
      brand: 'Injected Brand',
      mpn: 'INJ-MPN-1',
      gtin: '4006381333931',
      name: 'Injected Tool',
      img: '/images/tools/x.svg',
      description: 'A tool that must never be created cross-site.',
      quantity: 5,
      minimumOrder: 1,
      price: 100,
    },
  }),
  'PATCH /tools/:id': (f) => ({
    url: `/api/tools/${f.tool.id}`,
    body: { restock: 5, price: 1, brand: 'Other Brand', gtin: null },
  }),
  'POST /categories': () => ({
    url: '/api/categories',
    body: {
      slug: `injected-${randomUUID().slice(0, 8)}`,
      name: 'Injected category',
      description: 'A category that must never be created cross-site.',
      img: '/images/tools/x.svg',
      parentId: null,
      position: 1,
    },
  }),
  'PATCH /categories/:id': (f) => ({
    url: `/api/categories/${f.category.id}`,
    body: { name: 'Injected name', position: 2 },
  }),
  'DELETE /categories/:id': (f) => ({ url: `/api/categories/${f.category.id}` }),
  'POST /categories/:id/attributes': (f) => ({
    url: `/api/categories/${f.category.id}/attributes`,
    body: {
      key: `injected-${randomUUID().slice(0, 8)}`,
      name: 'Injected',
      kind: 'choice',
      options: ['One', 'Two'],
      filterable: true,
      position: 1,
    },
  }),
  'PATCH /categories/:id/attributes/:attributeId': (f) => ({
    url: `/api/categories/${f.category.id}/attributes/${f.category.attributeId}`,
    body: { name: 'Injected name', unit: 'cm', filterable: true },
  }),
  'DELETE /categories/:id/attributes/:attributeId': (f) => ({
    url: `/api/categories/${f.category.id}/attributes/${f.category.attributeId}`,
  }),
  'PUT /purchase/:id': (f) => ({ url: `/api/purchase/${f.tool.id}`, body: { newQuantity: 0 } }),
  'POST /delivery-methods': () => ({ url: '/api/delivery-methods', body: deliveryMethod }),
  'PATCH /delivery-methods/:id': (f) => ({
    url: `/api/delivery-methods/${f.deliveryMethod.id}`,
    body: { name: 'Injected method', countries: ['FR'], freeAbove: null },
  }),
  'DELETE /delivery-methods/:id': (f) => ({ url: `/api/delivery-methods/${f.deliveryMethod.id}` }),
  'POST /tax-rates': () => ({
    url: '/api/tax-rates',
    body: { country: 'ES', region: 'Canary Islands', postcodePrefixes: ['35', '38'], rate: 0 },
  }),
  'PATCH /tax-rates/:id': (f) => ({
    url: `/api/tax-rates/${f.taxRate.id}`,
    body: { rate: 12.5, label: 'GST' },
  }),
  'DELETE /tax-rates/:id': (f) => ({ url: `/api/tax-rates/${f.taxRate.id}` }),
  'PUT /tax-exemptions': (f) => ({
    url: '/api/tax-exemptions',
    body: { companyId: f.companies.company.id, reference: 'Charity 1234567' },
  }),
  'DELETE /tax-exemptions/:id': (f) => ({ url: `/api/tax-exemptions/${f.taxExemption.id}` }),
  'PUT /tax/vat-numbers/:companyId': (f) => ({
    url: `/api/tax/vat-numbers/${f.vatCompany.id}`,
    body: { vatNumber: f.vatCompany.vatNumber },
  }),
  'DELETE /tax/vat-numbers/:companyId': (f) => ({
    url: `/api/tax/vat-numbers/${f.vatCompany.id}`,
  }),
  'DELETE /product/:id': (f) => ({ url: `/api/product/${f.tool.id}` }),
  'POST /user': (f) => ({
    url: `/api/user?email=${encodeURIComponent(f.admin.email)}`,
    body: { toolId: f.tool.id, orderedNum: 10, ...delivery },
  }),
  'PUT /cart': (f) => ({
    url: '/api/cart',
    body: { lines: [{ toolId: f.tool.id, quantity: 10 }] },
  }),
  'POST /cart/quote': (f) => ({
    url: '/api/cart/quote',
    body: { lines: [{ toolId: f.tool.id, quantity: 10 }] },
  }),
  // As the customer: the admin's cart stays at the version the checkout below names.
  'POST /cart/merge': (f) => ({
    url: '/api/cart/merge',
    as: 'customer',
    body: { lines: [{ toolId: f.tool.id, quantity: 10 }] },
  }),
  'POST /cart/checkout': (f) => ({
    url: '/api/cart/checkout',
    body: { cartVersion: f.cartVersion, ...delivery },
  }),
  'POST /quick-order/check': (f) => ({
    url: '/api/quick-order/check',
    body: { text: `sku,quantity\n${f.tool.sku},10` },
  }),
  // As the customer: the admin's cart stays at the version the checkout names.
  'POST /quick-order/cart': (f) => ({
    url: '/api/quick-order/cart',
    as: 'customer',
    body: { text: `${f.tool.sku} 10` },
  }),
  'POST /addresses': () => ({ url: '/api/addresses', body: bookAddress }),
  'PUT /addresses/:id': (f) => ({
    url: `/api/addresses/${f.address.id}`,
    body: { ...bookAddress, label: 'Renamed yard' },
  }),
  'DELETE /addresses/:id': (f) => ({ url: `/api/addresses/${f.address.id}` }),
  'POST /addresses/:id/default': (f) => ({ url: `/api/addresses/${f.address.id}/default` }),
  'POST /lists': () => ({ url: '/api/lists', body: { name: 'Another kit' } }),
  'PATCH /lists/:id': (f) => ({ url: `/api/lists/${f.list.id}`, body: { name: 'Renamed kit' } }),
  'DELETE /lists/:id': (f) => ({ url: `/api/lists/${f.list.id}` }),
  'PUT /lists/:id/lines': (f) => ({
    url: `/api/lists/${f.list.id}/lines`,
    body: { lines: [{ toolId: f.tool.id, quantity: 20 }] },
  }),
  'POST /lists/:id/lines': (f) => ({
    url: `/api/lists/${f.list.id}/lines`,
    body: { from: 'lines', lines: [{ toolId: f.tool.id, quantity: 10 }] },
  }),
  'POST /lists/:id/cart': (f) => ({ url: `/api/lists/${f.list.id}/cart` }),
  'POST /orders': (f) => ({
    url: '/api/orders',
    body: { lines: [{ toolId: f.tool.id, quantity: 10 }], ...delivery },
  }),
  'DELETE /user/:id': (f) => ({ url: `/api/user/${f.unpaidOrder._id}` }),
  // The admin's cart holds 10 of the tool; a quote asked for from it leaves it as it is.
  'POST /quotes': () => ({ url: '/api/quotes', body: { message: 'A better price for ten?' } }),
  'POST /quotes/:id/messages': (f) => ({
    url: `/api/quotes/${f.requestedQuote.id}/messages`,
    body: { body: 'Could it come by Friday?' },
  }),
  'POST /quotes/:id/withdraw': (f) => ({ url: `/api/quotes/${f.requestedQuote.id}/withdraw` }),
  'POST /quotes/:id/accept': (f) => ({
    url: `/api/quotes/${f.offeredQuote.id}/accept`,
    body: { ...delivery },
  }),
  'POST /quotes/:id/decline': (f) => ({ url: `/api/quotes/${f.offeredQuote.id}/decline` }),
  'POST /quote-requests/:id/offer': (f) => ({
    url: `/api/quote-requests/${f.requestedQuote.id}/offer`,
    body: {
      lines: [{ position: 1, offeredUnitPrice: 900 }],
      validUntil: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    },
  }),
  'POST /quote-requests/:id/refuse': (f) => ({
    url: `/api/quote-requests/${f.requestedQuote.id}/refuse`,
    body: { reason: 'We no longer sell this tool.' },
  }),
  'POST /quote-requests/:id/messages': (f) => ({
    url: `/api/quote-requests/${f.requestedQuote.id}/messages`,
    body: { body: 'We can do it by Friday.' },
  }),
  'POST /orders/:id/approve': (f) => ({
    url: `/api/orders/${f.awaiting.order._id}/approve`,
    sendAs: f.awaiting.approver,
  }),
  'POST /orders/:id/reject': (f) => ({
    url: `/api/orders/${f.awaiting.order._id}/reject`,
    body: { reason: 'Rejected by the request every test starts from.' },
    sendAs: f.awaiting.approver,
  }),
  'PUT /order/:id': (f) => ({
    url: `/api/order/${f.paidOrder._id}`,
    body: { status: 'shipped', carrier: 'DHL', trackingNumber: 'JD014600006281230' },
  }),
  'PUT /orders/:id/shipments': (f) => ({
    url: `/api/orders/${f.shippedOrder._id}/shipments`,
    body: {
      parcels: [
        { carrier: 'DHL', trackingNumber: 'JD014600006281230' },
        { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
      ],
    },
  }),
  'POST /orders/:id/refunds': (f) => ({
    url: `/api/orders/${f.paidOrder._id}/refunds`,
    body: {
      lines: [{ toolId: f.tool.id, quantity: 1 }],
      returnToStock: true,
      note: 'One saw came back unused; refunded to the card.',
    },
  }),
  'POST /orders/:id/refunds/:refundId/send': (f) => ({
    url: `/api/orders/${f.unansweredRefund.orderId}/refunds/${f.unansweredRefund.refundId}/send`,
  }),
  'POST /reviews': () => ({
    url: '/api/reviews',
    body: { review: 'Cross-site praise.', rating: 5 },
  }),
  'POST /tools/:id/reviews': (f) => ({
    url: `/api/tools/${f.tool.id}/reviews`,
    body: { review: 'Cross-site praise of a tool.', rating: 5 },
  }),
  'PUT /reviews/:id': (f) => ({ url: `/api/reviews/${f.review.id}`, body: { hidden: true } }),
  'DELETE /reviews/:id': (f) => ({ url: `/api/reviews/${f.review.id}` }),
  'PUT /userdetails/:email': (f) => ({
    url: `/api/userdetails/${encodeURIComponent(f.admin.email)}`,
    body: { name: `Renamed ${randomUUID()}`, email: f.admin.email },
  }),
  'PUT /updatedetails/:email': (f) => ({
    url: `/api/updatedetails/${encodeURIComponent(f.admin.email)}`,
    body: {
      email: f.admin.email,
      phone: `+1 555 ${Math.floor(1_000_000 + Math.random() * 8_999_999)}`,
      linkedin: 'https://www.linkedin.com/in/ada',
      education: 'Polytechnic',
    },
  }),
  'POST /payment/:id': (f) => ({
    url: `/api/payment/${f.unpaidOrder._id}`,
    body: {
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
      nameOnCard: 'Ada Admin',
    },
  }),
  'POST /payment/:id/intent': (f) => ({
    url: `/api/payment/${f.unpaidOrder._id}/intent`,
    body: {},
  }),
  'POST /uploads': () => ({
    url: '/api/uploads',
    form: multipartForm([{ data: pngImage(32, 24), filename: 'cross-site.png' }]),
  }),
  'POST /catalogue/import/dry-run': () => ({
    url: '/api/catalogue/import/dry-run',
    form: catalogueFile(),
  }),
  'POST /catalogue/import': () => ({ url: '/api/catalogue/import', form: catalogueFile() }),
  'POST /uploads/documents': () => ({
    url: '/api/uploads/documents',
    form: multipartForm([{ data: PDF_BYTES, filename: 'cross-site.pdf' }]),
  }),
  'PUT /alluser': (f) => ({
    url: `/api/alluser?email=${encodeURIComponent(f.someone.email)}`,
    body: { role: 'Admin' },
  }),
  'PUT /updatedetails/:email/company': (f) => ({
    url: `/api/updatedetails/${encodeURIComponent(f.admin.email)}/company`,
    body: { email: f.admin.email, companyName: 'Admin Works', vatNumber: null },
  }),
  'PUT /payment-terms': (f) => ({
    url: '/api/payment-terms',
    body: { companyId: f.companies.company.id, netDays: 30, creditLimit: 500_000 },
  }),
  'DELETE /payment-terms/:id': (f) => ({ url: `/api/payment-terms/${f.terms.id}` }),
  'POST /orders/:id/payments': (f) => ({
    url: `/api/orders/${f.onAccountOrder._id}/payments`,
    body: { amount: 1, receivedOn: new Date().toISOString().slice(0, 10), reference: 'VALID-1' },
  }),
  'POST /orders/:id/payouts': (f) => ({
    url: `/api/orders/${f.overpaidOrder._id}/payouts`,
    body: { amount: 1, paidOn: new Date().toISOString().slice(0, 10), reference: 'VALID-BACK' },
  }),
  'POST /companies': () => ({
    url: '/api/companies',
    body: { name: 'Valid Builders', vatNumber: 'GB123456789', billingAddress: '1 Quay Street' },
  }),
  'PATCH /companies/mine': () => ({
    url: '/api/companies/mine',
    body: { name: 'Renamed Builders', monthlyLimit: 250_000 },
  }),
  'POST /companies/mine/invitations': () => ({
    url: '/api/companies/mine/invitations',
    body: { email: `new-${randomUUID().slice(0, 8)}@example.com`, role: 'buyer' },
  }),
  'DELETE /companies/mine/invitations/:id': (f) => ({
    url: `/api/companies/mine/invitations/${f.companies.sent.id}`,
  }),
  'PATCH /companies/mine/members/:userId': (f) => ({
    url: `/api/companies/mine/members/${f.companies.coOwner.id}`,
    body: { role: 'buyer', orderLimit: 50_000, monthlyLimit: null },
  }),
  'DELETE /companies/mine/members/:userId': (f) => ({
    url: `/api/companies/mine/members/${f.companies.coOwner.id}`,
  }),
  'POST /companies/mine/leave': () => ({ url: '/api/companies/mine/leave' }),
  'POST /company-invitations/open': (f) => ({
    url: '/api/company-invitations/open',
    body: { token: f.companies.received.token },
  }),
  'POST /company-invitations/accept': (f) => ({
    url: '/api/company-invitations/accept',
    body: { token: f.companies.received.token },
  }),
};

/**
 * What must hold before a valid request can succeed beyond the fixture's objects: a person in a
 * company creates or joins no other, so the admin leaves theirs first.
 */
export const PREPARE: Record<string, (t: TestContext, fixture: Fixture) => Promise<void>> = {
  'POST /companies': (t, f) => leaveCompany(t, f.admin),
  'POST /company-invitations/accept': (t, f) => leaveCompany(t, f.admin),
};
