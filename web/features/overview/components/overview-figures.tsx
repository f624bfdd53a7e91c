import type { Overview } from '#contract/overview.ts';
import { LowStockFigure } from './low-stock-figure.tsx';
import { RevenueFigure } from './revenue-figure.tsx';
import { StatusFigure } from './status-figure.tsx';
import { TopToolsFigure } from './top-tools-figure.tsx';

/** The overview's four charts with their tables (the one module that draws with recharts). */
export function OverviewFigures({ overview }: { overview: Overview }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <RevenueFigure revenue={overview.revenue} currency={overview.currency} />
      <StatusFigure counts={overview.ordersByStatus} />
      <TopToolsFigure tools={overview.topTools} currency={overview.currency} />
      <LowStockFigure lowStock={overview.lowStock} />
    </div>
  );
}
