/**
 * What the API description says of each operation beyond its schemas: the words, the refusals
 * particular to it and the headers of its answer. Written next to each route in the contract, so
 * that one place describes a route (docs/decisions/023-the-api-description.md).
 */

/** The groups the API is described in, each with what it covers. */
export const API_TAGS = {
  tools: 'The catalogue: tools, their stock and volume prices; admins add and change them.',
  categories:
    "The catalogue's category tree (up to three levels), with the tools in each; admins add, change, move and delete categories.",
  cart: "A signed-in customer's cart, kept on the server, and the pricing of a visitor's.",
  addresses:
    "A company's delivery addresses, shared by its members, or a person's own: the address book checkout offers.",
  lists:
    "Saved lists of tools and quantities, a person's own or shared with their company, and putting a whole list in the cart.",
  'quick-order':
    'Ordering by part number: lines of SKUs and quantities (or a CSV file) matched against the catalogue, each explained, and added to a cart in one step.',
  orders:
    'Placing orders of one or more lines, reading, cancelling and shipping them, their invoices, refunds, and the list and export for admins.',
  quotes:
    'Quotes: a buyer asks for prices, quantities or a delivery date from their cart; the store offers prices per line for a time; both sides write messages; an accepted offer becomes an order at the offered prices.',
  delivery:
    "Delivery methods admins define (countries, price bands by weight or value, free above an amount, working days, cut-off), and the options a buyer's cart is quoted.",
  payments: 'Paying an unpaid order: the built-in test gateway, or Stripe.',
  reviews: 'Reviews of the store by its customers, and their moderation by admins.',
  users: "A customer's details and profile; the people and their roles for admins.",
  system: "The store's public settings and its health.",
  audit: 'Who changed what and when, for admins.',
  companies:
    'Companies: their details and budget, members with roles and limits, invitations by email, and the company’s orders.',
  terms:
    'Payment terms on account: admins give a company or a customer net 15, 30 or 60 days with a credit limit and record the payments received; buyers see what they owe.',
  tax: 'Tax by destination: rates by country and region, tax-exempt buyers, and how an order to a destination is taxed (its rate, the reverse charge or none).',
  uploads: 'Images admins upload for tools.',
  overview: 'The overview for admins: revenue, orders by status, top tools, low stock.',
  account:
    'Signing up, in and out, the session, email confirmation and password resets (served by the account service under /api/auth).',
} as const;
export type ApiTag = keyof typeof API_TAGS;

/**
 * Refusals an operation may answer, each as application/problem+json with a stable `code`. Every
 * route answers some of them whatever it does (see server/http/api-description.ts); `errors`
 * names the others, and may say what one of those means on this route.
 */
export type ErrorStatus =
  | 400
  | 401
  | 402
  | 403
  | 404
  | 409
  | 413
  | 414
  | 415
  | 422
  | 429
  | 502
  | 503;

/** Response headers a success answer carries beyond those on every answer. */
export type ResponseHeader =
  | 'X-Total-Count'
  | 'ETag'
  | 'Cache-Control'
  | 'Content-Disposition'
  | 'Set-Cookie';

export interface OperationDocs {
  /** One line: what the operation does. */
  summary: string;
  /** The rules, limits and choices a caller needs to know. */
  description: string;
  /** What the success answer holds. */
  returns: string;
  /** Refusals beyond those every route of its kind answers, each with what it means here. */
  errors?: Partial<Record<ErrorStatus, string>>;
  /** Headers the success answer carries; with `ETag`, the operation also answers 304. */
  responseHeaders?: readonly ResponseHeader[];
  /** The success answer is a file of this type instead of JSON. */
  file?: 'application/pdf' | 'text/csv';
}
