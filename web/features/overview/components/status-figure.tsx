import { Bar, Cell, XAxis, YAxis } from 'recharts';
import { formatCount } from '#contract/format.ts';
import type { OrderStatus } from '#contract/orders.ts';
import type { Overview } from '#contract/overview.ts';
import { DataTable } from '#web/components/ui/table.tsx';
import { orderStatusLabels } from '#web/lib/format.ts';
import {
  AcrossBars,
  AXIS_TICK,
  CHART_COLORS,
  compactCount,
  FigureSection,
} from './figure-section.tsx';

type StatusCount = Overview['ordersByStatus'][number];

const STATUS_COLORS: Record<OrderStatus, string> = {
  awaiting_approval: CHART_COLORS.orange,
  unpaid: CHART_COLORS.amber,
  on_account: CHART_COLORS.violet,
  paid: CHART_COLORS.sky,
  shipped: CHART_COLORS.emerald,
  cancelled: CHART_COLORS.stone,
  rejected: CHART_COLORS.navy,
};

export function StatusFigure({ counts }: { counts: StatusCount[] }) {
  const total = counts.reduce((sum, row) => sum + row.count, 0);
  const data = counts.map((row) => ({ ...row, label: orderStatusLabels[row.status] }));
  return (
    <FigureSection
      id="overview-statuses"
      title="Orders by status"
      description={`Every order there is${total > 0 ? ` (${formatCount(total)})` : ''}, by its status now.`}
      emptyText={total === 0 ? 'No order has been placed yet.' : undefined}
      chart={
        // Bars across, each status named on its own line: seven names side by side under columns
        // ran into each other in a half-width card.
        <AcrossBars data={data}>
          <XAxis
            type="number"
            tick={AXIS_TICK}
            allowDecimals={false}
            tickFormatter={compactCount}
          />
          <YAxis type="category" dataKey="label" tick={AXIS_TICK} width={120} interval={0} />
          <Bar isAnimationActive={false} dataKey="count" radius={[0, 3, 3, 0]} maxBarSize={24}>
            {data.map((row) => (
              <Cell key={row.status} fill={STATUS_COLORS[row.status]} />
            ))}
          </Bar>
        </AcrossBars>
      }
      table={
        <DataTable<StatusCount>
          layout="table"
          caption="Number of orders in each status"
          rows={counts}
          rowKey={(row) => row.status}
          columns={[
            { header: 'Status', isRowHeader: true, cell: (row) => orderStatusLabels[row.status] },
            { header: 'Orders', isNumeric: true, cell: (row) => formatCount(row.count) },
          ]}
        />
      }
    />
  );
}
