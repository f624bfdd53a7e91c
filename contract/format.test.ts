import { describe, expect, it } from 'vitest';
import { formatCount, formatUnits, formatWait, unitsAre } from './format.ts';

describe('how long a Retry-After asks to wait', () => {
  it('says seconds under a minute and a half, one second in the singular', () => {
    expect(formatWait(1)).toBe('1 second');
    expect(formatWait(2)).toBe('2 seconds');
    expect(formatWait(45)).toBe('45 seconds');
    expect(formatWait(89)).toBe('89 seconds');
  });

  it('says whole minutes from then on, rounded up so nobody comes back too early', () => {
    expect(formatWait(90)).toBe('2 minutes');
    expect(formatWait(121)).toBe('3 minutes');
    expect(formatWait(600)).toBe('10 minutes');
    expect(formatWait(3600)).toBe('60 minutes');
  });
});

describe('counts in messages', () => {
  it('groups thousands as people read them', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(10_000_000)).toBe('10,000,000');
    expect(formatCount(-1234)).toBe('-1,234');
  });
});

describe('quantities of a tool', () => {
  it('say one unit, and units for any other number', () => {
    expect(formatUnits(1)).toBe('1 unit');
    expect(formatUnits(0)).toBe('0 units');
    expect(formatUnits(1200)).toBe('1,200 units');
    expect(unitsAre(1)).toBe('1 unit is');
    expect(unitsAre(30)).toBe('30 units are');
  });
});
