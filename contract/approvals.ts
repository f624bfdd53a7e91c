/**
 * Why an order waits for approval: it is above the buyer's limit per order, the buyer's monthly
 * limit, or the company's monthly budget (contract/companies.ts for who approves).
 */
/**
 * How long an order waits for its company's approval before it is cancelled and its stock released
 * (decision 060): long enough for a weekend; once approved, the payment window starts afresh.
 */
export const APPROVAL_WINDOW_HOURS = 72;

export const APPROVAL_REASONS = ['order_limit', 'monthly_limit', 'company_budget'] as const;
export type ApprovalReason = (typeof APPROVAL_REASONS)[number];

/** Why an order waited for approval, in a sentence people read (the order page, its timeline). */
export const APPROVAL_REASON_SENTENCES: Record<ApprovalReason, string> = {
  order_limit: "It is above the buyer's limit per order.",
  monthly_limit: "It takes the buyer's orders this month above their monthly limit.",
  company_budget: "It takes the company's orders this month above its monthly budget.",
};
