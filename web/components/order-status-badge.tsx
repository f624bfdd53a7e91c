import type { OrderStatus } from '#contract/orders.ts';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { orderStatusLabels } from '#web/lib/format.ts';

const tones: Record<OrderStatus, BadgeTone> = {
  awaiting_approval: 'warning',
  unpaid: 'warning',
  on_account: 'info',
  paid: 'info',
  shipped: 'success',
  cancelled: 'neutral',
  rejected: 'neutral',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={tones[status]}>{orderStatusLabels[status]}</Badge>;
}
