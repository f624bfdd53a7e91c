import { formatMoney } from '#contract/money.ts';
import { includedTax } from '#contract/tax-prices.ts';
import { Button } from '#web/components/ui/button.tsx';
import { formatPercent } from '#web/lib/format.ts';
import type { Charges } from '../api/charges.ts';

/**
 * What the order comes to, as the store will charge it, and how it is taxed, in a sentence: beside
 * the checkout's button (decision 064). The cart's summary shows the shelf prices; this is what
 * the destination makes of them.
 */
export function TaxNote({
  charges,
  total,
  currency,
}: {
  charges: Charges;
  /** The goods and delivery as this buyer pays for them; undefined while the cart loads. */
  total: number | undefined;
  currency: string;
}) {
  if (charges.isError) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-red-800" role="alert">
        We could not work out the tax for this address.
        <Button type="button" size="sm" variant="secondary" onClick={charges.retry}>
          Try again
        </Button>
      </p>
    );
  }
  if (!charges.decision || total === undefined) {
    return <p className="text-sm text-stone-600">Working out the tax for this address…</p>;
  }
  return (
    <div className="space-y-1 border-t border-stone-200 pt-3 text-sm">
      <p className="flex justify-between gap-3">
        <span className="font-semibold text-stone-800">To pay</span>
        <span className="text-lg font-bold text-navy-900" data-testid="checkout-total">
          {formatMoney(total, currency)}
        </span>
      </p>
      {charges.decision.treatment === 'taxed' && charges.decision.rateBasisPoints > 0 && (
        // The tax the order page and the invoice will show, so the figures agree before ordering.
        <p className="flex justify-between gap-3 text-stone-700">
          <span>Includes tax ({formatPercent(charges.decision.rateBasisPoints / 100)})</span>
          <span data-testid="checkout-tax-amount">
            {formatMoney(includedTax(total, charges.decision.rateBasisPoints), currency)}
          </span>
        </p>
      )}
      <p className="text-stone-700" data-testid="checkout-tax">
        {charges.decision.sentence}
      </p>
    </div>
  );
}
