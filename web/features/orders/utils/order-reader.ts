import type { Order } from '#contract/orders.ts';

/**
 * Whether the person signed in placed the order. Another's order they may read is their
 * company's (its page sits under Company orders), or any customer's for an admin.
 */
export function isPlacedBy(order: Pick<Order, 'email'>, user: { email: string }): boolean {
  return order.email.toLowerCase() === user.email.toLowerCase();
}
