import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry, reformatAtEnd } from './card-input.ts';

describe('a card number as it is typed', () => {
  it('groups the digits in fours', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('424242')).toBe('4242 42');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('')).toBe('');
  });

  it('regroups digits typed or pasted with spaces, dashes or other marks', () => {
    expect(formatCardNumber('4242 4242 4242 4242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242-4242-4242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('  42 424 2424242 42 42 ')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242 42ab')).toBe('4242 42');
  });

  it('leaves no space at the end, so deleting a digit never lands on a gap', () => {
    expect(formatCardNumber('42424242')).toBe('4242 4242');
    expect(formatCardNumber('4242 ')).toBe('4242');
  });

  it('stops at 19 digits, the longest card number', () => {
    expect(formatCardNumber('12345678901234567890123')).toBe('1234 5678 9012 3456 789');
  });
});

describe('an expiry as it is typed', () => {
  it('puts the slash in once the month is typed', () => {
    expect(formatExpiry('1', false)).toBe('1');
    expect(formatExpiry('12', false)).toBe('12/');
    expect(formatExpiry('123', false)).toBe('12/3');
    expect(formatExpiry('1230', false)).toBe('12/30');
  });

  it('lets a backspace take the slash away', () => {
    expect(formatExpiry('12', true)).toBe('12');
    expect(formatExpiry('12/3', true)).toBe('12/3');
  });

  it('keeps four digits at most and drops anything else', () => {
    expect(formatExpiry('12/3045', false)).toBe('12/30');
    expect(formatExpiry('1a2b', false)).toBe('12/');
    expect(formatExpiry('12 / 30', false)).toBe('12/30');
    expect(formatExpiry('', false)).toBe('');
  });
});

describe('formatting only at the end of a field', () => {
  const field = (value: string, caret: number) =>
    ({ value, selectionStart: caret }) as HTMLInputElement;

  it('rewrites what is typed at the end, telling the format whether a character went', () => {
    const typed = field('1230', 4);
    reformatAtEnd(typed, formatExpiry, '123');
    expect(typed.value).toBe('12/30');

    const deleted = field('12', 2);
    reformatAtEnd(deleted, formatExpiry, '12/');
    expect(deleted.value).toBe('12');
  });

  it('leaves the field alone while the caret is in the middle', () => {
    const middle = field('4242424242', 3);
    reformatAtEnd(middle, formatCardNumber, '424242424');
    expect(middle.value).toBe('4242424242');
  });
});
