import { chargedGoods, priceFor, type TaxDecision } from '#contract/tax.ts';
import { useTaxDecision } from './tax.ts';

/** What an order to a destination is charged: each price as the store will charge it (decision 064). */
export interface Charges {
  /** A price from the catalogue, the cart or a delivery method, as this buyer pays it. */
  priceOf: (price: number) => number;
  /** Lines at their catalogue prices, as this buyer pays for them. */
  goodsOf: (lines: readonly { unitPrice: number; quantity: number }[]) => number;
  decision: TaxDecision | undefined;
  /** The decision is still being read (or failed): the order waits for it. */
  isLoading: boolean;
  isError: boolean;
  retry: () => void;
}

/** How the signed-in buyer's order to `country` and `postcode` is charged. */
export function useCharges(country: string | null, postcode: string | null): Charges {
  const query = useTaxDecision(country, postcode);
  const decision = query.isPlaceholderData ? undefined : query.data;
  return {
    priceOf: (price) => (decision ? priceFor(price, decision) : price),
    goodsOf: (lines) =>
      decision
        ? chargedGoods(lines, decision)
        : lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0),
    decision,
    isLoading: decision === undefined && !query.isError,
    isError: query.isError,
    retry: () => void query.refetch(),
  };
}
