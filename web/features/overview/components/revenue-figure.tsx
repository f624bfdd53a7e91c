import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount } from '#contract/format.ts';
import { formatMoney } from '#contract/money.ts';
import type { Overview } from '#contract/overview.ts';
import { DataTable } from '#web/components/ui/table.tsx';
import { AXIS_TICK, CHART_COLORS, compactMoney, FigureSection } from './figure-section.tsx';

type Revenue = Overview['revenue'];
type Day = Revenue['days'][number];

const shortDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const longDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
/** `2026-11-23` (a UTC day) as people read it: "Nov 23", or "Mon, Nov 23". */
const formatDay = (day: string, long = false) =>
  (long ? longDay : shortDay).format(new Date(`${day}T00:00:00Z`));

export function RevenueFigure({ revenue, currency }: { revenue: Revenue; currency: string }) {
  const money = (amount: number) => formatMoney(amount, currency);
  const period = `${formatDay(revenue.from)} to ${formatDay(revenue.to)}`;
  return (
    <FigureSection
      id="overview-revenue"
      title="Revenue per day"
      className="lg:col-span-2"
      description={
        <>
          Orders sold each day of the last 30 days ({period}, days in UTC; by card when paid, on
          account when invoiced):{' '}
          <strong className="font-semibold text-stone-800">{money(revenue.total)}</strong> from{' '}
          {formatCount(revenue.orders)} {revenue.orders === 1 ? 'order' : 'orders'}, before refunds.
        </>
      }
      emptyText={revenue.orders === 0 ? 'No order was sold in the last 30 days.' : undefined}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={revenue.days} accessibilityLayer={false} margin={{ left: 4, right: 8 }}>
            <CartesianGrid vertical={false} stroke={CHART_COLORS.grid} />
            <XAxis
              dataKey="day"
              tickFormatter={(day: string) => formatDay(day)}
              tick={AXIS_TICK}
              interval="preserveStartEnd"
              minTickGap={16}
            />
            <YAxis
              tickFormatter={(amount: number) => compactMoney(amount, currency)}
              tick={AXIS_TICK}
              width={56}
            />
            <Tooltip
              formatter={(amount) => [money(Number(amount)), 'Revenue']}
              labelFormatter={(day) => formatDay(String(day), true)}
            />
            <Bar
              isAnimationActive={false}
              dataKey="amount"
              fill={CHART_COLORS.navy}
              radius={[3, 3, 0, 0]}
            />
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <DataTable<Day>
          layout="table"
          maxHeight="max-h-72"
          caption={`Revenue per day, ${period}, newest first`}
          rows={[...revenue.days].reverse()}
          rowKey={(day) => day.day}
          columns={[
            {
              header: 'Day',
              isRowHeader: true,
              cell: (day) => <span className="whitespace-nowrap">{formatDay(day.day, true)}</span>,
            },
            { header: 'Orders sold', isNumeric: true, cell: (day) => formatCount(day.orders) },
            { header: 'Revenue', isNumeric: true, cell: (day) => money(day.amount) },
          ]}
        />
      }
    />
  );
}
