import { bookAddress } from './valid-requests.ts';

/**
 * Who may do what with the address book and saved lists, by role in a company: every route of
 * both, with the status each caller gets when it acts on the objects of one company (its book's
 * address, a list its buyer shared). server/http/book-authorization-matrix.test.ts walks it.
 */

export const COMPANY_CALLERS = [
  'owner',
  'buyer',
  'approver',
  'viewer',
  /** The owner of another company. */
  'otherCompany',
  /** A customer in no company. */
  'noCompany',
  'admin',
  'visitor',
] as const;
export type CompanyCaller = (typeof COMPANY_CALLERS)[number];

export interface CompanyObjects {
  toolId: string;
  /** An address of the company's book. */
  addressId: string;
  /** A list the company's buyer made and shared with the company, holding 10 of the tool. */
  listId: string;
}

interface Entry {
  request: (o: CompanyObjects) => { url: string; body?: unknown };
  expect: Record<CompanyCaller, number>;
}

/** Statuses in the order of COMPANY_CALLERS. */
function statuses(...codes: number[]): Record<CompanyCaller, number> {
  return Object.fromEntries(COMPANY_CALLERS.map((caller, i) => [caller, codes[i]])) as Record<
    CompanyCaller,
    number
  >;
}

/** Everyone reads their own: their company's, or their own. */
const EVERYONE_OWN = statuses(200, 200, 200, 200, 200, 200, 200, 401);
/** The company's book: owner and buyers change it, approvers and viewers read it, others see none. */
const BOOK_CHANGE = statuses(200, 200, 403, 403, 404, 404, 404, 401);
/** A shared list: its maker (the buyer) and the owner change it; members read it; others see none. */
const LIST_CHANGE = statuses(200, 200, 403, 403, 404, 404, 404, 401);
const LIST_READ = statuses(200, 200, 200, 200, 404, 404, 404, 401);

export const COMPANY_MATRIX: Record<string, Entry> = {
  'GET /addresses': { request: () => ({ url: '/api/addresses' }), expect: EVERYONE_OWN },
  'POST /addresses': {
    request: () => ({ url: '/api/addresses', body: bookAddress }),
    // Into the caller's book: approvers and viewers may not add to the company's.
    expect: statuses(201, 201, 403, 403, 201, 201, 201, 401),
  },
  'PUT /addresses/:id': {
    request: (o) => ({ url: `/api/addresses/${o.addressId}`, body: bookAddress }),
    expect: BOOK_CHANGE,
  },
  'DELETE /addresses/:id': {
    request: (o) => ({ url: `/api/addresses/${o.addressId}` }),
    expect: BOOK_CHANGE,
  },
  'POST /addresses/:id/default': {
    request: (o) => ({ url: `/api/addresses/${o.addressId}/default` }),
    expect: BOOK_CHANGE,
  },
  'GET /lists': { request: () => ({ url: '/api/lists' }), expect: EVERYONE_OWN },
  'POST /lists': {
    request: () => ({ url: '/api/lists', body: { name: 'Shared kit', isShared: true } }),
    // Any member may share a list with their company; a person in none has none to share with.
    expect: statuses(201, 201, 201, 201, 201, 400, 400, 401),
  },
  'GET /lists/:id': { request: (o) => ({ url: `/api/lists/${o.listId}` }), expect: LIST_READ },
  'PATCH /lists/:id': {
    request: (o) => ({ url: `/api/lists/${o.listId}`, body: { name: 'Renamed' } }),
    expect: LIST_CHANGE,
  },
  'DELETE /lists/:id': { request: (o) => ({ url: `/api/lists/${o.listId}` }), expect: LIST_CHANGE },
  'PUT /lists/:id/lines': {
    request: (o) => ({
      url: `/api/lists/${o.listId}/lines`,
      body: { lines: [{ toolId: o.toolId, quantity: 20 }] },
    }),
    expect: LIST_CHANGE,
  },
  'POST /lists/:id/lines': {
    request: (o) => ({
      url: `/api/lists/${o.listId}/lines`,
      body: { from: 'lines', lines: [{ toolId: o.toolId, quantity: 5 }] },
    }),
    expect: LIST_CHANGE,
  },
  'POST /lists/:id/cart': {
    // Into the caller's own cart: every member may, from a list shared with them.
    request: (o) => ({ url: `/api/lists/${o.listId}/cart` }),
    expect: LIST_READ,
  },
};
