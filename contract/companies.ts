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
