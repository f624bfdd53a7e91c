import { describe, expect, it } from 'vitest';
import { includedTax } from './tax-prices.ts';

describe('the tax an invoice shows', () => {
  it('is the part of a tax-inclusive total that is tax, rounded to the cent', () => {
    expect(includedTax(12_000, 2_000)).toBe(2_000);
    expect(includedTax(999, 1_900)).toBe(160);
    expect(includedTax(5_000, 0)).toBe(0);
  });
});
