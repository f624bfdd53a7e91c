import { formatCount, formatUnits } from './format.ts';
import { MAX_ORDER_UNITS } from './order-limits.ts';

/**
 * The quantities one order line of a tool may have (docs/decisions/042): from the minimum order, in
 * whole packs of the order increment (the minimum is itself a whole number of packs), up to the
 * most one order may have, and no more than is in stock. The tool page, the cart, quick order and
 * the order itself apply these same functions; kept free of zod so that pages load no schema code.
 */

export interface QuantityRules {
  minimumOrder: number;
  /** Sold in packs of this many: a line's quantity is a multiple of it (1: any quantity). */
  orderIncrement: number;
  /** The most units of the tool one order may have; null: no limit beyond the store's. */
  maxPerOrder: number | null;
}

/** What stops a quantity, the rules first, then the stock. */
export type LineProblemCode = 'below_minimum' | 'not_multiple' | 'above_maximum' | 'over_stock';

/** What stops `quantity` units of a tool from being ordered in one line, or null. */
export function lineProblem(
  tool: QuantityRules & { quantity: number },
  quantity: number,
): LineProblemCode | null {
  if (quantity < tool.minimumOrder) return 'below_minimum';
  if (quantity % tool.orderIncrement !== 0) return 'not_multiple';
  if (tool.maxPerOrder !== null && quantity > tool.maxPerOrder) return 'above_maximum';
  if (quantity > tool.quantity) return 'over_stock';
  return null;
}

/** `units` down to a whole number of packs. */
export function wholePacks(units: number, orderIncrement: number): number {
  return units - (units % orderIncrement);
}

/** The most units one line may order by the rules alone (the maximum, or the store's limit). */
export function ruleLimit(tool: QuantityRules): number {
  return wholePacks(
    Math.min(tool.maxPerOrder ?? MAX_ORDER_UNITS, MAX_ORDER_UNITS),
    tool.orderIncrement,
  );
}

/** The most units one line may order now: the rules and the stock, in whole packs. */
export function largestOrder(tool: QuantityRules & { quantity: number }): number {
  return wholePacks(Math.min(ruleLimit(tool), tool.quantity), tool.orderIncrement);
}

/** Whether any quantity of the tool can be ordered now. */
export function canBeOrdered(tool: QuantityRules & { quantity: number }): boolean {
  return largestOrder(tool) >= tool.minimumOrder;
}

/**
 * "Sold in packs of 10, up to 500 per order": the rules beyond the minimum order, in words, or
 * null when the tool has none.
 */
export function packAndLimitText(tool: QuantityRules): string | null {
  const parts: string[] = [];
  if (tool.orderIncrement > 1) parts.push(`Sold in packs of ${formatCount(tool.orderIncrement)}`);
  if (tool.maxPerOrder !== null)
    parts.push(
      `${parts.length > 0 ? 'up to' : 'Up to'} ${formatCount(tool.maxPerOrder)} per order`,
    );
  return parts.length > 0 ? parts.join(', ') : null;
}

/**
 * The rule a quantity breaks, in a sentence naming the tool (`name`): the minimum, the pack (with
 * the two nearest quantities that fit) or the maximum. Null when it breaks none of them.
 */
export function ruleSentence(tool: QuantityRules, name: string, quantity: number): string | null {
  const n = formatCount;
  if (quantity < tool.minimumOrder)
    return `Order at least ${formatUnits(tool.minimumOrder)} of ${name} (its minimum order).`;
  if (quantity % tool.orderIncrement !== 0) {
    const below = wholePacks(quantity, tool.orderIncrement);
    const above = below + tool.orderIncrement;
    return `Sold in packs of ${n(tool.orderIncrement)}: order ${n(below)} or ${formatUnits(above)} of ${name}, not ${n(quantity)}.`;
  }
  if (tool.maxPerOrder !== null && quantity > tool.maxPerOrder)
    return `One order can have at most ${formatUnits(tool.maxPerOrder)} of ${name}; order ${n(tool.maxPerOrder)} or fewer.`;
  return null;
}

/**
 * What is wrong with an admin's rules for a tool, as field errors, or none: the minimum is a whole
 * number of packs, and the maximum is one too, at least the minimum.
 */
export function quantityRuleProblems(tool: QuantityRules): { path: string[]; message: string }[] {
  const n = formatCount;
  const problems: { path: string[]; message: string }[] = [];
  // A pack that is no whole number of units is its own field's problem.
  if (!Number.isInteger(tool.orderIncrement) || tool.orderIncrement < 1) return problems;
  if (tool.minimumOrder % tool.orderIncrement !== 0)
    problems.push({
      path: ['minimumOrder'],
      message: `Must be a whole number of packs of ${n(tool.orderIncrement)} (the order increment).`,
    });
  if (tool.maxPerOrder !== null && tool.maxPerOrder < tool.minimumOrder)
    problems.push({
      path: ['maxPerOrder'],
      message: `Must be at least the minimum order (${formatUnits(tool.minimumOrder)}).`,
    });
  else if (tool.maxPerOrder !== null && tool.maxPerOrder % tool.orderIncrement !== 0)
    problems.push({
      path: ['maxPerOrder'],
      message: `Must be a whole number of packs of ${n(tool.orderIncrement)} (the order increment).`,
    });
  return problems;
}
