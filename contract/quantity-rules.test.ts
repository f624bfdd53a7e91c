import { describe, expect, it } from 'vitest';
import { MAX_ORDER_UNITS } from './order-limits.ts';
import {
  canBeOrdered,
  largestOrder,
  lineProblem,
  packAndLimitText,
  quantityRuleProblems,
  ruleSentence,
} from './quantity-rules.ts';

const packs = { minimumOrder: 20, orderIncrement: 10, maxPerOrder: 500, quantity: 1_000 };
const plain = { minimumOrder: 5, orderIncrement: 1, maxPerOrder: null, quantity: 100 };

describe('the quantities one order line may have (no database)', () => {
  it('starts at the minimum, goes up in whole packs, stops at the most per order, then the stock', () => {
    expect([10, 20, 25, 30, 500, 510].map((q) => lineProblem(packs, q))).toEqual([
      'below_minimum',
      null,
      'not_multiple',
      null,
      null,
      'above_maximum',
    ]);
    expect(lineProblem({ ...packs, quantity: 25 }, 30)).toBe('over_stock');
    expect(lineProblem(plain, 7)).toBeNull();
  });

  it('knows the most one line may order now, in whole packs', () => {
    expect(largestOrder(packs)).toBe(500);
    expect(largestOrder({ ...packs, quantity: 25 })).toBe(20);
    expect(canBeOrdered({ ...packs, quantity: 19 })).toBe(false);
    expect(largestOrder({ ...plain, quantity: MAX_ORDER_UNITS * 2 })).toBe(MAX_ORDER_UNITS);
  });

  it('says the rules and each broken one in a sentence', () => {
    expect(packAndLimitText(packs)).toBe('Sold in packs of 10, up to 500 per order');
    expect(packAndLimitText({ ...plain, maxPerOrder: 40 })).toBe('Up to 40 per order');
    expect(packAndLimitText(plain)).toBeNull();
    expect(ruleSentence(packs, 'Wood Screws', 25)).toBe(
      'Sold in packs of 10: order 20 or 30 units of Wood Screws, not 25.',
    );
    expect(ruleSentence(packs, 'Wood Screws', 600)).toBe(
      'One order can have at most 500 units of Wood Screws; order 500 or fewer.',
    );
    expect(ruleSentence(packs, 'Wood Screws', 10)).toBe(
      'Order at least 20 units of Wood Screws (its minimum order).',
    );
    expect(ruleSentence(packs, 'Wood Screws', 30)).toBeNull();
  });

  it('refuses an admin rule whose minimum or maximum is not whole packs, or a maximum below the minimum', () => {
    expect(
      quantityRuleProblems({ minimumOrder: 15, orderIncrement: 10, maxPerOrder: null }),
    ).toEqual([{ path: ['minimumOrder'], message: expect.stringContaining('packs of 10') }]);
    expect(
      quantityRuleProblems({ minimumOrder: 20, orderIncrement: 10, maxPerOrder: 10 })[0]?.path,
    ).toEqual(['maxPerOrder']);
    expect(
      quantityRuleProblems({ minimumOrder: 20, orderIncrement: 10, maxPerOrder: 505 })[0]?.message,
    ).toContain('packs of 10');
    expect(
      quantityRuleProblems({ minimumOrder: 20, orderIncrement: 10, maxPerOrder: 500 }),
    ).toEqual([]);
  });
});
