import { Link, type MetaArgs } from 'react-router';
import { readsCompanyOrders } from '#contract/companies.ts';
import type { CreditNoteSummary } from '#contract/credit-notes.ts';
import { formatLongDateTime } from '#contract/dates.ts';
import { formatCount } from '#contract/format.ts';
import { formatMoney } from '#contract/money.ts';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { type Column, DataTable } from '#web/components/ui/table.tsx';
import { useMyCompany } from '#web/features/companies/api/companies.ts';
import { useMyCreditNotes } from '#web/features/orders/api/credit-notes-queries.ts';
import { CreditNoteLink } from '#web/features/orders/components/credit-note-link.tsx';
import { pageMeta } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';
import { useUrlList } from '#web/lib/url-list.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Credit notes', path: location.pathname, noIndex: true });

const PAGE_SIZE = 20;

const COLUMNS: Column<CreditNoteSummary>[] = [
  { header: 'Credit note', cell: (note) => note.number, isRowHeader: true },
  { header: 'Issued', cell: (note) => formatLongDateTime(note.issuedAt) },
  {
    header: 'Order',
    cell: (note) => (
      <Link to={paths.order(note.orderId)} className="font-semibold text-navy-700 underline">
        {note.orderNumber}
      </Link>
    ),
  },
  { header: 'Invoice', cell: (note) => note.invoiceNumber },
  { header: 'Ordered by', cell: (note) => note.orderedBy },
  {
    header: 'Credited',
    cell: (note) => formatMoney(note.amount, note.currency),
    isNumeric: true,
  },
  { header: 'PDF', cell: (note) => <CreditNoteLink number={note.number} />, hideHeader: true },
];

/**
 * The credit notes of the customer's own orders and, for a company's owners, approvers and viewers,
 * of the company's, newest first, each to download; who ordered shows for those who read others'.
 */
export function CreditNotesPage() {
  const list = useUrlList(PAGE_SIZE);
  const notes = useMyCreditNotes({ limit: PAGE_SIZE, offset: list.offset });
  // Whose notes the list holds decides its description and columns: the page waits for the
  // company as for the notes, rather than adding a column once it comes.
  const companyQuery = useMyCompany();
  const company = companyQuery.data;
  const readsCompany = company != null && readsCompanyOrders(company.role);
  const loadingLabel = 'Loading your credit notes…';
  const columns = readsCompany
    ? COLUMNS
    : COLUMNS.filter((column) => column.header !== 'Ordered by');
  return (
    <>
      <PageHeading
        title="Credit notes"
        description={
          companyQuery.isPending
            ? undefined
            : readsCompany
              ? `One for each refund of your orders and ${company.name}'s, once the money is back: it corrects the order's invoice.`
              : "One for each refund of your orders, once the money is back: it corrects the order's invoice."
        }
      />
      <QueryView
        query={notes}
        loadingLabel={loadingLabel}
        errorTitle="We could not load your credit notes"
        isEmpty={(data) => data.notes.length === 0}
        emptyTitle="No credit notes yet"
        emptyText="When an order of yours is refunded, its credit note is listed here."
      >
        {(data) =>
          companyQuery.isPending ? (
            <LoadingState label={loadingLabel} />
          ) : (
            <>
              <p className="mb-3 text-sm text-stone-700" aria-live="polite">
                {formatCount(data.total)} {data.total === 1 ? 'credit note' : 'credit notes'}.
              </p>
              <DataTable
                caption="Your credit notes"
                columns={columns}
                rows={data.notes}
                rowKey={(note) => note.number}
              />
              <Pagination
                page={list.page}
                pageCount={Math.ceil(data.total / PAGE_SIZE)}
                hrefFor={list.hrefFor}
                label="Pages of your credit notes"
              />
            </>
          )
        }
      </QueryView>
    </>
  );
}

export default CreditNotesPage;
