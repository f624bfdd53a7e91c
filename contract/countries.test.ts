import { describe, expect, it } from 'vitest';
import { CountrySchema } from './countries.ts';

describe('a country', () => {
  it('is read from its code in any letter case', () => {
    expect(CountrySchema.parse(' gb ')).toBe('GB');
  });

  it('left empty, is asked for as a choice; an unknown code is named as one', () => {
    const messageOf = (input: string) => CountrySchema.safeParse(input).error?.issues[0]?.message;
    expect(messageOf('')).toBe('Choose a country.');
    expect(messageOf('XX')).toBe('Must be a country (its two-letter ISO code, e.g. GB).');
  });
});
