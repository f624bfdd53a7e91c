/**
 * Companies: people who buy together, and the roles a member can have:
 *
 * - owner: everything (details, members, limits, approvals, the address book, all orders);
 * - buyer: orders within their limits, their own orders;
 * - approver: approves or rejects others' orders placed above their limits, sees all orders;
 * - viewer: sees the company's orders and invoices.
 */
export const COMPANY_ROLES = ['owner', 'buyer', 'approver', 'viewer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

const READS_COMPANY_ORDERS: ReadonlySet<CompanyRole> = new Set(['owner', 'approver', 'viewer']);
const PLACES_ORDERS: ReadonlySet<CompanyRole> = new Set(['owner', 'buyer']);
const DECIDES_APPROVALS: ReadonlySet<CompanyRole> = new Set(['owner', 'approver']);

/**
 * The role reads every order of its company, with their invoices, credit notes and quotes; a
 * buyer reads their own. The store decides by it; the pages only choose what to show.
 */
export const readsCompanyOrders = (role: CompanyRole): boolean => READS_COMPANY_ORDERS.has(role);

/** The role places orders (and accepts quotes) for its company; approvers and viewers do not. */
export const placesOrders = (role: CompanyRole): boolean => PLACES_ORDERS.has(role);

/** The role approves or rejects the orders that wait for approval (never one it placed). */
export const decidesApprovals = (role: CompanyRole): boolean => DECIDES_APPROVALS.has(role);
