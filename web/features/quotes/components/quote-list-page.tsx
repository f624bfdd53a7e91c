import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { formatCount } from '#contract/format.ts';
import type { QuoteStatus, QuoteSummary } from '#contract/quote-schemas.ts';
import { QUOTE_STATUSES } from '#contract/quotes.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SelectField } from '#web/components/ui/field.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { quoteStatusLabels } from './quote-status-badge.tsx';
import { QuotesTable } from './quotes-table.tsx';

/** A list of quotes filtered by status, paged on the server: the customer's and the admin's. */
export function QuoteList({
  list,
  query,
  status,
  pageSize,
  hrefOf,
  showRequester,
  label,
  empty,
}: {
  list: {
    formKey: number;
    submit: (event: React.FormEvent<HTMLFormElement>) => void;
    page: number;
    offset: number;
    hrefFor: (page: number) => string;
  };
  query: UseQueryResult<{ quotes: QuoteSummary[]; total: number }>;
  status: QuoteStatus | undefined;
  pageSize: number;
  hrefOf: (quote: QuoteSummary) => string;
  showRequester: boolean;
  label: string;
  empty: ReactNode;
}) {
  return (
    <>
      <Form
        method="get"
        role="search"
        aria-label={`Filter ${label}`}
        key={list.formKey}
        onSubmit={list.submit}
        className="mb-6 flex flex-wrap items-end gap-3"
      >
        <SelectField label="Status" name="status" defaultValue={status ?? ''}>
          <option value="">Any status</option>
          {QUOTE_STATUSES.map((value) => (
            <option key={value} value={value}>
              {quoteStatusLabels[value]}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary" worksWithoutScript>
          Show
        </Button>
      </Form>
      <QueryView
        query={query}
        loadingLabel={`Loading ${label}…`}
        errorTitle={`We could not load ${label}`}
        isEmpty={(data) => data.quotes.length === 0}
        emptyTitle={
          status ? `No quotes ${quoteStatusLabels[status].toLowerCase()}` : 'No quotes yet'
        }
        emptyText={empty}
      >
        {(data) => (
          <>
            <p className="mb-3 text-sm text-stone-700" aria-live="polite">
              {formatCount(data.total)} {data.total === 1 ? 'quote' : 'quotes'}
              {data.total > pageSize &&
                `; showing ${formatCount(list.offset + 1)} to ${formatCount(list.offset + data.quotes.length)}`}
              .
            </p>
            <QuotesTable
              quotes={data.quotes}
              caption={label}
              hrefOf={hrefOf}
              showRequester={showRequester}
            />
            <Pagination
              page={list.page}
              pageCount={Math.ceil(data.total / pageSize)}
              hrefFor={list.hrefFor}
              label={`Pages of ${label}`}
            />
          </>
        )}
      </QueryView>
    </>
  );
}
