import type { ApprovalReason } from '../../../contract/approvals.ts';
import { placesOrders } from '../../../contract/companies.ts';
import { formatMoney } from '../../../contract/money.ts';
import { AppError } from '../../errors.ts';
import type { PlacementMembership } from './placement.repo.ts';

/** Approvers and viewers see a company's orders but do not place them; owners and buyers do. */
export function assertMayOrder(membership: Pick<PlacementMembership, 'role'> | null): void {
  const role = membership?.role;
  if (role === undefined || placesOrders(role)) return;
  throw new AppError(
    403,
    'role_cannot_order',
    `As ${role === 'approver' ? 'an approver' : 'a viewer'} in your company you can see its orders, but not place them. Ask its owner to make you a buyer.`,
  );
}

/**
 * Whether a company member's order of `total` waits for approval, and why: above the buyer's
 * limit per order, their monthly limit, or the company's monthly budget (the month's spend read
 * under the company's lock, so racing orders cannot pass a limit together). An owner's orders
 * never wait: owners approve.
 */
export function approvalNeeded(
  membership: PlacementMembership | null,
  total: number,
  currency: string,
): ApprovalReason | null {
  if (!membership || membership.role === 'owner') return null;
  const spentByBuyer = membership.spentByBuyer[currency] ?? 0;
  const spentByCompany = membership.spentByCompany[currency] ?? 0;
  if (membership.orderLimit !== null && total > membership.orderLimit) return 'order_limit';
  if (membership.monthlyLimit !== null && spentByBuyer + total > membership.monthlyLimit) {
    return 'monthly_limit';
  }
  if (membership.companyBudget !== null && spentByCompany + total > membership.companyBudget) {
    return 'company_budget';
  }
  return null;
}

/** Why an order waits for approval, in a sentence for the buyer and the approvers. */
export function approvalSentence(
  reason: ApprovalReason,
  membership: Pick<PlacementMembership, 'orderLimit' | 'monthlyLimit' | 'companyBudget'>,
  currency: string,
): string {
  const money = (amount: number | null) => formatMoney(amount ?? 0, currency);
  switch (reason) {
    case 'order_limit':
      return `It is above the buyer's limit of ${money(membership.orderLimit)} per order.`;
    case 'monthly_limit':
      return `It would take the buyer's orders this month above their limit of ${money(membership.monthlyLimit)}.`;
    case 'company_budget':
      return `It would take the company's orders this month above its budget of ${money(membership.companyBudget)}.`;
  }
}
