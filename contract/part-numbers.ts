import { z } from 'zod';
import { plainText } from './common.ts';

/**
 * A tool's identity beyond its name: the store's part number (SKU), its brand, the maker's part
 * number (MPN) and its barcode number (GTIN). See docs/decisions/034.
 */

/** The longest SKU: long enough for any maker's scheme, short enough for a label. */
const SKU_MAX = 40;

/**
 * A SKU: letters, digits and `-`, `.`, `/`, `_`, starting with a letter or a digit. Unique among
 * listed tools whatever the letter case (`ab-1` and `AB-1` are one SKU); kept as typed.
 */
export const SkuSchema = z
  .string()
  .trim()
  .min(2, { error: 'Must be at least 2 characters.' })
  .max(SKU_MAX, { error: `Must be at most ${SKU_MAX} characters.` })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, {
    error: 'Use letters, digits and - . / _ only, starting with a letter or a digit.',
  });

export const BrandSchema = plainText(1, 60);

/** The maker's part number: as the maker writes it. */
export const MpnSchema = plainText(1, 60);

/** The lengths a GTIN has: GTIN-8, GTIN-12 (UPC-A), GTIN-13 (EAN-13) and GTIN-14. */
const GTIN_LENGTHS = [8, 12, 13, 14];

/**
 * Whether `digits` is a GTIN whose last digit is its check digit (GS1: from the right, the digits
 * before the check digit weigh 3, 1, 3, 1, ...; the check digit brings the sum to a multiple of 10).
 */
export function isValidGtin(digits: string): boolean {
  if (!/^[0-9]+$/.test(digits) || !GTIN_LENGTHS.includes(digits.length)) return false;
  let sum = 0;
  for (let i = digits.length - 2, weight = 3; i >= 0; i -= 1, weight = 4 - weight) {
    sum += Number(digits[i]) * weight;
  }
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

/** A GTIN as people type it (spaces and dashes between digit groups are dropped). */
export const GtinSchema = z
  .string()
  .trim()
  .max(32, { error: 'Must be at most 32 characters.' })
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^(?:[0-9]{8}|[0-9]{12,14})$/, { error: 'Must be 8, 12, 13 or 14 digits.' })
      .refine(isValidGtin, {
        error: 'The check digit (the last one) does not match: check the number.',
      }),
  );
