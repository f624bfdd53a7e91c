import { useId, useState } from 'react';
import type { MetaArgs } from 'react-router';
import { countryInSentence } from '#contract/addresses.ts';
import { type TaxExemption, type TaxRate, taxPlaceInSentence } from '#contract/tax.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/dialog.tsx';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import {
  useClearTaxExemption,
  useDeleteTaxRate,
  useTaxDecision,
  useTaxExemptions,
  useTaxRates,
} from '#web/features/tax/api/tax.ts';
import { ExemptionForm } from '#web/features/tax/components/exemption-form.tsx';
import { ExemptionsTable } from '#web/features/tax/components/exemptions-table.tsx';
import {
  type TaxRateEdit,
  TaxRateFormDialog,
} from '#web/features/tax/components/tax-rate-form-dialog.tsx';
import { percentText, TaxRatesList } from '#web/features/tax/components/tax-rates-list.tsx';
import { VatNumbersSection } from '#web/features/tax/components/vat-numbers-section.tsx';
import { errorMessage } from '#web/lib/api-error.ts';
import { pageMeta } from '#web/lib/page-meta.ts';
import { useUrlList } from '#web/lib/url-list.ts';
import { useFocusTitleOnChange } from '#web/lib/use-focus-title.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Tax', path: location.pathname, noIndex: true });

const PAGE_SIZE = 20;

/** What deleting a rate changes, in a sentence. */
function deleteSentence(rate: TaxRate): string {
  const country = countryInSentence(rate.country);
  return rate.region === null
    ? `Orders to ${country} are taxed at the store's rate from now on, except in its regions with rates of their own.`
    : `Orders to ${taxPlaceInSentence(rate)} are taxed at the rate of ${country}, or the store's, from now on.`;
}

/**
 * What a destination without a rate of its own pays, and where that rate is changed, in sentences
 * an owner reads (the setting's name is the README's to give, not this page's).
 */
function StoreRateSentence() {
  const decision = useTaxDecision(null, null).data;
  const rate =
    decision?.treatment === 'taxed' ? ` (${percentText(decision.rateBasisPoints / 100)})` : '';
  return (
    <p className="mb-4 text-stone-700">
      A destination without a rate of its own is taxed at the store's own rate{rate}. That rate is
      part of the store's configuration, set when the store is started, so it is changed there, not
      on this page.
    </p>
  );
}

/** The admin's tax: rates by destination, the buyers marked tax-exempt, and VAT numbers verified. */
export function TaxPage() {
  const rates = useTaxRates();
  const removeRate = useDeleteTaxRate();
  const clearExemption = useClearTaxExemption();
  const toast = useToast();
  const { page, offset, hrefFor } = useUrlList(PAGE_SIZE);
  const exemptions = useTaxExemptions({ limit: PAGE_SIZE, offset });
  const [editing, setEditing] = useState<TaxRateEdit | null>(null);
  const [deleting, setDeleting] = useState<TaxRate | null>(null);
  const [ending, setEnding] = useState<TaxExemption | null>(null);
  // A rate deleted or an exemption ended takes its row, and the button that had the keyboard.
  const [removed, setRemoved] = useState<string | null>(null);
  const titleId = useId();
  useFocusTitleOnChange(removed, titleId, deleting !== null || ending !== null);

  const confirmDelete = () => {
    if (!deleting) return;
    removeRate.mutate(deleting._id, {
      onSuccess: () => {
        toast.success(`The rate of ${taxPlaceInSentence(deleting)} is deleted.`);
        setRemoved(`rate ${deleting._id}`);
      },
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => setDeleting(null),
    });
  };
  const confirmEnd = () => {
    if (!ending) return;
    clearExemption.mutate(ending._id, {
      onSuccess: () => {
        toast.success(`${ending.buyer.name}'s orders carry tax from now on.`);
        setRemoved(`exemption ${ending._id}`);
      },
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => setEnding(null),
    });
  };

  return (
    <>
      <PageHeading
        title="Tax"
        titleId={titleId}
        description="The rate each destination is taxed at, by country and by region, the buyers who pay no tax, and the companies' VAT numbers for the reverse charge. A change applies to orders placed from then on."
      />
      <section aria-labelledby="tax-rates-title">
        <h2 id="tax-rates-title" className="mb-2 text-lg font-bold text-navy-900">
          Rates
        </h2>
        <StoreRateSentence />
        <div className="mb-6">
          <Button variant="secondary" onClick={() => setEditing({ rate: null })}>
            Add a tax rate
          </Button>
        </div>
        <QueryView
          query={rates}
          loadingLabel="Loading the tax rates…"
          errorTitle="We could not load the tax rates"
        >
          {(data) =>
            data.length === 0 ? (
              <p className="text-stone-700">
                No rates yet: every order is taxed at the store's rate.
              </p>
            ) : (
              <TaxRatesList
                rates={data}
                onEdit={(rate) => setEditing({ rate })}
                onDelete={setDeleting}
              />
            )
          }
        </QueryView>
      </section>
      <section aria-labelledby="tax-exempt-title" className="mt-10">
        <h2 id="tax-exempt-title" className="mb-4 text-lg font-bold text-navy-900">
          Tax-exempt buyers
        </h2>
        <ExemptionForm
          onSaved={(saved) => toast.success(`${saved.buyer.name} is tax-exempt from now on.`)}
        />
        <div className="mt-6">
          <QueryView
            query={exemptions}
            loadingLabel="Loading the tax-exempt buyers…"
            errorTitle="We could not load the tax-exempt buyers"
          >
            {({ items, total }) =>
              items.length === 0 ? (
                <p className="text-stone-700">No buyer is tax-exempt.</p>
              ) : (
                <>
                  <p className="mb-3 text-sm text-stone-700">
                    {total} tax-exempt {total === 1 ? 'buyer' : 'buyers'}, by name. Their orders
                    carry no tax; a company's members order under its exemption.
                  </p>
                  <ExemptionsTable exemptions={items} onEnd={setEnding} />
                  <Pagination
                    page={page}
                    pageCount={Math.ceil(total / PAGE_SIZE)}
                    hrefFor={hrefFor}
                    label="Pages of tax-exempt buyers"
                  />
                </>
              )
            }
          </QueryView>
        </div>
      </section>
      <VatNumbersSection />
      <TaxRateFormDialog
        edit={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved, isNew) => {
          toast.success(
            `Orders to ${taxPlaceInSentence(saved)} are taxed at ${percentText(saved.rate)}${isNew ? '' : ' from now on'}.`,
          );
          setEditing(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this tax rate?"
        message={<p>{deleting && deleteSentence(deleting)} Orders placed before keep theirs.</p>}
        confirmLabel="Delete rate"
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        isPending={removeRate.isPending}
      />
      <ConfirmDialog
        open={ending !== null}
        title="End this tax exemption?"
        message={
          <p>
            {ending?.buyer.name}'s orders carry tax again from now on; orders placed before keep
            theirs.
          </p>
        }
        confirmLabel="End exemption"
        onConfirm={confirmEnd}
        onClose={() => setEnding(null)}
        isPending={clearExemption.isPending}
      />
    </>
  );
}

export default TaxPage;
