import { z } from 'zod';
import { CreateToolBodySchema, MAX_STOCK } from '../../../../contract/tools.ts';
import { fractionDigits, toMinorUnits } from '../../../lib/format.ts';

/** A price typed in currency units ("12.50") becomes the contract's minor units (1250). */
function priceField(currency: string) {
  const example = fractionDigits(currency) > 0 ? '12.50' : '1250';
  return z
    .string()
    .transform((value, context) => {
      const minor = toMinorUnits(value, currency);
      if (minor === undefined) {
        context.addIssue({ code: 'custom', message: `Enter a price such as ${example}.` });
        return z.NEVER;
      }
      return minor;
    })
    .pipe(CreateToolBodySchema.shape.price);
}

/** Add product: the contract's body schema, with the price in currency units. */
export function createToolFormSchema(currency: string) {
  return CreateToolBodySchema.extend({ price: priceField(currency) });
}

/** Edit: the same fields without stock, plus an optional number of units to add. */
export function editToolFormSchema(currency: string) {
  return CreateToolBodySchema.omit({ quantity: true }).extend({
    price: priceField(currency),
    restock: z
      .string()
      .trim()
      .refine((value) => value === '' || /^\d+$/.test(value), { error: 'Must be a whole number.' })
      .transform((value) => (value === '' ? undefined : Number(value)))
      .pipe(
        z
          .int()
          .min(1, { error: 'Must be at least 1.' })
          .max(MAX_STOCK, { error: `Must be at most ${MAX_STOCK}.` })
          .optional(),
      ),
  });
}

export type CreateToolFormInput = z.input<ReturnType<typeof createToolFormSchema>>;
export type CreateToolFormOutput = z.output<ReturnType<typeof createToolFormSchema>>;
export type EditToolFormInput = z.input<ReturnType<typeof editToolFormSchema>>;
export type EditToolFormOutput = z.output<ReturnType<typeof editToolFormSchema>>;
