import { useId, useState } from 'react';
import type { MetaArgs } from 'react-router';
import { formatCount } from '#contract/format.ts';
import type { PaymentTerms } from '#contract/payment-terms.ts';
import { ConfirmDialog } from '#web/components/ui/dialog.tsx';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import {
  useClearTerms,
  useOverdueInvoices,
  usePaymentTerms,
} from '#web/features/terms/api/terms.ts';
import { InvoicesTable } from '#web/features/terms/components/invoices-table.tsx';
import { TermsForm } from '#web/features/terms/components/terms-form.tsx';
import { TermsTable } from '#web/features/terms/components/terms-table.tsx';
import { errorMessage } from '#web/lib/api-error.ts';
import { pageMeta } from '#web/lib/page-meta.ts';
import { useMoney } from '#web/lib/store-config.ts';
import { countSentence, useUrlList } from '#web/lib/url-list.ts';
import { useFocusTitleOnChange } from '#web/lib/use-focus-title.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Payment terms', path: location.pathname, noIndex: true });

const PAGE_SIZE = 20;

/** The admin's payment terms: who orders on account, what each owes, and the overdue invoices. */
export function PaymentTermsPage() {
  const termsList = useUrlList(PAGE_SIZE, {}, 'buyers');
  const terms = usePaymentTerms({ limit: PAGE_SIZE, offset: termsList.offset });
  const clearTerms = useClearTerms();
  const toast = useToast();
  const money = useMoney();
  const { page, offset, hrefFor } = useUrlList(PAGE_SIZE);
  const overdue = useOverdueInvoices({ limit: PAGE_SIZE, offset });
  const [clearing, setClearing] = useState<PaymentTerms | null>(null);
  // Taking terms away takes their row, and the button that had the keyboard, with it.
  const [clearedId, setClearedId] = useState<string | null>(null);
  const titleId = useId();
  useFocusTitleOnChange(clearedId, titleId, clearing !== null);
  const confirmClear = () => {
    if (!clearing) return;
    clearTerms.mutate(clearing._id, {
      onSuccess: () => {
        setClearedId(clearing._id);
        toast.success(`${clearing.buyer.name} pays by card from now on; what they owe stays owed.`);
      },
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => setClearing(null),
    });
  };
  return (
    <>
      <PageHeading
        title="Payment terms"
        titleId={titleId}
        description="Companies and customers who order on account: invoiced at once, due in their net days, never owing more than their credit limit."
      />
      <TermsForm
        onSaved={(saved) =>
          toast.success(
            `${saved.buyer.name} orders on account, net ${saved.netDays}, up to ${money(saved.creditLimit)}.`,
          )
        }
      />
      <section aria-labelledby="terms-list-title" className="mt-10">
        <h2 id="terms-list-title" className="mb-4 text-lg font-bold text-navy-900">
          Buyers with terms
        </h2>
        <QueryView
          query={terms}
          loadingLabel="Loading the payment terms…"
          errorTitle="We could not load the payment terms"
        >
          {({ items, total }) =>
            items.length === 0 ? (
              <p className="text-stone-700">No buyer has payment terms yet.</p>
            ) : (
              <>
                <p className="mb-3 text-sm text-stone-700">
                  {countSentence(
                    total,
                    { offset: termsList.offset, count: items.length, pageSize: PAGE_SIZE },
                    ['buyer with terms', 'buyers with terms'],
                    formatCount,
                  )}
                </p>
                <TermsTable terms={items} onClear={setClearing} />
                <Pagination
                  page={termsList.page}
                  pageCount={Math.ceil(total / PAGE_SIZE)}
                  hrefFor={termsList.hrefFor}
                  label="Pages of buyers with terms"
                />
              </>
            )
          }
        </QueryView>
      </section>
      <section aria-labelledby="overdue-title" className="mt-10">
        <h2 id="overdue-title" className="mb-4 text-lg font-bold text-navy-900">
          Overdue invoices
        </h2>
        <QueryView
          query={overdue}
          loadingLabel="Loading the overdue invoices…"
          errorTitle="We could not load the overdue invoices"
        >
          {({ items, total }) =>
            items.length === 0 ? (
              <p className="text-stone-700">No invoice is overdue.</p>
            ) : (
              <>
                <p className="mb-3 text-sm text-stone-700">
                  {total} overdue, longest overdue first. Each buyer is reminded by email on the due
                  day and then every week until it is paid.
                </p>
                <InvoicesTable
                  invoices={items}
                  caption="Overdue invoices, longest overdue first"
                  showsBuyer
                />
                <Pagination
                  page={page}
                  pageCount={Math.ceil(total / PAGE_SIZE)}
                  hrefFor={hrefFor}
                  label="Pages of overdue invoices"
                />
              </>
            )
          }
        </QueryView>
      </section>
      <ConfirmDialog
        open={clearing !== null}
        title="Take these payment terms away?"
        message={
          <p>
            {clearing?.buyer.name} will pay every new order by card. The{' '}
            {money(clearing?.owed ?? 0)} they owe stays owed.
          </p>
        }
        confirmLabel="Take terms away"
        onConfirm={confirmClear}
        onClose={() => setClearing(null)}
        isPending={clearTerms.isPending}
      />
    </>
  );
}

export default PaymentTermsPage;
