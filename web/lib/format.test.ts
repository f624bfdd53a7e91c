import { describe, expect, it } from 'vitest';
import { formatOrderContents, formatOrderUnits, formatPercent, truncate } from './format.ts';

describe('percentages', () => {
  it('shows up to two decimals and no trailing zeros', () => {
    expect(formatPercent(20)).toBe('20%');
    expect(formatPercent(7.5)).toBe('7.5%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(12.345)).toBe('12.35%');
    expect(formatPercent(100)).toBe('100%');
  });
});

describe('cutting text short', () => {
  it('leaves text that fits as it is', () => {
    expect(truncate('Claw Hammer', 20)).toBe('Claw Hammer');
    expect(truncate('Claw Hammer', 11)).toBe('Claw Hammer');
    expect(truncate('', 5)).toBe('');
  });

  it('cuts longer text, drops the space before the cut and adds an ellipsis', () => {
    expect(truncate('Claw Hammer', 10)).toBe('Claw Hamme…');
    expect(truncate('Claw Hammer', 5)).toBe('Claw…');
  });
});

describe('what an order holds', () => {
  const line = (quantity: number, productName: string) => ({ quantity, productName });

  it('names the tool of a one-line order with its quantity', () => {
    const order = { lines: [line(1200, 'Claw Hammer')], orderedNum: 1200 };
    expect(formatOrderContents(order)).toBe('1,200 × Claw Hammer');
    expect(formatOrderUnits(order)).toBe('1,200');
  });

  it('counts the tools and all their units for several lines', () => {
    const order = {
      lines: [line(500, 'Claw Hammer'), line(150, 'Tape Measure'), line(50, 'Chisel Set')],
      orderedNum: 700,
    };
    expect(formatOrderContents(order)).toBe('3 tools, 700 units');
    expect(formatOrderUnits(order)).toBe('700 (3 tools)');
  });
});
