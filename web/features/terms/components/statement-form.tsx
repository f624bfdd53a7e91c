import { useState } from 'react';
import { StatementQuerySchema } from '#contract/invoices-on-account.ts';
import { TextField } from '#web/components/ui/field.tsx';
import { apiHref } from '#web/lib/api-client.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The first day of this month and today: a statement's usual period. */
function thisMonth() {
  const now = new Date();
  return {
    from: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))),
    to: day(now),
  };
}

/**
 * What is wrong with a period, by field, as the store checks it: a day each, "to" not before
 * "from", at most a year. A link to a period the store refuses would only start a failed download.
 */
function periodErrors(period: { from: string; to: string }) {
  const checked = StatementQuerySchema.safeParse(period);
  const errorOf = (field: 'from' | 'to') =>
    checked.error?.issues.find((issue) => issue.path[0] === field)?.message;
  return { from: errorOf('from'), to: errorOf('to'), isValid: checked.success };
}

/** A statement of account for a period (at most a year), downloaded as a PDF. */
export function StatementForm() {
  const [period, setPeriod] = useState(thisMonth);
  const errors = periodErrors(period);
  const href = apiHref(apiRoutes.accountInvoices.statement, { query: period });
  return (
    <section aria-labelledby="statement-title" className="mt-10 max-w-2xl">
      <h2 id="statement-title" className="text-lg font-bold text-navy-900">
        Statement of account
      </h2>
      <p className="mt-1 mb-4 text-sm text-stone-700">
        What you owed when the period began, each invoice and payment in it, and what you owed at
        its end (at most a year).
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label="From"
          type="date"
          value={period.from}
          onChange={(event) => setPeriod({ ...period, from: event.target.value })}
          error={errors.from}
        />
        <TextField
          label="To"
          type="date"
          value={period.to}
          onChange={(event) => setPeriod({ ...period, to: event.target.value })}
          error={errors.to}
        />
        {errors.isValid && (
          <a
            href={href}
            download={`statement-${period.from}-${period.to}.pdf`}
            className="inline-flex min-h-10 items-center font-semibold text-navy-700 underline underline-offset-2 hover:text-navy-900"
          >
            Download statement (PDF)
          </a>
        )}
      </div>
    </section>
  );
}
