import { describe, expect, it } from 'vitest';
import { GtinSchema, isValidGtin, SkuSchema } from './part-numbers.ts';

describe('GTIN check digits', () => {
  it('accepts real GTIN-8, -12, -13 and -14 numbers', () => {
    for (const gtin of ['96385074', '036000291452', '4006381333931', '10012345678902']) {
      expect(isValidGtin(gtin), gtin).toBe(true);
    }
  });

  it('refuses a wrong check digit, a wrong length and anything but digits', () => {
    for (const gtin of ['96385075', '036000291453', '4006381333932', '400638133393', 'abcdefgh']) {
      expect(isValidGtin(gtin), gtin).toBe(false);
    }
  });

  it('drops the spaces and dashes people type between groups, and says what is wrong', () => {
    expect(GtinSchema.parse(' 4006381 333931 ')).toBe('4006381333931');
    expect(GtinSchema.parse('4-006381-333931')).toBe('4006381333931');
    expect(GtinSchema.safeParse('4006381333932').error?.issues[0]?.message).toMatch(/check digit/);
    expect(GtinSchema.safeParse('12345').error?.issues[0]?.message).toMatch(/8, 12, 13 or 14/);
  });
});

describe('SKUs', () => {
  it('takes letters, digits and - . / _, and nothing else', () => {
    expect(SkuSchema.parse(' HD-13/120.k_2 ')).toBe('HD-13/120.k_2');
    for (const sku of ['-X1', 'a b', 'x', 'ü-1', `A${'1'.repeat(40)}`, 'ab\u202e1']) {
      expect(SkuSchema.safeParse(sku).success, sku).toBe(false);
    }
  });
});
