import type { ReactNode } from 'react';
import { BarChart, CartesianGrid, ResponsiveContainer } from 'recharts';
import { fractionDigits } from '#contract/money.ts';

/*
 * The charts are drawn still (`isAnimationActive={false}` on every series): figures that grow into
 * place on every visit and every resize are motion nobody asked for.
 */

/** Colours of the charts: each at least 4.5:1 against white, so bars read as well as text. */
export const CHART_COLORS = {
  navy: '#2b4a6f',
  orange: '#c2410c',
  amber: '#b45309',
  sky: '#0369a1',
  emerald: '#047857',
  stone: '#78716c',
  violet: '#6d28d9',
  grid: '#e7e5e4',
  axis: '#57534e',
} as const;

export const AXIS_TICK = { fill: CHART_COLORS.axis, fontSize: 12 };

/**
 * Bars across, each row named at its left (ranks, statuses), on the overview's grid: `children`
 * are the chart's axes, bars and legend.
 */
export function AcrossBars<T>({ data, children }: { data: T[]; children: ReactNode }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        data={data}
        layout="vertical"
        accessibilityLayer={false}
        margin={{ left: 0, right: 12 }}
      >
        <CartesianGrid horizontal={false} stroke={CHART_COLORS.grid} />
        {children}
      </BarChart>
    </ResponsiveContainer>
  );
}

/** "$1.2K": an axis of money, short. */
export function compactMoney(minorUnits: number, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(minorUnits / 10 ** fractionDigits(currency));
}

const COMPACT_COUNT = new Intl.NumberFormat('en-US', {
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** "84.5K": an axis of counts, short enough for its width. */
export const compactCount = (count: number): string => COMPACT_COUNT.format(count);

/**
 * One figure of the overview: a heading, a sentence saying what it counts, a chart for the eye
 * (hidden from screen readers: the table beside it carries every figure) and the table; or,
 * when there is nothing to show, a sentence saying so.
 */
export function FigureSection({
  id,
  title,
  description,
  chart,
  table,
  emptyText,
  className = '',
}: {
  id: string;
  title: string;
  description: ReactNode;
  chart: ReactNode;
  table: ReactNode;
  /** Given when there is nothing to chart. */
  emptyText?: string | undefined;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`min-w-0 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6 ${className}`}
    >
      <h2 id={id} className="text-lg font-bold text-navy-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{description}</p>
      {emptyText ? (
        <p className="mt-4 rounded-lg border border-dashed border-stone-300 px-4 py-8 text-center text-stone-700">
          {emptyText}
        </p>
      ) : (
        <div className="mt-4 grid gap-4">
          <div aria-hidden="true" className="h-60 w-full min-w-0">
            {chart}
          </div>
          {table}
        </div>
      )}
    </section>
  );
}
