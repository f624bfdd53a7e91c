import { randomUUID } from 'node:crypto';
import type { Order } from '../../contract/orders.ts';
import { catalogueFile } from './catalogue-files.ts';
import { multipartForm, PDF_BYTES, pngImage } from './images.ts';
import type { TestAccount, TestUser } from './test-app.ts';
import { bookAddress, delivery, deliveryMethod } from './valid-requests.ts';

/**
 * Who may do what: every route of the contract with the status a visitor, the owner of the
 * objects it acts on, another customer and an admin get (server/http/authorization-matrix.test.ts
 * walks it).
 */

export type Role = 'visitor' | 'owner' | 'other' | 'admin';
export const ROLES: Role[] = ['visitor', 'owner', 'other', 'admin'];

export interface Objects {
  owner: TestUser;
  tool: { id: string; sku: string };
  /** A category holding no tool or sub-category, with one specification (a number). */
  category: { id: string; attributeId: string };
  unpaid: Order;
  paid: Order;
  /** The credit note of a refund on another paid order of the owner's (CN-…). */
  creditNote: string;
  /** A refund of another paid order of the owner's that its provider never answered. */
  unansweredRefund: { orderId: string; refundId: string };
  /** Paid and shipped without tracking. */
  shipped: Order;
  /** An account whose role an admin may change; it never signs in. */
  someone: TestAccount;
  /** A review the owner posted. */
  review: { id: string };
  /** The version of the owner's cart, which holds 10 of `tool`. */
  cartVersion: number;
  /** A catalogue import's progress (a finished dry run). */
  catalogueImport: { id: string };
  /** An address in the owner's own address book (they are in no company). */
  address: { id: string };
  /** A private saved list of the owner's, holding 10 of `tool`. */
  list: { id: string };
  /** The owner's quotes: one asked for, one offered. */
  requestedQuote: { id: string };
  offeredQuote: { id: string };
  /** Payment terms of `someone`'s (a customer without a company). */
  terms: { id: string };
  /** A delivery method to Great Britain. */
  deliveryMethod: { id: string };
  /** A tax rate (New Zealand's), and `someone`'s tax exemption. */
  taxRate: { id: string };
  taxExemption: { id: string };
  /** A company with a German VAT number, not verified. */
  vatCompany: { id: string };
}

interface Entry {
  /** The request, always aimed at the owner's objects (their email, their orders). */
  request: (o: Objects) => {
    url: string;
    body?: unknown;
    /** A raw body with its headers (the upload route's multipart form, a catalogue file). */
    form?: { payload: Buffer; headers: Record<string, string> };
  };
  /** Expected status for a visitor, the owner, another customer and an admin. */
  expect: Record<Role, number>;
  /** Stores nothing even when it succeeds (a POST that only computes). */
  storesNothing?: true;
}

const card = {
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/40',
  cvc: '123',
  nameOnCard: 'Owner',
};
const all = (status: number): Record<Role, number> => ({
  visitor: status,
  owner: status,
  other: status,
  admin: status,
});
const adminOnly = (status: number): Record<Role, number> => ({
  visitor: 401,
  owner: 403,
  other: 403,
  admin: status,
});

const signedIn = (status: number): Record<Role, number> => ({
  visitor: 401,
  owner: status,
  other: status,
  admin: status,
});
/** The buyer's side of a quote: its asker only (admins answer on the store's routes). */
const buyerSide = (status: number): Record<Role, number> => ({
  visitor: 401,
  owner: status,
  other: 403,
  admin: 403,
});
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

/**
 * Every route of the contract, with who may do what. A route added to the contract without an entry
 * here fails the matrix's first test.
 */
export const MATRIX: Record<string, Entry> = {
  'GET /tools': { request: () => ({ url: '/api/tools' }), expect: all(200) },
  'GET /tools/facets': { request: () => ({ url: '/api/tools/facets' }), expect: all(200) },
  'GET /tools/manage': {
    request: () => ({ url: '/api/tools/manage?lowStock=true&sort=stock_asc' }),
    expect: adminOnly(200),
  },
  'GET /tools/:id/open-orders': {
    request: (o) => ({ url: `/api/tools/${o.tool.id}/open-orders` }),
    expect: adminOnly(200),
  },
  'GET /purchase/:id': {
    request: (o) => ({ url: `/api/purchase/${o.tool.id}` }),
    expect: all(200),
  },
  'POST /tools': {
    request: () => ({
      url: '/api/tools',
      body: {
        name: 'Matrix Tool',
        img: '/images/tools/x.svg',
        description: 'A tool made by the matrix test.',
        quantity: 5,
        minimumOrder: 1,
        price: 100,
      },
    }),
    expect: adminOnly(201),
  },
  'PATCH /tools/:id': {
    request: (o) => ({ url: `/api/tools/${o.tool.id}`, body: { restock: 5 } }),
    expect: adminOnly(200),
  },
  'GET /categories': { request: () => ({ url: '/api/categories' }), expect: all(200) },
  'POST /categories': {
    request: () => ({
      url: '/api/categories',
      body: { slug: `matrix-${randomUUID().slice(0, 8)}`, name: 'Matrix category' },
    }),
    expect: adminOnly(201),
  },
  'PATCH /categories/:id': {
    request: (o) => ({ url: `/api/categories/${o.category.id}`, body: { name: 'Renamed' } }),
    expect: adminOnly(200),
  },
  'DELETE /categories/:id': {
    request: (o) => ({ url: `/api/categories/${o.category.id}` }),
    expect: adminOnly(200),
  },
  'POST /categories/:id/attributes': {
    request: (o) => ({
      url: `/api/categories/${o.category.id}/attributes`,
      body: { key: 'matrix-size', name: 'Matrix size', kind: 'number', unit: 'mm' },
    }),
    expect: adminOnly(201),
  },
  'PATCH /categories/:id/attributes/:attributeId': {
    request: (o) => ({
      url: `/api/categories/${o.category.id}/attributes/${o.category.attributeId}`,
      body: { name: 'Renamed' },
    }),
    expect: adminOnly(200),
  },
  'DELETE /categories/:id/attributes/:attributeId': {
    request: (o) => ({
      url: `/api/categories/${o.category.id}/attributes/${o.category.attributeId}`,
    }),
    expect: adminOnly(200),
  },
  'PUT /purchase/:id': {
    request: (o) => ({ url: `/api/purchase/${o.tool.id}`, body: { newQuantity: 7 } }),
    expect: adminOnly(200),
  },
  'DELETE /product/:id': {
    request: (o) => ({ url: `/api/product/${o.tool.id}` }),
    expect: adminOnly(200),
  },
  'POST /user': {
    request: (o) => ({
      url: `/api/user?email=${encodeURIComponent(o.owner.email)}`,
      body: { toolId: o.tool.id, orderedNum: 10, ...delivery },
    }),
    // Orders are placed for oneself only, admins included.
    expect: { visitor: 401, owner: 201, other: 403, admin: 403 },
  },
  'GET /delivery-methods': {
    request: () => ({ url: '/api/delivery-methods' }),
    expect: adminOnly(200),
  },
  'POST /delivery-methods': {
    request: () => ({ url: '/api/delivery-methods', body: deliveryMethod }),
    expect: adminOnly(201),
  },
  'PATCH /delivery-methods/:id': {
    request: (o) => ({
      url: `/api/delivery-methods/${o.deliveryMethod.id}`,
      body: { workingDays: 4 },
    }),
    expect: adminOnly(200),
  },
  'DELETE /delivery-methods/:id': {
    request: (o) => ({ url: `/api/delivery-methods/${o.deliveryMethod.id}` }),
    expect: adminOnly(200),
  },
  'GET /tax-rates': { request: () => ({ url: '/api/tax-rates' }), expect: adminOnly(200) },
  'POST /tax-rates': {
    request: () => ({ url: '/api/tax-rates', body: { country: 'AU', rate: 10, label: 'GST' } }),
    expect: adminOnly(201),
  },
  'PATCH /tax-rates/:id': {
    request: (o) => ({ url: `/api/tax-rates/${o.taxRate.id}`, body: { rate: 12.5 } }),
    expect: adminOnly(200),
  },
  'DELETE /tax-rates/:id': {
    request: (o) => ({ url: `/api/tax-rates/${o.taxRate.id}` }),
    expect: adminOnly(200),
  },
  'GET /tax-exemptions': {
    request: () => ({ url: '/api/tax-exemptions' }),
    expect: adminOnly(200),
  },
  'PUT /tax-exemptions': {
    request: (o) => ({
      url: '/api/tax-exemptions',
      body: { userId: o.someone.id, reference: 'Matrix certificate' },
    }),
    expect: adminOnly(200),
  },
  'DELETE /tax-exemptions/:id': {
    request: (o) => ({ url: `/api/tax-exemptions/${o.taxExemption.id}` }),
    expect: adminOnly(200),
  },
  'GET /tax/vat-numbers': {
    request: () => ({ url: '/api/tax/vat-numbers' }),
    expect: adminOnly(200),
  },
  'PUT /tax/vat-numbers/:companyId': {
    request: (o) => ({
      url: `/api/tax/vat-numbers/${o.vatCompany.id}`,
      body: { vatNumber: 'DE123456789' },
    }),
    expect: adminOnly(200),
  },
  'DELETE /tax/vat-numbers/:companyId': {
    request: (o) => ({ url: `/api/tax/vat-numbers/${o.vatCompany.id}` }),
    expect: adminOnly(200),
  },
  'GET /tax/destination': {
    request: () => ({ url: '/api/tax/destination?country=NZ' }),
    // Each signed-in caller reads how their own order would be taxed.
    expect: signedIn(200),
  },
  'GET /cart/delivery-options': {
    request: () => ({ url: '/api/cart/delivery-options?country=GB' }),
    // Each signed-in caller is quoted for their own cart.
    expect: signedIn(200),
  },
  'GET /tools/:id/delivery-options': {
    request: (o) => ({ url: `/api/tools/${o.tool.id}/delivery-options?country=GB&quantity=10` }),
    // Buy now: every signed-in caller may be quoted an order of one tool.
    expect: signedIn(200),
  },
  'GET /quotes/:id/delivery-options': {
    request: (o) => ({ url: `/api/quotes/${o.offeredQuote.id}/delivery-options?country=GB` }),
    // Whoever may read the quote (admins read every quote).
    expect: { visitor: 401, owner: 200, other: 403, admin: 200 },
  },
  'GET /addresses': {
    request: () => ({ url: '/api/addresses' }),
    // Everyone signed in has a book (their company's or their own) and reads only it.
    expect: { visitor: 401, owner: 200, other: 200, admin: 200 },
  },
  'POST /addresses': {
    request: () => ({ url: '/api/addresses', body: bookAddress }),
    // An address goes into the caller's own book: there is no other to name.
    expect: { visitor: 401, owner: 201, other: 201, admin: 201 },
  },
  'PUT /addresses/:id': {
    request: (o) => ({ url: `/api/addresses/${o.address.id}`, body: bookAddress }),
    // Another book's address is no address at all, for admins too (404, not 403).
    expect: { visitor: 401, owner: 200, other: 404, admin: 404 },
  },
  'DELETE /addresses/:id': {
    request: (o) => ({ url: `/api/addresses/${o.address.id}` }),
    expect: { visitor: 401, owner: 200, other: 404, admin: 404 },
  },
  'POST /addresses/:id/default': {
    request: (o) => ({ url: `/api/addresses/${o.address.id}/default` }),
    expect: { visitor: 401, owner: 200, other: 404, admin: 404 },
  },
  'GET /lists': {
    request: () => ({ url: '/api/lists' }),
    // Everyone signed in reads their own lists (and their company's): no one else's.
    expect: { visitor: 401, owner: 200, other: 200, admin: 200 },
  },
  'POST /lists': {
    request: () => ({ url: '/api/lists', body: { name: 'Matrix kit' } }),
    expect: { visitor: 401, owner: 201, other: 201, admin: 201 },
  },
  'GET /lists/:id': {
    request: (o) => ({ url: `/api/lists/${o.list.id}` }),
    // A private list is no list at all to anyone but its maker, admins included.
    expect: { visitor: 401, owner: 200, other: 404, admin: 404 },
  },
  'PATCH /lists/:id': {
    request: (o) => ({ url: `/api/lists/${o.list.id}`, body: { name: 'Renamed kit' } }),
    expect: { visitor: 401, owner: 200, other: 404, admin: 404 },
  },
  'DELETE /lists/:id': {
    request: (o) => ({ url: `/api/lists/${o.list.id}` }),
    expect: { visitor: 401, owner: 200, other: 404, admin: 404 },
  },
  'PUT /lists/:id/lines': {
    request: (o) => ({
      url: `/api/lists/${o.list.id}/lines`,
      body: { lines: [{ toolId: o.tool.id, quantity: 20 }] },
    }),
    expect: { visitor: 401, owner: 200, other: 404, admin: 404 },
  },
  'POST /lists/:id/lines': {
    request: (o) => ({
      url: `/api/lists/${o.list.id}/lines`,
      body: { from: 'lines', lines: [{ toolId: o.tool.id, quantity: 10 }] },
    }),
    expect: { visitor: 401, owner: 200, other: 404, admin: 404 },
  },
  'POST /lists/:id/cart': {
    request: (o) => ({ url: `/api/lists/${o.list.id}/cart` }),
    // Into the caller's own cart, from a list they can see.
    expect: { visitor: 401, owner: 200, other: 404, admin: 404 },
  },
  'GET /cart': {
    request: () => ({ url: '/api/cart' }),
    // Everyone signed in has their own cart, and sees only it.
    expect: { visitor: 401, owner: 200, other: 200, admin: 200 },
  },
  'PUT /cart': {
    request: (o) => ({ url: '/api/cart', body: { lines: [{ toolId: o.tool.id, quantity: 10 }] } }),
    expect: { visitor: 401, owner: 200, other: 200, admin: 200 },
  },
  'POST /cart/quote': {
    request: (o) => ({
      url: '/api/cart/quote',
      body: {
        lines: [
          { toolId: o.tool.id, quantity: 10 },
          { toolId: randomUUID(), quantity: 1 },
        ],
      },
    }),
    // A visitor's cart lives in their browser: anyone may have lines priced.
    expect: all(200),
    storesNothing: true,
  },
  'POST /cart/merge': {
    request: (o) => ({
      url: '/api/cart/merge',
      body: { lines: [{ toolId: o.tool.id, quantity: 10 }] },
    }),
    // A visitor's lines join the cart of whoever is signed in, and only theirs.
    expect: { visitor: 401, owner: 200, other: 200, admin: 200 },
  },
  'POST /quick-order/check': {
    request: (o) => ({
      url: '/api/quick-order/check',
      body: { text: `${o.tool.sku} 10\nNOPE-1 5` },
    }),
    // Matching part numbers stores nothing: anyone may, as anyone may have a cart priced.
    expect: all(200),
    storesNothing: true,
  },
  'POST /quick-order/cart': {
    request: (o) => ({ url: '/api/quick-order/cart', body: { text: `${o.tool.sku} 10` } }),
    // The ready lines join the cart of whoever is signed in, and only theirs.
    expect: { visitor: 401, owner: 200, other: 200, admin: 200 },
  },
  'POST /cart/checkout': {
    request: (o) => ({
      url: '/api/cart/checkout',
      body: { cartVersion: o.cartVersion, ...delivery },
    }),
    // Each customer checks out only their own cart, whatever version they name: the others' are
    // empty (409), and nothing of the owner's is touched.
    expect: { visitor: 401, owner: 201, other: 409, admin: 409 },
  },
  'POST /orders': {
    request: (o) => ({
      url: '/api/orders',
      body: { lines: [{ toolId: o.tool.id, quantity: 10 }], ...delivery },
    }),
    // Every signed-in customer orders for themselves: there is no one else to name.
    expect: { visitor: 401, owner: 201, other: 201, admin: 201 },
  },
  'GET /orders/:id': {
    request: (o) => ({ url: `/api/orders/${o.unpaid._id}` }),
    expect: { visitor: 401, owner: 200, other: 403, admin: 200 },
  },
  'GET /orders/:id/invoice.pdf': {
    request: (o) => ({ url: `/api/orders/${o.paid._id}/invoice.pdf` }),
    expect: { visitor: 401, owner: 200, other: 403, admin: 200 },
  },
  'GET /credit-notes': { request: () => ({ url: '/api/credit-notes' }), expect: signedIn(200) },
  // A credit note is read like its order's invoice: its buyer and admins. Anyone else is told
  // no such note exists (404), as for a number never issued, so no one can count them.
  'GET /credit-notes/:number': {
    request: (o) => ({ url: `/api/credit-notes/${o.creditNote}` }),
    expect: { visitor: 401, owner: 200, other: 404, admin: 200 },
  },
  'GET /user': {
    request: (o) => ({ url: `/api/user?email=${encodeURIComponent(o.owner.email)}` }),
    expect: { visitor: 401, owner: 200, other: 403, admin: 200 },
  },
  'DELETE /user/:id': {
    request: (o) => ({ url: `/api/user/${o.unpaid._id}` }),
    expect: { visitor: 401, owner: 200, other: 403, admin: 200 },
  },
  // The owner's cart holds 10 of the tool; the others' carts are empty.
  'POST /quotes': {
    request: () => ({ url: '/api/quotes', body: { message: 'A better price, please.' } }),
    expect: { visitor: 401, owner: 201, other: 409, admin: 409 },
  },
  'GET /quotes': { request: () => ({ url: '/api/quotes' }), expect: signedIn(200) },
  'GET /quotes/:id': {
    request: (o) => ({ url: `/api/quotes/${o.requestedQuote.id}` }),
    expect: { visitor: 401, owner: 200, other: 403, admin: 200 },
  },
  'POST /quotes/:id/messages': {
    request: (o) => ({
      url: `/api/quotes/${o.requestedQuote.id}/messages`,
      body: { body: 'By Friday?' },
    }),
    expect: buyerSide(201),
  },
  'POST /quotes/:id/withdraw': {
    request: (o) => ({ url: `/api/quotes/${o.requestedQuote.id}/withdraw` }),
    expect: buyerSide(200),
  },
  'POST /quotes/:id/accept': {
    request: (o) => ({ url: `/api/quotes/${o.offeredQuote.id}/accept`, body: delivery }),
    expect: buyerSide(200),
  },
  'POST /quotes/:id/decline': {
    request: (o) => ({ url: `/api/quotes/${o.offeredQuote.id}/decline` }),
    expect: buyerSide(200),
  },
  'GET /quote-requests': {
    request: () => ({ url: '/api/quote-requests' }),
    expect: adminOnly(200),
  },
  'GET /quote-requests/:id': {
    request: (o) => ({ url: `/api/quote-requests/${o.requestedQuote.id}` }),
    expect: adminOnly(200),
  },
  'POST /quote-requests/:id/offer': {
    request: (o) => ({
      url: `/api/quote-requests/${o.requestedQuote.id}/offer`,
      body: { lines: [{ position: 1, offeredUnitPrice: 900 }], validUntil: inAWeek() },
    }),
    expect: adminOnly(200),
  },
  'POST /quote-requests/:id/refuse': {
    request: (o) => ({
      url: `/api/quote-requests/${o.requestedQuote.id}/refuse`,
      body: { reason: 'Not this one.' },
    }),
    expect: adminOnly(200),
  },
  'POST /quote-requests/:id/messages': {
    request: (o) => ({
      url: `/api/quote-requests/${o.requestedQuote.id}/messages`,
      body: { body: 'We can.' },
    }),
    expect: adminOnly(201),
  },
  'GET /orderlist': { request: () => ({ url: '/api/orderlist' }), expect: adminOnly(200) },
  'GET /orderlist/export': {
    request: () => ({ url: '/api/orderlist/export?status=paid' }),
    expect: adminOnly(200),
  },
  // Only a company's owner or approvers decide (server/modules/orders/approvals.test.ts walks
  // every company role); nobody here is one.
  'POST /orders/:id/approve': {
    request: (o) => ({ url: `/api/orders/${o.unpaid._id}/approve` }),
    expect: { visitor: 401, owner: 403, other: 403, admin: 403 },
  },
  'POST /orders/:id/reject': {
    request: (o) => ({ url: `/api/orders/${o.unpaid._id}/reject`, body: { reason: 'No.' } }),
    expect: { visitor: 401, owner: 403, other: 403, admin: 403 },
  },
  'PUT /order/:id': {
    request: (o) => ({
      url: `/api/order/${o.paid._id}`,
      body: { status: 'shipped', parcels: [{ carrier: 'DHL', trackingNumber: 'JD0146' }] },
    }),
    expect: adminOnly(200),
  },
  'PUT /orders/:id/shipments': {
    request: (o) => ({
      url: `/api/orders/${o.shipped._id}/shipments`,
      body: { parcels: [{ carrier: 'UPS', trackingNumber: '1Z999AA1' }] },
    }),
    // Customers see their parcels; only admins record them.
    expect: adminOnly(200),
  },
  'POST /orders/:id/refunds': {
    request: (o) => ({
      url: `/api/orders/${o.paid._id}/refunds`,
      body: { amount: 1, note: 'Refunded one cent by the matrix.' },
    }),
    // Customers see refunds on their order; only admins note them.
    expect: adminOnly(201),
  },
  'POST /orders/:id/refunds/:refundId/send': {
    request: (o) => ({
      url: `/api/orders/${o.unansweredRefund.orderId}/refunds/${o.unansweredRefund.refundId}/send`,
    }),
    // Only admins send a refund again; the owner sees it on their order.
    expect: adminOnly(200),
  },
  'GET /payment/:id': {
    request: (o) => ({ url: `/api/payment/${o.unpaid._id}` }),
    expect: { visitor: 401, owner: 200, other: 403, admin: 200 },
  },
  'POST /payment/:id': {
    request: (o) => ({ url: `/api/payment/${o.unpaid._id}`, body: card }),
    // Only the customer who placed the order pays it.
    expect: { visitor: 401, owner: 200, other: 403, admin: 403 },
  },
  'POST /payment/:id/intent': {
    request: (o) => ({ url: `/api/payment/${o.unpaid._id}/intent`, body: {} }),
    // Test mode: Stripe is off, so there is nothing here for anyone.
    expect: { visitor: 401, owner: 404, other: 404, admin: 404 },
  },
  'GET /reviews': { request: () => ({ url: '/api/reviews' }), expect: all(200) },
  'POST /reviews': {
    request: () => ({
      url: '/api/reviews',
      body: { review: 'Good tools from the matrix.', rating: 4 },
    }),
    // Reviews come from customers with a paid order: the owner has one, the others none.
    expect: { visitor: 401, owner: 201, other: 403, admin: 403 },
  },
  'GET /reviews/eligibility': {
    request: () => ({ url: '/api/reviews/eligibility' }),
    expect: { visitor: 401, owner: 200, other: 200, admin: 200 },
  },
  'GET /tools/:id/reviews': {
    request: (o) => ({ url: `/api/tools/${o.tool.id}/reviews` }),
    expect: all(200),
  },
  'POST /tools/:id/reviews': {
    request: (o) => ({
      url: `/api/tools/${o.tool.id}/reviews`,
      body: { review: 'A good tool from the matrix.', rating: 5 },
    }),
    // A tool's reviews come from its buyers: the owner's paid order has it, the others none.
    expect: { visitor: 401, owner: 201, other: 403, admin: 403 },
  },
  'GET /tools/:id/reviews/eligibility': {
    request: (o) => ({ url: `/api/tools/${o.tool.id}/reviews/eligibility` }),
    expect: { visitor: 401, owner: 200, other: 200, admin: 200 },
  },
  'GET /reviews/all': { request: () => ({ url: '/api/reviews/all' }), expect: adminOnly(200) },
  'GET /reviews/mine': {
    request: () => ({ url: '/api/reviews/mine' }),
    expect: { visitor: 401, owner: 200, other: 200, admin: 200 },
  },
  'PUT /reviews/:id': {
    request: (o) => ({ url: `/api/reviews/${o.review.id}`, body: { hidden: true } }),
    expect: adminOnly(200),
  },
  'DELETE /reviews/:id': {
    request: (o) => ({ url: `/api/reviews/${o.review.id}` }),
    // The author deletes their own review; an admin any.
    expect: { visitor: 401, owner: 200, other: 403, admin: 200 },
  },
  'GET /audit': { request: () => ({ url: '/api/audit' }), expect: adminOnly(200) },
  'GET /payment-terms': { request: () => ({ url: '/api/payment-terms' }), expect: adminOnly(200) },
  'PUT /payment-terms': {
    request: (o) => ({
      url: '/api/payment-terms',
      body: { userId: o.someone.id, netDays: 60, creditLimit: 250_000 },
    }),
    expect: adminOnly(200),
  },
  'POST /orders/:id/payments': {
    // A card order takes no payments on account: an admin is refused for that, everyone else first.
    request: (o) => ({
      url: `/api/orders/${o.paid._id}/payments`,
      body: {
        amount: 100,
        receivedOn: new Date().toISOString().slice(0, 10),
        reference: 'MATRIX-1',
      },
    }),
    expect: { visitor: 401, owner: 403, other: 403, admin: 409 },
  },
  'POST /orders/:id/payouts': {
    // A card order owes no one a payout: an admin is refused for that, everyone else first.
    request: (o) => ({
      url: `/api/orders/${o.paid._id}/payouts`,
      body: { amount: 100, paidOn: new Date().toISOString().slice(0, 10), reference: 'MATRIX-2' },
    }),
    expect: { visitor: 401, owner: 403, other: 403, admin: 409 },
  },
  'GET /payment-terms/mine': {
    request: () => ({ url: '/api/payment-terms/mine' }),
    expect: { visitor: 401, owner: 200, other: 200, admin: 200 },
  },
  'GET /invoices/open': {
    request: () => ({ url: '/api/invoices/open' }),
    expect: { visitor: 401, owner: 200, other: 200, admin: 200 },
  },
  'GET /invoices/statement.pdf': {
    request: () => ({ url: '/api/invoices/statement.pdf?from=2026-11-01&to=2026-11-30' }),
    expect: { visitor: 401, owner: 200, other: 200, admin: 200 },
  },
  'GET /invoices/overdue': {
    request: () => ({ url: '/api/invoices/overdue' }),
    expect: adminOnly(200),
  },
  'GET /orders/:id/payments': {
    // A card order has no payments on account: its readers are told so, everyone else refused first.
    request: (o) => ({ url: `/api/orders/${o.paid._id}/payments` }),
    expect: { visitor: 401, owner: 409, other: 403, admin: 409 },
  },
  'DELETE /payment-terms/:id': {
    request: (o) => ({ url: `/api/payment-terms/${o.terms.id}` }),
    expect: adminOnly(200),
  },
  'GET /userdetails/:email': {
    request: (o) => ({ url: `/api/userdetails/${encodeURIComponent(o.owner.email)}` }),
    expect: { visitor: 401, owner: 200, other: 403, admin: 200 },
  },
  'PUT /userdetails/:email': {
    request: (o) => ({
      url: `/api/userdetails/${encodeURIComponent(o.owner.email)}`,
      body: { name: 'Renamed', email: o.owner.email },
    }),
    expect: { visitor: 401, owner: 200, other: 403, admin: 403 },
  },
  'PUT /updatedetails/:email': {
    request: (o) => ({
      url: `/api/updatedetails/${encodeURIComponent(o.owner.email)}`,
      body: {
        email: o.owner.email,
        phone: '+1 555 010 9999',
        linkedin: 'https://www.linkedin.com/in/owner',
        education: 'Trade school',
      },
    }),
    expect: { visitor: 401, owner: 200, other: 403, admin: 403 },
  },
  'PUT /updatedetails/:email/company': {
    request: (o) => ({
      url: `/api/updatedetails/${encodeURIComponent(o.owner.email)}/company`,
      body: { email: o.owner.email, companyName: 'Owner Works', billingAddress: '1 Forge Lane' },
    }),
    // Company details need no LinkedIn or education; still only one's own.
    expect: { visitor: 401, owner: 200, other: 403, admin: 403 },
  },
  'GET /alluser': { request: () => ({ url: '/api/alluser' }), expect: adminOnly(200) },
  'PUT /alluser': {
    request: (o) => ({
      url: `/api/alluser?email=${encodeURIComponent(o.someone.email)}`,
      body: { role: 'Admin' },
    }),
    expect: adminOnly(200),
  },
  'POST /uploads': {
    request: () => ({
      url: '/api/uploads',
      form: multipartForm([{ data: pngImage(32, 24), filename: 'matrix.png' }]),
    }),
    expect: adminOnly(201),
  },
  'GET /catalogue/export': {
    request: () => ({ url: '/api/catalogue/export' }),
    expect: adminOnly(200),
  },
  'POST /catalogue/import/dry-run': {
    request: () => ({ url: '/api/catalogue/import/dry-run', form: catalogueFile() }),
    expect: adminOnly(200),
    storesNothing: true,
  },
  'POST /catalogue/import': {
    request: () => ({ url: '/api/catalogue/import', form: catalogueFile() }),
    expect: adminOnly(200),
  },
  'GET /catalogue/imports/:id': {
    request: (o) => ({ url: `/api/catalogue/imports/${o.catalogueImport.id}` }),
    expect: adminOnly(200),
  },
  'POST /uploads/documents': {
    request: () => ({
      url: '/api/uploads/documents',
      form: multipartForm([{ data: PDF_BYTES, filename: 'matrix.pdf' }]),
    }),
    expect: adminOnly(201),
  },
  'GET /overview': { request: () => ({ url: '/api/overview' }), expect: adminOnly(200) },
  'GET /config': { request: () => ({ url: '/api/config' }), expect: all(200) },
  'GET /health': { request: () => ({ url: '/api/health' }), expect: all(200) },
  'GET /ready': { request: () => ({ url: '/api/ready' }), expect: all(200) },
};
