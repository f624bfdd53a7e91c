import { describe, expect, it } from 'vitest';
import { cardDigits, expiryProblem, PayWithCardBodySchema, passesLuhn } from './payments.ts';

describe('the Luhn check of a card number', () => {
  it('passes the test cards and real-shaped numbers of every length', () => {
    expect(passesLuhn('4242424242424242')).toBe(true); // Visa, 16 digits
    expect(passesLuhn('4000056655665556')).toBe(true);
    expect(passesLuhn('5555555555554444')).toBe(true); // Mastercard
    expect(passesLuhn('378282246310005')).toBe(true); // American Express, 15 digits
    expect(passesLuhn('6011111111111117')).toBe(true); // Discover
    expect(passesLuhn('4222222222222')).toBe(true); // 13 digits
  });

  it('fails a number with one digit wrong or two neighbours swapped', () => {
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('4242424242424243')).toBe(false);
    expect(passesLuhn('2424424242424242')).toBe(false);
    expect(passesLuhn('378282246310006')).toBe(false);
  });

  it('fails nothing at all, and is given digits only (spaces and dashes are taken out first)', () => {
    expect(passesLuhn('')).toBe(false);
    expect(cardDigits('4242 4242 4242 4242')).toBe('4242424242424242');
    expect(cardDigits('4242-4242-4242-4242')).toBe('4242424242424242');
    expect(cardDigits(' 4242 4242\t4242 4242 ')).toBe('4242424242424242');
  });
});

describe('the expiry printed on a card', () => {
  const now = new Date('2026-11-25T12:00:00Z');

  it('takes this month, any later month, and a four-digit year', () => {
    expect(expiryProblem('11/26', now)).toBeUndefined();
    expect(expiryProblem('12/26', now)).toBeUndefined();
    expect(expiryProblem('01/27', now)).toBeUndefined();
    expect(expiryProblem('11/2026', now)).toBeUndefined();
    expect(expiryProblem(' 12 / 30 ', now)).toBeUndefined();
  });

  it('says a card from last month or an earlier year has expired', () => {
    expect(expiryProblem('10/26', now)).toBe('This card has expired.');
    expect(expiryProblem('12/25', now)).toBe('This card has expired.');
    expect(expiryProblem('10/2026', now)).toBe('This card has expired.');
  });

  it('holds December until the year is out', () => {
    const newYearsEve = new Date('2026-12-31T23:59:00Z');
    expect(expiryProblem('12/26', newYearsEve)).toBeUndefined();
    expect(expiryProblem('12/26', new Date('2027-01-01T00:00:00Z'))).toBe('This card has expired.');
  });

  it('refuses a month that does not exist', () => {
    expect(expiryProblem('13/27', now)).toBe('The month must be from 01 to 12.');
    expect(expiryProblem('00/27', now)).toBe('The month must be from 01 to 12.');
  });

  it('asks for MM/YY when it is written any other way', () => {
    for (const written of ['', '1/27', '1227', '12-27', '12/7', '12/270', 'ab/cd', '12/27/01']) {
      expect(expiryProblem(written, now), written).toBe('Use the format MM/YY.');
    }
  });
});

describe('the test gateway’s card form', () => {
  const valid = {
    cardNumber: '4242424242424242',
    expiry: '12/99',
    cvc: '123',
    nameOnCard: 'Ana Ruiz',
  };
  const problems = (body: object) =>
    PayWithCardBodySchema.safeParse({ ...valid, ...body }).error?.issues.map((issue) => [
      issue.path.join('.'),
      issue.message,
    ]);

  it('takes a number written with spaces or dashes, as it is printed', () => {
    expect(problems({ cardNumber: '4242 4242 4242 4242' })).toBeUndefined();
    expect(problems({ cardNumber: '4242-4242-4242-4242' })).toBeUndefined();
    expect(problems({ cardNumber: '3782 822463 10005' })).toBeUndefined();
  });

  it('says what is wrong with a number in one sentence', () => {
    expect(problems({ cardNumber: '4242 4242 4242 4241' })).toEqual([
      ['cardNumber', 'This card number is not valid. Check it for typos.'],
    ]);
    // Too short or with letters: the count is said first (the form shows the first).
    for (const cardNumber of ['42424242424', '4242 4242 abcd 4242']) {
      expect(problems({ cardNumber })?.[0], cardNumber).toEqual([
        'cardNumber',
        'Enter the 12 to 19 digits of the card number.',
      ]);
    }
  });

  it('checks the expiry and the CVC', () => {
    expect(problems({ expiry: '13/30' })).toEqual([['expiry', 'The month must be from 01 to 12.']]);
    expect(problems({ expiry: '01/20' })).toEqual([['expiry', 'This card has expired.']]);
    expect(problems({ cvc: '12' })).toEqual([
      ['cvc', 'Enter the 3 or 4 digits on the back of the card.'],
    ]);
    expect(problems({ cvc: '1234' })).toBeUndefined();
  });
});
