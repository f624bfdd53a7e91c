/**
 * Why an order waits for approval: it is above the buyer's limit per order, the buyer's monthly
 * limit, or the company's monthly budget (contract/companies.ts for who approves).
 */
export const APPROVAL_REASONS = ['order_limit', 'monthly_limit', 'company_budget'] as const;
export type ApprovalReason = (typeof APPROVAL_REASONS)[number];
