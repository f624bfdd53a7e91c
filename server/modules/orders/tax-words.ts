import { countryName } from '../../../contract/addresses.ts';
import type { InvoiceSummary } from '../../../contract/orders.ts';
import { TREATMENT_NOTES, taxPlaceInSentence } from '../../../contract/tax.ts';
import { includedTax } from '../../../contract/tax-prices.ts';

/**
 * What invoices and credit notes say of tax (decision 064), in one place: the prices' label, each
 * rate with what was taxed at it and the tax, and the sentence under the totals.
 */

/** "incl. tax" on prices that carry tax; nothing on an untaxed order's. */
function priceLabel(invoice: Pick<InvoiceSummary, 'taxRate'>, label: string): string {
  return invoice.taxRate > 0 ? `${label} incl. tax` : label;
}

type TotalRow = [label: string, value: string, font: 'regular' | 'bold'];

/**
 * The totals' rows for an amount whose tax is included at the invoice's rate (the invoice's total,
 * or a credit note's): what it comes to without tax, then each rate on its base.
 */
export function taxRows(
  invoice: Pick<InvoiceSummary, 'taxRate'>,
  amount: number,
  cost: (amount: number) => string,
  netLabel: string,
): TotalRow[] {
  const tax = includedTax(amount, Math.round(invoice.taxRate * 100));
  return [
    [netLabel, cost(amount - tax), 'regular'],
    [`Tax at ${invoice.taxRate}% on ${cost(amount - tax)}`, cost(tax), 'regular'],
  ];
}

/**
 * How an order is taxed, as it keeps it from its placement (decision 064): its rate, how, and the
 * rate's place. Its invoice carries the same; an order waiting for approval has no invoice yet.
 */
export type OrderTax = Pick<
  InvoiceSummary,
  'taxRate' | 'taxTreatment' | 'taxCountry' | 'taxRegion'
>;

/** The sentence on tax: why none is charged, or the rate the prices include and where from. */
export function taxSentence(tax: OrderTax): string {
  if (tax.taxTreatment !== 'taxed') return TREATMENT_NOTES[tax.taxTreatment];
  const country = tax.taxCountry;
  if (tax.taxRate === 0) {
    const to = country && taxPlaceInSentence({ country, region: tax.taxRegion });
    return `No tax is charged${to ? ` on deliveries to ${to}` : ''}.`;
  }
  // Named alone, in brackets, a place needs no article.
  const place = tax.taxRegion ?? (country && countryName(country));
  return `Prices include tax at ${tax.taxRate}%${place ? ` (${place})` : ''}.`;
}

/**
 * The columns of an invoice's or a credit note's lines: SKU, item, quantity, unit price and the
 * line's amount (`amountLabel`), the prices labelled "incl. tax" when tax is charged.
 */
export function lineColumns(
  invoice: Pick<InvoiceSummary, 'taxRate'>,
  at: { left: number; width: number },
  amountLabel: string,
) {
  const { left, width } = at;
  return [
    { label: 'SKU', x: left, width: 90, align: 'left' as const },
    { label: 'Item', x: left + 95, width: width - 355, align: 'left' as const },
    { label: 'Quantity', x: left + width - 260, width: 60, align: 'right' as const },
    {
      label: priceLabel(invoice, 'Unit price'),
      x: left + width - 190,
      width: 95,
      align: 'right' as const,
    },
    {
      label: priceLabel(invoice, amountLabel),
      x: left + width - 85,
      width: 85,
      align: 'right' as const,
    },
  ];
}
