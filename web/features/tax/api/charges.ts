import { useEffect, useState } from 'react';
import type { TaxDecision } from '#contract/tax.ts';
import { chargedGoods, priceFor } from '#contract/tax-prices.ts';
import { useTaxDecision } from './tax.ts';

/** What an order to a destination is charged: each price as the store will charge it (decision 064). */
export interface Charges {
  /** A price from the catalogue, the cart or a delivery method, as this buyer pays it. */
  priceOf: (price: number) => number;
  /** Lines at their catalogue prices, as this buyer pays for them. */
  goodsOf: (lines: readonly { unitPrice: number; quantity: number }[]) => number;
  /** The store's decision; undefined while it is read (or failed): the order waits for it. */
  decision: TaxDecision | undefined;
  isError: boolean;
  retry: () => void;
}

/** How long a postcode being typed must rest before the store is asked about it. */
const POSTCODE_PAUSE_MS = 400;

/** The value once it has stayed the same for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** How the signed-in buyer's order to `country` and `postcode` is charged. */
export function useCharges(country: string | null, postcode: string | null): Charges {
  // A postcode typed into a new address asks once it rests, not at every keystroke; until then
  // there is no decision, so the order waits for the one that counts.
  const settled = useSettled(postcode, POSTCODE_PAUSE_MS);
  const query = useTaxDecision(country, settled);
  const decision = query.isPlaceholderData || settled !== postcode ? undefined : query.data;
  return {
    priceOf: (price) => (decision ? priceFor(price, decision) : price),
    goodsOf: (lines) =>
      decision
        ? chargedGoods(lines, decision)
        : lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0),
    decision,
    isError: query.isError,
    retry: () => void query.refetch(),
  };
}
