import { z } from 'zod';
import { formatCount, formatUnits } from './format.ts';
import { MAX_ORDER_UNITS } from './order-limits.ts';
import { MAX_PRICE } from './pricing.ts';

/** Volume prices: the breaks an admin sets on a tool, and the rules they keep. */

/** The most price breaks one tool may have. */
export const MAX_PRICE_TIERS = 5;

/** A volume price: from `minQuantity` units in one order line, each unit costs `price`. */
export const PriceTierSchema = z.strictObject({
  minQuantity: z
    .int({ error: 'Must be a whole number.' })
    .min(2, { error: 'Must be at least 2 units.' })
    .max(MAX_ORDER_UNITS, { error: `Must be at most ${formatUnits(MAX_ORDER_UNITS)}.` }),
  // A break is a lower price, never a free one: 0 is left to the tool's own price.
  price: z
    .int({ error: 'Must be a whole number of cents.' })
    .min(1, { error: 'Must be more than 0.' })
    .max(MAX_PRICE, { error: `Must be at most ${formatCount(MAX_PRICE)} cents.` }),
});

/** Price breaks as admins set them: quantities rising, prices falling. */
export const PriceTiersSchema = z
  .array(PriceTierSchema)
  .max(MAX_PRICE_TIERS, { error: `At most ${MAX_PRICE_TIERS} price breaks.` })
  .superRefine((tiers, context) => {
    for (const [index, tier] of tiers.entries()) {
      const before = tiers[index - 1];
      if (!before) continue;
      if (tier.minQuantity <= before.minQuantity)
        context.addIssue({
          code: 'custom',
          path: [index, 'minQuantity'],
          message: `Must be more than the break before it (${formatUnits(before.minQuantity)}).`,
        });
      if (tier.price >= before.price)
        context.addIssue({
          code: 'custom',
          path: [index, 'price'],
          message: 'Must be lower than the price of the break before it.',
        });
    }
  })
  .describe(
    'Quantities rising and prices falling from one break to the next; the first above the minimum order and below the unit price.',
  );

/**
 * What is wrong with a tool's breaks given its own price and minimum order, as field errors
 * (`priceTiers.0.price`), or none. Checked wherever a tool is saved, the fields merged first.
 */
export function priceTierProblems(tool: {
  price: number;
  minimumOrder: number;
  priceTiers: readonly { minQuantity: number; price: number }[];
}): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  const first = tool.priceTiers[0];
  if (first && first.minQuantity <= tool.minimumOrder)
    problems.push({
      path: ['priceTiers', 0, 'minQuantity'],
      message: `Must be more than the minimum order (${formatUnits(tool.minimumOrder)}).`,
    });
  if (first && first.price >= tool.price)
    problems.push({
      path: ['priceTiers', 0, 'price'],
      message: 'Must be lower than the unit price.',
    });
  return problems;
}

/** Adds priceTierProblems as issues: for any schema whose output has the three fields. */
export function checkPriceTiers(
  body: Parameters<typeof priceTierProblems>[0],
  context: z.RefinementCtx,
): void {
  for (const problem of priceTierProblems(body)) context.addIssue({ code: 'custom', ...problem });
}
