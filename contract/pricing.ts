/**
 * Prices shared by the server and the pages, kept free of zod so that the pages importing them
 * load no schema code.
 */

/** The highest unit price the store takes, in minor units. */
export const MAX_PRICE = 100_000_000;

/** A volume price: from `minQuantity` units in one order line, each unit costs `price`. */
export interface PriceTier {
  minQuantity: number;
  price: number;
}

/**
 * What one unit costs when `quantity` units are ordered in one line: the price of the largest
 * break the quantity reaches, or the tool's own price. The server prices every line with this;
 * pages show the same.
 */
export function unitPriceFor(
  tool: { price: number; priceTiers: readonly PriceTier[] },
  quantity: number,
): number {
  let price = tool.price;
  for (const tier of tool.priceTiers) if (quantity >= tier.minQuantity) price = tier.price;
  return price;
}
