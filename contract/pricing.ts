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

/**
 * What stops `quantity` units of a tool from being ordered in one line, or null: the one rule the
 * tool page, the cart and the order itself apply (each says it in its own words).
 */
export function lineProblem(
  tool: { quantity: number; minimumOrder: number },
  quantity: number,
): 'below_minimum' | 'over_stock' | null {
  if (quantity < tool.minimumOrder) return 'below_minimum';
  if (quantity > tool.quantity) return 'over_stock';
  return null;
}
