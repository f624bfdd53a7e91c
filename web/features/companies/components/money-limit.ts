import { z } from 'zod';
import { toMinorUnits } from '#contract/money.ts';

/** An amount typed in the store currency, or nothing (no limit). */
export function budgetSchema(currency: string) {
  return z
    .string()
    .trim()
    .refine((value) => value === '' || toMinorUnits(value, currency) !== undefined, {
      error: 'Must be an amount such as 5000 or 5000.00, or empty for none.',
    });
}
