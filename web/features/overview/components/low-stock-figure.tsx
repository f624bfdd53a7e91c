import { Bar, Legend, XAxis, YAxis } from 'recharts';
import { formatCount, formatUnits } from '#contract/format.ts';
import type { LowStockTool, Overview } from '#contract/overview.ts';
import { DataTable } from '#web/components/ui/table.tsx';
import { AcrossBars, AXIS_TICK, CHART_COLORS, FigureSection } from './figure-section.tsx';

export function LowStockFigure({ lowStock }: { lowStock: Overview['lowStock'] }) {
  const data = lowStock.tools.map((tool, index) => ({ ...tool, rank: String(index + 1) }));
  const shown = lowStock.tools.length;
  return (
    <FigureSection
      id="overview-low-stock"
      title="Low stock"
      description={
        lowStock.total === 0
          ? `Tools below their minimum order or below ${formatUnits(lowStock.threshold)}.`
          : `${formatCount(lowStock.total)} ${lowStock.total === 1 ? 'tool is' : 'tools are'} below ${lowStock.total === 1 ? 'its' : 'their'} minimum order or below ${formatUnits(lowStock.threshold)}${lowStock.total > shown ? `; the ${shown} lowest` : ''}, fewest units first.`
      }
      emptyText={lowStock.total === 0 ? 'Every tool in the catalogue has enough stock.' : undefined}
      chart={
        <AcrossBars data={data}>
          <XAxis type="number" tick={AXIS_TICK} allowDecimals={false} />
          <YAxis type="category" dataKey="rank" tick={AXIS_TICK} width={28} interval={0} />
          <Legend wrapperStyle={{ fontSize: 12, color: CHART_COLORS.axis }} />
          <Bar
            isAnimationActive={false}
            dataKey="quantity"
            name="In stock"
            fill={CHART_COLORS.amber}
            maxBarSize={12}
          />
          <Bar
            isAnimationActive={false}
            dataKey="minimumOrder"
            name="Minimum order"
            fill={CHART_COLORS.stone}
            maxBarSize={12}
          />
        </AcrossBars>
      }
      table={
        <DataTable<LowStockTool & { rank: string }>
          layout="table"
          caption="Tools low on stock, fewest units first"
          rows={data}
          rowKey={(tool) => tool._id}
          columns={[
            {
              header: 'Tool',
              isRowHeader: true,
              cell: (tool) => (
                <span className="flex gap-2">
                  <span className="tabular-nums">{tool.rank}.</span>
                  <span>{tool.name}</span>
                </span>
              ),
            },
            { header: 'In stock', isNumeric: true, cell: (tool) => formatCount(tool.quantity) },
            {
              header: 'Minimum order',
              isNumeric: true,
              cell: (tool) => formatCount(tool.minimumOrder),
            },
          ]}
        />
      }
    />
  );
}
