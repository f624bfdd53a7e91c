import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { countryInSentence } from '#contract/addresses.ts';
import type { CompanyVatNumber } from '#contract/tax.ts';
import { ConfirmDialog } from '#web/components/ui/dialog.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { Tabs } from '#web/components/ui/tabs.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-error.ts';
import { useUrlList } from '#web/lib/url-list.ts';
import { useVatNumbers, useVerifyVatNumber, useWithdrawVatNumber } from '../api/tax.ts';
import { type VatNumberState, VatNumbersTable } from './vat-numbers-table.tsx';

const PAGE_SIZE = 20;

const VIEWS: Record<VatNumberState, { label: string; empty: string; counted: [string, string] }> = {
  unverified: {
    label: 'To check',
    empty: "No VAT number to check: every company's EU VAT number is verified.",
    counted: ['VAT number to check', 'VAT numbers to check'],
  },
  verified: {
    label: 'Verified',
    empty: 'No VAT number is verified: no order gets the reverse charge.',
    counted: ['verified VAT number', 'verified VAT numbers'],
  },
};

const stateName = (row: CompanyVatNumber) =>
  row.country === null ? 'its member state' : countryInSentence(row.country);

/**
 * Companies' EU VAT numbers for the reverse charge (docs/decisions/064): the admin checks each
 * with the tax office and marks it verified, or withdraws a verified one. The view and its page
 * live in the URL (`vat`, `vatPage`), apart from the exemptions' page.
 */
export function VatNumbersSection() {
  const toast = useToast();
  const [params] = useSearchParams();
  const state: VatNumberState = params.get('vat') === 'verified' ? 'verified' : 'unverified';
  const { page, offset, hrefFor } = useUrlList(PAGE_SIZE, {}, 'vatPage');
  const list = useVatNumbers({ state, limit: PAGE_SIZE, offset });
  const verify = useVerifyVatNumber();
  const withdraw = useWithdrawVatNumber();
  const [verifying, setVerifying] = useState<CompanyVatNumber | null>(null);
  const [withdrawing, setWithdrawing] = useState<CompanyVatNumber | null>(null);

  const viewHref = (view: VatNumberState) => {
    const next = new URLSearchParams(params);
    if (view === 'verified') next.set('vat', view);
    else next.delete('vat');
    next.delete('vatPage');
    return `?${next.toString()}`;
  };
  const confirmVerify = () => {
    if (!verifying) return;
    const { companyId, vatNumber, companyName } = verifying;
    verify.mutate(
      { companyId, vatNumber },
      {
        onSuccess: () =>
          toast.success(
            `${companyName}'s VAT number ${vatNumber} is verified: its orders to ${stateName(verifying)} carry no VAT from now on.`,
          ),
        // A 409 says what the company gives now; the list is read again either way.
        onError: (error) => toast.error(errorMessage(error)),
        onSettled: () => setVerifying(null),
      },
    );
  };
  const confirmWithdraw = () => {
    if (!withdrawing) return;
    withdraw.mutate(withdrawing.companyId, {
      onSuccess: () =>
        toast.success(
          `${withdrawing.companyName}'s VAT number is no longer verified: its orders are taxed at their destination's rate from now on.`,
        ),
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => setWithdrawing(null),
    });
  };

  const view = VIEWS[state];
  return (
    <section aria-labelledby="tax-vat-title" className="mt-10">
      <h2 id="tax-vat-title" className="mb-2 text-lg font-bold text-navy-900">
        VAT numbers for the reverse charge
      </h2>
      <p className="mb-4 text-stone-700">
        A company's orders to another EU member state carry no VAT (the reverse charge) only while
        its VAT number of that state is one you checked with the tax office (VIES) and marked
        verified here; a number a company types in only looks valid, and changing it undoes the
        verification.
      </p>
      <Tabs
        label="VAT numbers"
        idPrefix="tax-vat"
        selected={state}
        tabs={(['unverified', 'verified'] as const).map((id) => ({
          id,
          label: VIEWS[id].label,
          href: viewHref(id),
        }))}
      >
        <QueryView
          query={list}
          loadingLabel="Loading the VAT numbers…"
          errorTitle="We could not load the VAT numbers"
        >
          {({ items, total }) =>
            items.length === 0 ? (
              <p className="text-stone-700">{view.empty}</p>
            ) : (
              <>
                <p className="mb-3 text-sm text-stone-700">
                  {total} {total === 1 ? view.counted[0] : view.counted[1]}, by company name.
                </p>
                <VatNumbersTable
                  state={state}
                  rows={items}
                  onVerify={setVerifying}
                  onWithdraw={setWithdrawing}
                />
                <Pagination
                  page={page}
                  pageCount={Math.ceil(total / PAGE_SIZE)}
                  hrefFor={hrefFor}
                  label={`Pages of ${view.counted[1]}`}
                />
              </>
            )
          }
        </QueryView>
      </Tabs>
      <ConfirmDialog
        open={verifying !== null}
        title="Mark this VAT number verified?"
        message={
          verifying && (
            <p>
              Only if you have checked {verifying.vatNumber} with the tax office (VIES) and it is
              registered to {verifying.companyName}. Its orders to {stateName(verifying)} then carry
              no VAT (the reverse charge), as long as the company keeps this number.
            </p>
          )
        }
        confirmLabel="Mark verified"
        onConfirm={confirmVerify}
        onClose={() => setVerifying(null)}
        isPending={verify.isPending}
      />
      <ConfirmDialog
        open={withdrawing !== null}
        title="Withdraw this verified VAT number?"
        message={
          <p>
            {withdrawing?.companyName}'s orders are taxed at their destination's rate from now on,
            until you verify its number again; orders placed before keep theirs.
          </p>
        }
        confirmLabel="Withdraw"
        onConfirm={confirmWithdraw}
        onClose={() => setWithdrawing(null)}
        isPending={withdraw.isPending}
      />
    </section>
  );
}
