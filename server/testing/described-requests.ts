import { randomUUID } from 'node:crypto';
import { multipartForm, pngImage } from './images.ts';
import type { TestUser } from './test-app.ts';
import { delivery, type Fixture } from './valid-requests.ts';

/**
 * Requests for server/http/openapi-responses.test.ts, keyed by `METHOD path` like VALID_REQUESTS
 * (which gives each state-changing route's success): a success for each route that only reads,
 * and for each route the refusals only it can answer. Refusals every route of a kind answers are
 * made by the test itself.
 */

export interface Sent {
  url: string;
  /** Who sends it: an admin unless said (`visitor` sends no cookie), or `sendAs` when given. */
  as?: 'admin' | 'customer' | 'unverified' | 'visitor';
  /** A person of the fixture who sends it (a company's approver), unless `as` says otherwise. */
  sendAs?: TestUser;
  /** A JSON body. */
  body?: unknown;
  /** A form (the upload route's), with its content type in its headers. */
  form?: { payload: Buffer; headers: Record<string, string> };
  /** A body of another type, sent as it is with `headers`. */
  raw?: string;
  /** Refers to the route's own success, so it is sent after it (the others are sent before). */
  isAfterSuccess?: true;
  headers?: Record<string, string>;
}

const enc = encodeURIComponent;

/** A success for every route that only reads, as an admin on the fixture's objects. */
export const READS: Record<string, (f: Fixture) => Sent> = {
  'GET /tools': () => ({ url: '/api/tools?q=tool&sort=relevance&limit=5', as: 'visitor' }),
  'GET /tools/facets': () => ({
    url: '/api/tools/facets?q=tool&brand=Toolyard&inStock=true&minPrice=0',
    as: 'visitor',
  }),
  'GET /tools/manage': () => ({ url: '/api/tools/manage?lowStock=false&sort=stock_asc' }),
  'GET /tools/:id/open-orders': (f) => ({ url: `/api/tools/${f.tool.id}/open-orders` }),
  'GET /purchase/:id': (f) => ({ url: `/api/purchase/${f.tool.id}`, as: 'visitor' }),
  'GET /categories': () => ({ url: '/api/categories', as: 'visitor' }),
  'GET /cart': () => ({ url: '/api/cart' }),
  'GET /addresses': () => ({ url: '/api/addresses' }),
  'GET /delivery-methods': () => ({ url: '/api/delivery-methods' }),
  'GET /tax-rates': () => ({ url: '/api/tax-rates' }),
  'GET /tax-exemptions': () => ({ url: '/api/tax-exemptions?limit=5' }),
  'GET /tax/destination': () => ({ url: '/api/tax/destination?country=NZ&postcode=6011' }),
  'GET /tax/vat-numbers': () => ({ url: '/api/tax/vat-numbers?state=unverified&limit=5' }),
  'GET /cart/delivery-options': () => ({ url: '/api/cart/delivery-options?country=GB' }),
  'GET /tools/:id/delivery-options': (f) => ({
    url: `/api/tools/${f.tool.id}/delivery-options?country=GB&quantity=10`,
  }),
  'GET /quotes/:id/delivery-options': (f) => ({
    url: `/api/quotes/${f.offeredQuote.id}/delivery-options?country=GB`,
  }),
  'GET /lists': () => ({ url: '/api/lists?limit=5' }),
  'GET /lists/:id': (f) => ({ url: `/api/lists/${f.list.id}` }),
  'GET /orders/:id': (f) => ({ url: `/api/orders/${f.unpaidOrder._id}` }),
  'GET /orders/:id/invoice.pdf': (f) => ({ url: `/api/orders/${f.paidOrder._id}/invoice.pdf` }),
  'GET /credit-notes': () => ({ url: '/api/credit-notes?limit=5&offset=0' }),
  'GET /credit-notes/:number': (f) => ({ url: `/api/credit-notes/${f.creditNote}` }),
  'GET /user': (f) => ({ url: `/api/user?email=${enc(f.admin.email)}&limit=5` }),
  'GET /orderlist': () => ({ url: '/api/orderlist?status=paid&limit=5' }),
  'GET /orderlist/export': () => ({ url: '/api/orderlist/export?status=paid' }),
  'GET /payment/:id': (f) => ({ url: `/api/payment/${f.unpaidOrder._id}` }),
  'GET /reviews': () => ({ url: '/api/reviews', as: 'visitor' }),
  'GET /reviews/all': () => ({ url: '/api/reviews/all?hidden=false' }),
  'GET /reviews/mine': () => ({ url: '/api/reviews/mine', as: 'customer' }),
  'GET /reviews/eligibility': () => ({ url: '/api/reviews/eligibility', as: 'customer' }),
  'GET /tools/:id/reviews': (f) => ({ url: `/api/tools/${f.tool.id}/reviews`, as: 'visitor' }),
  'GET /tools/:id/reviews/eligibility': (f) => ({
    url: `/api/tools/${f.tool.id}/reviews/eligibility`,
    as: 'customer',
  }),
  'GET /audit': () => ({ url: '/api/audit?limit=5' }),
  'GET /quotes': () => ({ url: '/api/quotes?status=requested&limit=5' }),
  'GET /quotes/:id': (f) => ({ url: `/api/quotes/${f.requestedQuote.id}` }),
  'GET /quote-requests': () => ({ url: '/api/quote-requests?status=offered&limit=5' }),
  'GET /quote-requests/:id': (f) => ({ url: `/api/quote-requests/${f.offeredQuote.id}` }),
  'GET /userdetails/:email': (f) => ({ url: `/api/userdetails/${enc(f.admin.email)}` }),
  'GET /alluser': () => ({ url: '/api/alluser?role=Admin' }),
  'GET /overview': () => ({ url: '/api/overview' }),
  'GET /catalogue/export': () => ({ url: '/api/catalogue/export' }),
  'GET /catalogue/imports/:id': (f) => ({ url: `/api/catalogue/imports/${f.catalogueImport.id}` }),
  'GET /config': () => ({ url: '/api/config', as: 'visitor' }),
  'GET /companies/mine': () => ({ url: '/api/companies/mine' }),
  'GET /companies/mine/members': () => ({ url: '/api/companies/mine/members?limit=5' }),
  'GET /companies/mine/invitations': () => ({ url: '/api/companies/mine/invitations?limit=5' }),
  'GET /companies/mine/orders': () => ({ url: '/api/companies/mine/orders?status=paid&limit=5' }),
  'GET /companies': () => ({ url: '/api/companies?q=co&limit=5' }),
  'GET /payment-terms': () => ({ url: '/api/payment-terms' }),
  'GET /payment-terms/mine': () => ({ url: '/api/payment-terms/mine' }),
  'GET /invoices/open': () => ({ url: '/api/invoices/open?limit=5' }),
  'GET /invoices/overdue': () => ({ url: '/api/invoices/overdue?limit=5' }),
  'GET /invoices/statement.pdf': () => ({
    url: '/api/invoices/statement.pdf?from=2026-01-01&to=2026-12-31',
  }),
  'GET /orders/:id/payments': (f) => ({ url: `/api/orders/${f.onAccountOrder._id}/payments` }),
  'GET /health': () => ({ url: '/api/health', as: 'visitor' }),
  'GET /ready': () => ({ url: '/api/ready', as: 'visitor' }),
};

const card = (cardNumber: string) => ({
  cardNumber,
  expiry: '12/40',
  cvc: '123',
  nameOnCard: 'Ada Admin',
});

/**
 * The refusals particular to a route, each one its descriptor names, on the fixture as it is before
 * the route's success (`sent`), unless marked as following it.
 */
export const REFUSALS: Record<string, (f: Fixture, success: { sent: Sent }) => Sent[]> = {
  'GET /user': (f) => [{ url: `/api/user?email=${enc(f.admin.email)}`, as: 'customer' }],
  'POST /tools': (_f, { sent }) => [
    // The same SKU again: taken by the tool the success added.
    { ...sent, isAfterSuccess: true },
    {
      url: '/api/tools',
      body: {
        name: 'Free Tool',
        img: '/images/tools/x.svg',
        description: 'A tool given away, which needs confirming.',
        quantity: 5,
        minimumOrder: 1,
        price: 0,
      },
    },
  ],
  // The success was sent with an Idempotency-Key (the test gives one to every route that takes it).
  'POST /user': (f, { sent }) => {
    const order = sent.body as Record<string, unknown>;
    return [
      { ...sent, body: { ...order, orderedNum: 11 }, isAfterSuccess: true },
      { url: sent.url, body: { ...order, orderedNum: 999_999 } },
      { url: sent.url, body: { ...order, toolId: randomUUID() } },
      { url: `/api/user?email=${enc(f.someone.email)}`, body: order },
    ];
  },
  'POST /orders': (f) => [
    {
      url: '/api/orders',
      body: { lines: [{ toolId: f.tool.id, quantity: 10 }], ...delivery, expectedTotal: 1 },
    },
    {
      url: '/api/orders',
      body: { lines: [{ toolId: f.tool.id, quantity: 999_999 }], ...delivery },
    },
    {
      url: '/api/orders',
      as: 'unverified',
      body: { lines: [{ toolId: f.tool.id, quantity: 10 }], ...delivery },
    },
  ],
  // The success checks out the admin's cart at the fixture's version.
  'POST /cart/checkout': (f, { sent }) => [
    { url: sent.url, body: { ...delivery, cartVersion: f.cartVersion + 1 } },
    { url: sent.url, body: { ...delivery, cartVersion: f.cartVersion, expectedTotal: 1 } },
    { url: sent.url, as: 'customer', body: { ...delivery, cartVersion: 0 } },
    { url: sent.url, as: 'unverified', body: { ...delivery, cartVersion: 0 } },
    { url: sent.url, body: sent.body, isAfterSuccess: true },
    {
      ...sent,
      body: { ...delivery, cartVersion: f.cartVersion, note: 'Other' },
      isAfterSuccess: true,
    },
  ],
  'DELETE /user/:id': (f) => [{ url: `/api/user/${f.paidOrder._id}` }],
  'POST /quotes': (_f, { sent }) => [
    { ...sent, as: 'unverified' },
    { ...sent, body: { ...(sent.body as object), wantedBy: '2020-01-01' } },
  ],
  'GET /quotes/:id': (f) => [{ url: `/api/quotes/${f.requestedQuote.id}`, as: 'customer' }],
  'POST /quotes/:id/messages': (f, { sent }) => [
    { ...sent, url: `/api/quotes/${f.requestedQuote.id}/messages`, as: 'customer' },
  ],
  'POST /quotes/:id/withdraw': (f) => [
    { url: `/api/quotes/${f.offeredQuote.id}/withdraw` },
    { url: `/api/quotes/${f.requestedQuote.id}/withdraw`, as: 'customer' },
  ],
  'POST /quotes/:id/accept': (f, { sent }) => [
    { ...sent, url: `/api/quotes/${f.requestedQuote.id}/accept` },
    { ...sent, as: 'customer' },
  ],
  'POST /quotes/:id/decline': (f, { sent }) => [
    { url: `/api/quotes/${f.requestedQuote.id}/decline` },
    { ...sent, as: 'customer' },
    { ...sent, isAfterSuccess: true },
  ],
  'POST /quote-requests/:id/offer': (_f, { sent }) => [
    {
      ...sent,
      body: { ...(sent.body as object), lines: [{ position: 2, offeredUnitPrice: 1 }] },
    },
  ],
  'POST /quote-requests/:id/refuse': (_f, { sent }) => [{ ...sent, isAfterSuccess: true }],

  'GET /orders/:id/invoice.pdf': (f) => [{ url: `/api/orders/${f.unpaidOrder._id}/invoice.pdf` }],
  'GET /credit-notes': () => [{ url: '/api/credit-notes?limit=1000' }],
  'GET /credit-notes/:number': () => [
    { url: '/api/credit-notes/CN-999999999' },
    { url: '/api/credit-notes/INV-000001' },
  ],
  'GET /orders/:id': (f) => [{ url: `/api/orders/${f.unpaidOrder._id}`, as: 'customer' }],
  'PUT /order/:id': (f) => [
    { url: `/api/order/${f.unpaidOrder._id}`, body: { status: 'shipped', noTracking: true } },
  ],
  'PUT /orders/:id/shipments': (f) => [
    { url: `/api/orders/${f.paidOrder._id}/shipments`, body: { noTracking: true } },
  ],
  'POST /orders/:id/refunds': (f, { sent }) => [
    { url: `/api/orders/${f.unpaidOrder._id}/refunds`, body: { amount: 1, note: 'Too early.' } },
    {
      url: `/api/orders/${f.paidOrder._id}/refunds`,
      body: { amount: 2_000_000_000, note: 'Too much.' },
    },
    // The success's Idempotency-Key again, for another refund.
    { ...sent, body: { amount: 1, note: 'Another.' }, isAfterSuccess: true },
  ],
  'POST /orders/:id/refunds/:refundId/send': (f) => [
    // The refund named under another order, and no refund's id at all.
    { url: `/api/orders/${f.paidOrder._id}/refunds/${f.unansweredRefund.refundId}/send` },
    { url: `/api/orders/${f.unansweredRefund.orderId}/refunds/not-a-refund/send` },
    // Sent again once it went through.
    {
      url: `/api/orders/${f.unansweredRefund.orderId}/refunds/${f.unansweredRefund.refundId}/send`,
      isAfterSuccess: true,
    },
  ],
  'POST /payment/:id': (f) => [
    { url: `/api/payment/${f.unpaidOrder._id}`, body: card('4000 0000 0000 0002') },
    { url: `/api/payment/${f.paidOrder._id}`, body: card('4242 4242 4242 4242') },
    { url: `/api/payment/${f.unpaidOrder._id}`, as: 'customer', body: card('4242 4242 4242 4242') },
  ],
  'POST /reviews': () => [
    { url: '/api/reviews', as: 'unverified', body: { review: 'Not confirmed yet.', rating: 3 } },
    // The customer has no paid order.
    { url: '/api/reviews', as: 'customer', body: { review: 'Never bought here.', rating: 1 } },
  ],
  'POST /tools/:id/reviews': (f) => [
    {
      url: `/api/tools/${f.tool.id}/reviews`,
      as: 'unverified',
      body: { review: 'Not confirmed yet.', rating: 3 },
    },
    // The customer has no paid order with this tool on it.
    {
      url: `/api/tools/${f.tool.id}/reviews`,
      as: 'customer',
      body: { review: 'Never bought it.', rating: 1 },
    },
    { url: `/api/tools/${randomUUID()}/reviews`, body: { review: 'No such tool.', rating: 3 } },
  ],
  'GET /tools/:id/delivery-options': () => [
    { url: `/api/tools/${randomUUID()}/delivery-options?country=GB&quantity=10` },
  ],
  'GET /quotes/:id/delivery-options': (f) => [
    { url: `/api/quotes/${randomUUID()}/delivery-options?country=GB` },
    { url: `/api/quotes/${f.offeredQuote.id}/delivery-options?country=GB`, as: 'customer' },
    { url: `/api/quotes/${f.requestedQuote.id}/delivery-options?country=GB` },
  ],
  'GET /tools/:id/reviews': () => [{ url: `/api/tools/${randomUUID()}/reviews`, as: 'visitor' }],
  'GET /tools/:id/reviews/eligibility': () => [
    { url: `/api/tools/${randomUUID()}/reviews/eligibility` },
  ],
  'DELETE /reviews/:id': (f) => [{ url: `/api/reviews/${f.review.id}`, as: 'customer' }],
  'PUT /userdetails/:email': (f) => [
    {
      url: `/api/userdetails/${enc(f.someone.email)}`,
      body: { name: 'Someone', email: f.someone.email },
    },
  ],
  'PUT /alluser': () => [
    { url: `/api/alluser?email=${enc('nobody@example.com')}`, body: { role: 'User' } },
  ],
  'POST /catalogue/import/dry-run': () => [
    {
      url: '/api/catalogue/import/dry-run',
      form: { payload: Buffer.from([0x89, 0x50, 0, 0]), headers: { 'content-type': 'text/csv' } },
    },
    { url: '/api/catalogue/import/dry-run', body: { rows: [] } },
  ],
  'POST /catalogue/import': () => [
    {
      url: '/api/catalogue/import',
      form: { payload: Buffer.from([0xff, 0xfe, 0x41]), headers: { 'content-type': 'text/csv' } },
    },
    { url: '/api/catalogue/import', body: { rows: [] } },
  ],
  'GET /catalogue/imports/:id': () => [{ url: `/api/catalogue/imports/${randomUUID()}` }],
  'POST /uploads': () => [
    {
      url: '/api/uploads',
      form: multipartForm([{ data: Buffer.from('not an image at all'), filename: 'x.png' }]),
    },
  ],
  'POST /uploads/documents': () => [
    {
      url: '/api/uploads/documents',
      form: multipartForm([{ data: pngImage(8, 8), filename: 'renamed.pdf' }]),
    },
  ],
  'PUT /payment-terms': (f) => [
    {
      url: '/api/payment-terms',
      body: { companyId: randomUUID(), netDays: 30, creditLimit: 1 },
    },
    // The admin belongs to the fixture's company: its terms are theirs.
    { url: '/api/payment-terms', body: { userId: f.admin.id, netDays: 30, creditLimit: 1 } },
  ],
  'DELETE /payment-terms/:id': () => [{ url: `/api/payment-terms/${randomUUID()}` }],
  // The same place again: it has the rate the success added.
  'POST /tax-rates': (_f, { sent }) => [{ ...sent, isAfterSuccess: true }],
  'PATCH /tax-rates/:id': () => [{ url: `/api/tax-rates/${randomUUID()}`, body: { rate: 1 } }],
  'DELETE /tax-rates/:id': () => [{ url: `/api/tax-rates/${randomUUID()}` }],
  'PUT /tax-exemptions': (f) => [
    { url: '/api/tax-exemptions', body: { companyId: randomUUID(), reference: 'None' } },
    // The admin belongs to the fixture's company: its exemption is theirs.
    { url: '/api/tax-exemptions', body: { userId: f.admin.id, reference: 'Own' } },
  ],
  'DELETE /tax-exemptions/:id': () => [{ url: `/api/tax-exemptions/${randomUUID()}` }],
  'PUT /tax/vat-numbers/:companyId': (f) => [
    { url: `/api/tax/vat-numbers/${randomUUID()}`, body: { vatNumber: 'DE123456789' } },
    // Not the number the company gives now.
    { url: `/api/tax/vat-numbers/${f.vatCompany.id}`, body: { vatNumber: 'DE999999999' } },
  ],
  'DELETE /tax/vat-numbers/:companyId': () => [{ url: `/api/tax/vat-numbers/${randomUUID()}` }],
  'POST /orders/:id/payments': (f) => [
    {
      url: `/api/orders/${randomUUID()}/payments`,
      body: { amount: 1, receivedOn: new Date().toISOString().slice(0, 10), reference: 'NONE' },
    },
    {
      url: `/api/orders/${f.paidOrder._id}/payments`,
      body: { amount: 1, receivedOn: new Date().toISOString().slice(0, 10), reference: 'CARD' },
    },
    {
      url: `/api/orders/${f.onAccountOrder._id}/payments`,
      body: {
        amount: 2_000_000_000,
        receivedOn: new Date().toISOString().slice(0, 10),
        reference: 'TOO-MUCH',
      },
    },
  ],
  'POST /orders/:id/payouts': (f) => [
    {
      url: `/api/orders/${randomUUID()}/payouts`,
      body: { amount: 1, paidOn: new Date().toISOString().slice(0, 10), reference: 'NONE' },
    },
    {
      url: `/api/orders/${f.paidOrder._id}/payouts`,
      body: { amount: 1, paidOn: new Date().toISOString().slice(0, 10), reference: 'CARD' },
    },
    {
      // Nothing is owed to the buyer of an order not yet paid.
      url: `/api/orders/${f.onAccountOrder._id}/payouts`,
      body: { amount: 1, paidOn: new Date().toISOString().slice(0, 10), reference: 'NOT-OWED' },
    },
  ],
  'GET /orders/:id/payments': (f) => [
    { url: `/api/orders/${randomUUID()}/payments` },
    { url: `/api/orders/${f.paidOrder._id}/payments` },
    { url: `/api/orders/${f.unpaidOrder._id}/payments`, as: 'customer' },
  ],
};

/** The user each `as` names. */
export function sender(
  sent: Pick<Sent, 'as' | 'sendAs'>,
  users: Record<'admin' | 'customer' | 'unverified', TestUser>,
) {
  if (sent.as === undefined && sent.sendAs) return sent.sendAs;
  return sent.as === 'visitor' ? undefined : users[sent.as ?? 'admin'];
}
