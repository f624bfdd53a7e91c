/**
 * The address of every page, for links, redirects, breadcrumbs and meta tags: the one place that
 * spells them. web/app/routes.ts declares the same pages, and web/app/routes.test.ts proves the
 * two agree. Ids are encoded, query values left out when empty.
 */

type Query = Record<string, string | number | undefined>;

/** `path?name=value…` of the values given; the path alone when there are none. */
function withQuery(path: string, query: Query): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

const id = (value: string) => encodeURIComponent(value);

export const paths = {
  home: () => '/',
  /** The catalogue: search words and a page after the first. */
  tools: ({ q, page }: { q?: string; page?: number } = {}) =>
    withQuery('/tools', { q, page: page && page > 1 ? page : undefined }),
  tool: (toolId: string) => `/tools/${id(toolId)}`,
  /** A category's page: its tools and those of the categories below it, a page after the first. */
  category: (slug: string, page?: number) =>
    withQuery(`/categories/${id(slug)}`, { page: page && page > 1 ? page : undefined }),
  /** Buying one tool at once, with the quantity chosen on its page. */
  purchase: (toolId: string, quantity?: number) =>
    withQuery(`/purchase/${id(toolId)}`, { quantity }),
  cart: () => '/cart',
  /** Up to four tools side by side, one row per specification. */
  compare: (toolIds: readonly string[]) => withQuery('/compare', { ids: toolIds.join(',') }),
  /** Ordering by part number: SKUs and quantities typed, pasted or read from a CSV file. */
  quickOrder: () => '/quick-order',
  blog: () => '/blog',
  portfolio: () => '/myportfolio',

  login: () => '/login',
  registration: () => '/registration',
  forgotPassword: () => '/forgot-password',
  /** Where the link in a password reset email lands. */
  resetPassword: () => '/reset-password',
  /** Where the link in a confirmation email lands: a page whose button confirms the sign-up. */
  confirmEmail: () => '/confirm-email',
  /** Where confirming leads: done, or `error` (the link did not work) with a way to a new one. */
  emailVerified: ({ error }: { error?: string } = {}) => withQuery('/email-verified', { error }),

  /** The dashboard's first page: the signed-in user's profile. */
  profile: () => '/dashboard',
  myOrders: () => '/dashboard/myorder',
  /** The customer's credit notes, one per refund of their orders. */
  creditNotes: () => '/dashboard/credit-notes',
  addressBook: () => '/dashboard/addresses',
  savedLists: () => '/dashboard/lists',
  savedList: (listId: string) => `/dashboard/lists/${id(listId)}`,
  order: (orderId: string) => `/dashboard/orders/${id(orderId)}`,
  payment: (orderId: string) => `/dashboard/payment/${id(orderId)}`,
  review: () => '/dashboard/review',
  /** The customer's quotes (and their company's), and one quote's page. */
  myQuotes: () => '/dashboard/quotes',
  quote: (quoteId: string) => `/dashboard/quotes/${id(quoteId)}`,
  /** The customer's company: create one, or its details, members and invitations. */
  company: () => '/dashboard/company',
  /** The company's orders, by buyer and status. */
  companyOrders: () => '/dashboard/company/orders',
  /** The buyer's open invoices on account and their statement (the reminder emails link here). */
  invoices: () => '/dashboard/invoices',
  /** Where the link in an invitation email lands. */
  joinCompany: (token?: string) => withQuery('/join-company', { token }),

  overview: () => '/dashboard/overview',
  addProduct: () => '/dashboard/addproduct',
  manageProducts: () => '/dashboard/manageproducts',
  manageOrders: () => '/dashboard/manageallorders',
  manageReviews: () => '/dashboard/reviews',
  manageCategories: () => '/dashboard/categories',
  deliveryMethods: () => '/dashboard/delivery-methods',
  /** Payment terms for admins, and the overdue invoices. */
  paymentTerms: () => '/dashboard/payment-terms',
  /** Tax rates by destination and the tax-exempt buyers. */
  tax: () => '/dashboard/tax',
  /** The catalogue as a CSV file: its download and its import. */
  catalogueFile: () => '/dashboard/catalogue',
  /** People and their roles, optionally searched for a name or email. */
  people: ({ q }: { q?: string } = {}) => withQuery('/dashboard/makeadmin', { q }),
  auditLog: () => '/dashboard/audit',
  /** Quote requests for admins, and one quote's page where the store prices and answers it. */
  quoteRequests: () => '/dashboard/quote-requests',
  quoteRequest: (quoteId: string) => `/dashboard/quote-requests/${id(quoteId)}`,
} as const;
