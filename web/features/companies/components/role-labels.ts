import type { CompanyRole } from '#contract/company-details.ts';

export const ROLE_LABELS: Record<CompanyRole, string> = {
  owner: 'Owner',
  buyer: 'Buyer',
  approver: 'Approver',
  viewer: 'Viewer',
};

/** What each role may do, in a sentence. */
export const ROLE_HINTS: Record<CompanyRole, string> = {
  owner: 'Everything: details, members, limits, approvals and every order.',
  buyer: 'Places orders within their limits and sees their own.',
  approver: "Approves or rejects others' orders above their limits; sees every order.",
  viewer: "Sees the company's orders and invoices.",
};
