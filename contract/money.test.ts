import { describe, expect, it } from 'vitest';
import { formatMoney, fractionDigits, fromMinorUnits, toMinorUnits } from './money.ts';

describe('amounts as people read them', () => {
  it('knows how many minor digits each currency has', () => {
    expect(fractionDigits('USD')).toBe(2);
    expect(fractionDigits('EUR')).toBe(2);
    expect(fractionDigits('JPY')).toBe(0);
    expect(fractionDigits('KWD')).toBe(3);
  });

  it('writes minor units in the currency, grouped', () => {
    expect(formatMoney(129900, 'USD')).toBe('$1,299.00');
    expect(formatMoney(5, 'USD')).toBe('$0.05');
    expect(formatMoney(1150, 'EUR')).toBe('€11.50');
    expect(formatMoney(12345, 'KWD')).toBe('KWD\u00a012.345');
  });

  it('takes yen as whole yen: JPY has no minor unit', () => {
    expect(formatMoney(1250, 'JPY')).toBe('¥1,250');
    expect(formatMoney(0, 'JPY')).toBe('¥0');
    expect(fromMinorUnits(1250, 'JPY')).toBe('1250');
  });

  it('writes zero and negative amounts (refunds, differences) with their sign', () => {
    expect(formatMoney(0, 'USD')).toBe('$0.00');
    expect(formatMoney(-0, 'USD')).toBe('$0.00');
    expect(formatMoney(-1250, 'USD')).toBe('-$12.50');
    expect(formatMoney(-5, 'EUR')).toBe('-€0.05');
    expect(fromMinorUnits(-5, 'USD')).toBe('-0.05');
    expect(fromMinorUnits(-0, 'USD')).toBe('0.00');
  });

  it('writes big amounts exactly, never rounded through a division', () => {
    expect(formatMoney(2_147_483_647, 'USD')).toBe('$21,474,836.47');
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'USD')).toBe('$90,071,992,547,409.91');
    expect(fromMinorUnits(Number.MAX_SAFE_INTEGER, 'USD')).toBe('90071992547409.91');
    // Divided by 100, these would come out as .91 and .84.
    expect(formatMoney(9_007_199_254_740_990, 'USD')).toBe('$90,071,992,547,409.90');
    expect(fromMinorUnits(9_007_199_254_740_985, 'USD')).toBe('90071992547409.85');
    expect(formatMoney(-Number.MAX_SAFE_INTEGER, 'JPY')).toBe('-¥9,007,199,254,740,991');
  });

  it('gives a plain decimal for a form field or a spreadsheet cell', () => {
    expect(fromMinorUnits(1250, 'USD')).toBe('12.50');
    expect(fromMinorUnits(7, 'USD')).toBe('0.07');
    expect(fromMinorUnits(0, 'USD')).toBe('0.00');
    expect(fromMinorUnits(129900, 'USD')).toBe('1299.00');
    expect(fromMinorUnits(12345, 'KWD')).toBe('12.345');
  });
});

describe('prices as typed', () => {
  it('reads currency units into minor units', () => {
    expect(toMinorUnits('12.5', 'USD')).toBe(1250);
    expect(toMinorUnits('12.50', 'USD')).toBe(1250);
    expect(toMinorUnits('12', 'USD')).toBe(1200);
    expect(toMinorUnits('0.07', 'USD')).toBe(7);
    expect(toMinorUnits('0', 'USD')).toBe(0);
    expect(toMinorUnits('0.00', 'USD')).toBe(0);
    expect(toMinorUnits('1.234', 'KWD')).toBe(1234);
  });

  it('allows the spaces around it and the grouping people type', () => {
    expect(toMinorUnits(' 7 ', 'USD')).toBe(700);
    expect(toMinorUnits('1,299.00', 'USD')).toBe(129900);
    expect(toMinorUnits('1,250', 'JPY')).toBe(1250);
    expect(toMinorUnits('10,000', 'USD')).toBe(1_000_000);
    expect(toMinorUnits('1,234,567.5', 'USD')).toBe(123_456_750);
  });

  it('refuses commas that do not group thousands, such as a decimal comma', () => {
    for (const typed of ['49,50', '49,5', '1,2345', ',500', '1,,000', '12.50,00', '1000,000']) {
      expect(toMinorUnits(typed, 'USD'), typed).toBeUndefined();
    }
  });

  it('refuses more digits than the currency has', () => {
    expect(toMinorUnits('12.505', 'USD')).toBeUndefined();
    expect(toMinorUnits('1250.5', 'JPY')).toBeUndefined();
    expect(toMinorUnits('1250', 'JPY')).toBe(1250);
  });

  it('refuses what is not a price', () => {
    for (const typed of [
      '',
      '   ',
      'abc',
      '-1',
      '-0.50',
      '.5',
      '12.',
      '1e3',
      '1 000',
      '$12',
      '12,5.0.1',
    ]) {
      expect(toMinorUnits(typed, 'USD'), typed).toBeUndefined();
    }
  });

  it('reads a huge number as huge, so a limit can say so (not as "not a price")', () => {
    expect(toMinorUnits('99999999999999999999', 'USD')).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
  });

  it('reads back what it writes', () => {
    for (const [amount, currency] of [
      [1250, 'USD'],
      [1, 'USD'],
      [100_000_000, 'USD'],
      [1250, 'JPY'],
      [12345, 'KWD'],
    ] as const) {
      expect(toMinorUnits(fromMinorUnits(amount, currency), currency)).toBe(amount);
    }
  });
});
