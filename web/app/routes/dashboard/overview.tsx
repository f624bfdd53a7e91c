import { useEffect } from 'react';
import type { MetaArgs } from 'react-router';
import { formatDateTime } from '#contract/dates.ts';
import { formatCount } from '#contract/format.ts';
import { formatMoney } from '#contract/money.ts';
import type { Overview } from '#contract/overview.ts';
import { lazyPart } from '#web/components/ui/lazy-part.tsx';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useOverview } from '#web/features/overview/api/overview-queries.ts';
import { pageMeta } from '#web/lib/page-meta.ts';

/**
 * The charts (recharts, with the state and number libraries it brings) load with this page, beside
 * its figures: the server, which never draws them (the figures are the admin's own, asked for in
 * the browser), and every other page do not carry them.
 */
const OverviewFigures = lazyPart(
  () =>
    import('#web/features/overview/components/overview-figures.tsx').then((m) => m.OverviewFigures),
  { loading: 'Drawing the charts…', failed: 'We could not draw the charts' },
);

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Overview', path: location.pathname, noIndex: true });

/** The four figures an admin acts on first, each one line. */
function KeyFigures({ overview }: { overview: Overview }) {
  const count = (status: string) =>
    overview.ordersByStatus.find((row) => row.status === status)?.count ?? 0;
  const figures = [
    ['Revenue, last 30 days', formatMoney(overview.revenue.total, overview.currency)],
    ['Orders paid, last 30 days', formatCount(overview.revenue.orders)],
    ['Paid orders to ship', formatCount(count('paid'))],
    ['Tools low on stock', formatCount(overview.lowStock.total)],
  ] as const;
  return (
    <dl className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      {figures.map(([label, value], i) => (
        <div
          key={label}
          // The revenue is the longest figure: on phones it takes the whole row, so its digits
          // stay on one line.
          className={`rounded-xl border border-stone-200 bg-white p-4 shadow-sm ${i === 0 ? 'col-span-2 lg:col-span-1' : ''}`}
        >
          <dt className="text-sm font-medium text-stone-600">{label}</dt>
          <dd className="mt-1 text-xl font-bold break-words text-navy-900 tabular-nums sm:text-2xl lg:text-xl 2xl:text-2xl">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function OverviewPage() {
  const overview = useOverview();
  // The charts' code and the figures are fetched at once, not one after the other.
  useEffect(OverviewFigures.preload, []);
  return (
    <>
      <PageHeading
        title="Overview"
        description="How the store is doing: revenue, orders, the best sellers and the tools running out."
      />
      <QueryView
        query={overview}
        loadingLabel="Loading the overview…"
        errorTitle="We could not load the overview"
      >
        {(data) => (
          <>
            <p className="mb-4 text-sm text-stone-600">
              Figures as of {formatDateTime(data.generatedAt)}.
            </p>
            <KeyFigures overview={data} />
            <OverviewFigures overview={data} />
          </>
        )}
      </QueryView>
    </>
  );
}

export default OverviewPage;
