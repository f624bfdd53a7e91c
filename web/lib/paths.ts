/**
 * The address of every page, for links, redirects, breadcrumbs and meta tags: the one place that
 * spells them. web/app/routes.ts declares the same pages, and web/app/routes.test.ts proves the
 * two agree. Ids are encoded, query values left out when empty.
 *
 * Read as one name, `import * as paths from '#web/lib/paths.ts'`, then `paths.tool(id)`: each
 * address is an export of its own, so a script keeps only those it uses (an object's unused
 * members would all be kept).
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

export const home = () => '/';
/** The catalogue: search words and a page after the first. */
export const tools = ({ q, page }: { q?: string; page?: number } = {}) =>
  withQuery('/tools', { q, page: page && page > 1 ? page : undefined });
export const tool = (toolId: string) => `/tools/${id(toolId)}`;
/** A category's page: its tools and those of the categories below it, a page after the first. */
export const category = (slug: string, page?: number) =>
  withQuery(`/categories/${id(slug)}`, { page: page && page > 1 ? page : undefined });
/** Buying one tool at once, with the quantity chosen on its page. */
export const purchase = (toolId: string, quantity?: number) =>
  withQuery(`/purchase/${id(toolId)}`, { quantity });
export const cart = () => '/cart';
/** Up to four tools side by side, one row per specification. */
export const compare = (toolIds: readonly string[]) =>
  withQuery('/compare', { ids: toolIds.join(',') });
/** Ordering by part number: SKUs and quantities typed, pasted or read from a CSV file. */
export const quickOrder = () => '/quick-order';
export const blog = () => '/blog';
export const portfolio = () => '/myportfolio';

export const login = () => '/login';
export const registration = () => '/registration';
export const forgotPassword = () => '/forgot-password';
/** Where the link in a password reset email lands. */
export const resetPassword = () => '/reset-password';
/** Where the link in a confirmation email lands: a page whose button confirms the sign-up. */
export const confirmEmail = () => '/confirm-email';
/** Where confirming leads: done, or `error` (the link did not work) with a way to a new one. */
export const emailVerified = ({ error }: { error?: string } = {}) =>
  withQuery('/email-verified', { error });

/** The dashboard's first page: the signed-in user's profile. */
export const profile = () => '/dashboard';
export const myOrders = () => '/dashboard/myorder';
/** The customer's credit notes, one per refund of their orders. */
export const creditNotes = () => '/dashboard/credit-notes';
export const addressBook = () => '/dashboard/addresses';
export const savedLists = () => '/dashboard/lists';
export const savedList = (listId: string) => `/dashboard/lists/${id(listId)}`;
export const order = (orderId: string) => `/dashboard/orders/${id(orderId)}`;
export const payment = (orderId: string) => `/dashboard/payment/${id(orderId)}`;
export const review = () => '/dashboard/review';
/** The customer's quotes (and their company's), and one quote's page. */
export const myQuotes = () => '/dashboard/quotes';
export const quote = (quoteId: string) => `/dashboard/quotes/${id(quoteId)}`;
/** The customer's company: create one, or its details, members and invitations. */
export const company = () => '/dashboard/company';
/** The company's orders, by buyer and status. */
export const companyOrders = () => '/dashboard/company/orders';
/** The buyer's open invoices on account and their statement (the reminder emails link here). */
export const invoices = () => '/dashboard/invoices';
/** Where the link in an invitation email lands. */
export const joinCompany = (token?: string) => withQuery('/join-company', { token });

export const overview = () => '/dashboard/overview';
export const addProduct = () => '/dashboard/addproduct';
export const manageProducts = () => '/dashboard/manageproducts';
export const manageOrders = () => '/dashboard/manageallorders';
export const manageReviews = () => '/dashboard/reviews';
export const manageCategories = () => '/dashboard/categories';
export const deliveryMethods = () => '/dashboard/delivery-methods';
/** Payment terms for admins, and the overdue invoices. */
export const paymentTerms = () => '/dashboard/payment-terms';
/** Tax rates by destination and the tax-exempt buyers. */
export const tax = () => '/dashboard/tax';
/** The catalogue as a CSV file: its download and its import. */
export const catalogueFile = () => '/dashboard/catalogue';
/** People and their roles, optionally searched for a name or email. */
export const people = ({ q }: { q?: string } = {}) => withQuery('/dashboard/makeadmin', { q });
export const auditLog = () => '/dashboard/audit';
/** Quote requests for admins, and one quote's page where the store prices and answers it. */
export const quoteRequests = () => '/dashboard/quote-requests';
export const quoteRequest = (quoteId: string) => `/dashboard/quote-requests/${id(quoteId)}`;
