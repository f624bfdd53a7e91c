import type { OrderStatus } from '../../../../contract/orders.ts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';

const tones: Record<OrderStatus, BadgeTone> = {
  unpaid: 'warning',
  paid: 'info',
  shipped: 'success',
  cancelled: 'neutral',
};
/** An order's status as people read it. */
export const orderStatusLabels: Record<OrderStatus, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={tones[status]}>{orderStatusLabels[status]}</Badge>;
}
