import { describe, expect, it } from 'vitest';
import type { MergedLine } from '#contract/cart.ts';
import { mergedLineSentence } from './merge-report.ts';

const line = (overrides: Partial<MergedLine>): MergedLine => ({
  toolId: '00000000-0000-4000-8000-000000000001',
  name: 'Pliers',
  before: 50,
  added: 50,
  after: 100,
  outcome: 'added',
  ...overrides,
});

describe("what joining a visitor's cart did, in words", () => {
  it('shows the quantity before and after for a tool both carts had', () => {
    expect(mergedLineSentence(line({}))).toBe('Pliers: 50 → 100');
    expect(mergedLineSentence(line({ before: 0, added: 5, after: 5 }))).toBe('Pliers: 5 added');
    expect(mergedLineSentence(line({ before: 1500, added: 2500, after: 4000 }))).toBe(
      'Pliers: 1,500 → 4,000',
    );
  });

  it('says when the sum was capped, and why', () => {
    expect(mergedLineSentence(line({ after: 80, outcome: 'capped_at_stock' }))).toBe(
      'Pliers: 50 → 80 (50 more asked for; capped at what is in stock)',
    );
    expect(mergedLineSentence(line({ after: 1_000_000, outcome: 'capped_at_limit' }))).toBe(
      'Pliers: 50 → 1,000,000 (capped at the most one line may order)',
    );
  });

  it('says which tools were not added', () => {
    expect(mergedLineSentence(line({ before: 0, after: 0, outcome: 'unavailable' }))).toBe(
      'Pliers: not added, no longer sold',
    );
    expect(mergedLineSentence(line({ name: null, after: 0, outcome: 'unavailable' }))).toBe(
      'A tool: not added, no longer sold',
    );
    expect(mergedLineSentence(line({ before: 0, after: 0, outcome: 'cart_full' }))).toBe(
      'Pliers: not added, your cart already has as many tools as one order may',
    );
  });
});
