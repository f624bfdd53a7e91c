import { describe, expect, it } from 'vitest';
import { countryInSentence } from './addresses.ts';

describe('a country named in a sentence', () => {
  it('takes "the" where English puts it, and nothing elsewhere', () => {
    expect(
      ['GB', 'US', 'NL', 'AE', 'DO', 'KY', 'PH', 'DE', 'IE', 'FR', 'CZ'].map(countryInSentence),
    ).toEqual([
      'the United Kingdom',
      'the United States',
      'the Netherlands',
      'the United Arab Emirates',
      'the Dominican Republic',
      'the Cayman Islands',
      'the Philippines',
      'Germany',
      'Ireland',
      'France',
      'Czechia',
    ]);
  });
});
