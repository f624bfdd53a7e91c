// What a buyer pays for a store price, by the tax decided for their order (decision 064). No zod
// here: a visitor's cart prices its lines with it and carries no validation library.

import type { TaxDecision } from './tax.ts';

/** The two rates a price goes between: the one the store's prices include, the one charged. */
type Rates = Pick<TaxDecision, 'rateBasisPoints' | 'includedBasisPoints'>;

/**
 * What one unit (or a delivery charge) priced at `price` in the store's prices costs this buyer:
 * the price without the tax it includes, with the destination's tax added. The same price when
 * the two rates agree (the store's own country, prices including tax), so a home buyer pays what
 * the shelf says to the cent.
 */
export function priceFor(price: number, decision: Rates): number {
  if (decision.rateBasisPoints === decision.includedBasisPoints) return price;
  return Math.round(
    (price * (10_000 + decision.rateBasisPoints)) / (10_000 + decision.includedBasisPoints),
  );
}

/** What lines priced at the store's prices cost this buyer, each unit as `priceFor` charges it. */
export function chargedGoods(
  lines: readonly { unitPrice: number; quantity: number }[],
  decision: Rates,
): number {
  return lines.reduce((sum, line) => sum + priceFor(line.unitPrice, decision) * line.quantity, 0);
}

/** The tax included in `total` at `basisPoints` (2000 = 20%), rounded to the minor unit. */
export function includedTax(total: number, basisPoints: number): number {
  return Math.round((total * basisPoints) / (10_000 + basisPoints));
}
