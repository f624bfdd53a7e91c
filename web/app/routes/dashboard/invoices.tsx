import type { MetaArgs } from 'react-router';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useMyTerms, useOpenInvoices } from '#web/features/terms/api/terms.ts';
import { InvoicesTable } from '#web/features/terms/components/invoices-table.tsx';
import { StatementForm } from '#web/features/terms/components/statement-form.tsx';
import { pageMeta } from '#web/lib/page-meta.ts';
import { useMoney } from '#web/lib/store-config.ts';
import { useUrlList } from '#web/lib/url-list.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Invoices', path: location.pathname, noIndex: true });

const PAGE_SIZE = 20;

/** A buyer's invoices on account: what they owe, each open invoice and its due date, a statement. */
export function InvoicesPage() {
  const terms = useMyTerms();
  const money = useMoney();
  const { page, offset, hrefFor } = useUrlList(PAGE_SIZE);
  const invoices = useOpenInvoices({ limit: PAGE_SIZE, offset });
  const data = terms.data;
  return (
    <>
      <PageHeading
        title="Invoices"
        description={
          data
            ? `On account${data.isCompany ? ` for ${data.buyerName}` : ''}, net ${data.netDays}: you owe ${money(data.owed)}; ${money(data.left)} of your ${money(data.creditLimit)} credit limit is left.`
            : 'Your invoices on account. Without payment terms you pay each order by card.'
        }
      />
      {/* Refunds after payments can leave a buyer having paid more than is now due. */}
      {data && data.owedToBuyer > 0 && (
        <p className="mb-6 rounded-lg border border-stone-200 bg-white p-4 text-stone-900">
          {data.isCompany
            ? `${data.buyerName} paid ${money(data.owedToBuyer)} more than is now due on its orders on account, after the credit notes: we owe it to the company.`
            : `You paid ${money(data.owedToBuyer)} more than is now due on your orders on account, after the credit notes: we owe it to you. Each order's page says on which.`}
        </p>
      )}
      <QueryView
        query={invoices}
        loadingLabel="Loading your invoices…"
        errorTitle="We could not load your invoices"
      >
        {({ items, total }) =>
          items.length === 0 ? (
            <p className="text-stone-700">No open invoices: nothing is owed on account.</p>
          ) : (
            <>
              <InvoicesTable invoices={items} caption="Open invoices, earliest due first" />
              <Pagination
                page={page}
                pageCount={Math.ceil(total / PAGE_SIZE)}
                hrefFor={hrefFor}
                label="Pages of open invoices"
              />
            </>
          )
        }
      </QueryView>
      <StatementForm />
    </>
  );
}

export default InvoicesPage;
