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

/** "an owner", "a buyer", "an approver", "a viewer". */
export function roleWithArticle(role: CompanyRole): string {
  const word = ROLE_LABELS[role].toLowerCase();
  return `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;
}
