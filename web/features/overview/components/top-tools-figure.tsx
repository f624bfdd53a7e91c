import { Link } from 'react-router';
import { Bar, XAxis, YAxis } from 'recharts';
import { formatCount } from '#contract/format.ts';
import { formatMoney } from '#contract/money.ts';
import type { TopTool } from '#contract/overview.ts';
import { DataTable } from '#web/components/ui/table.tsx';
import * as paths from '#web/lib/paths.ts';
import {
  AcrossBars,
  AXIS_TICK,
  CHART_COLORS,
  compactMoney,
  FigureSection,
} from './figure-section.tsx';

/**
 * The tools that brought the most in the window. The chart's bars are numbered by rank (names
 * do not fit beside bars on a phone); the table names each rank.
 */
export function TopToolsFigure({ tools, currency }: { tools: TopTool[]; currency: string }) {
  const money = (amount: number) => formatMoney(amount, currency);
  const data = tools.map((tool, index) => ({ ...tool, rank: String(index + 1) }));
  return (
    <FigureSection
      id="overview-top-tools"
      title="Top tools"
      description="The tools that brought the most revenue in orders sold (paid by card, or invoiced on account) in the last 30 days (up to 10), numbered by rank."
      emptyText={tools.length === 0 ? 'No tool was sold in the last 30 days.' : undefined}
      chart={
        <AcrossBars data={data}>
          <XAxis
            type="number"
            tick={AXIS_TICK}
            tickFormatter={(amount: number) => compactMoney(amount, currency)}
          />
          <YAxis type="category" dataKey="rank" tick={AXIS_TICK} width={28} interval={0} />
          <Bar
            isAnimationActive={false}
            dataKey="revenue"
            fill={CHART_COLORS.orange}
            radius={[0, 3, 3, 0]}
            maxBarSize={24}
          />
        </AcrossBars>
      }
      table={
        <DataTable<(typeof data)[number]>
          layout="table"
          caption="Top tools by revenue, last 30 days"
          rows={data}
          rowKey={(tool) => tool.toolId}
          columns={[
            {
              header: 'Tool',
              isRowHeader: true,
              cell: (tool) => (
                <span className="flex gap-2">
                  <span className="tabular-nums">{tool.rank}.</span>
                  <Link to={paths.tool(tool.toolId)} className="text-navy-700 underline">
                    {tool.name}
                  </Link>
                </span>
              ),
            },
            { header: 'Units', isNumeric: true, cell: (tool) => formatCount(tool.units) },
            { header: 'Revenue', isNumeric: true, cell: (tool) => money(tool.revenue) },
          ]}
        />
      }
    />
  );
}
