import type { OrderStatus } from '../../../../contract/orders.ts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';

const tones: Record<OrderStatus, BadgeTone> = {
  unpaid: 'warning',
  paid: 'info',
  shipped: 'success',
  cancelled: 'neutral',
};
const labels: Record<OrderStatus, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={tones[status]}>{labels[status]}</Badge>;
}
