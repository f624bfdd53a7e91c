import { describe, expect, it } from 'vitest';
import { countryInSentence, placeInSentence } from './addresses.ts';

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

describe('a place named in a sentence, as an admin types a region', () => {
  it('gives "the" to islands, isles and plural names, keeps an article typed with the name, and adds none elsewhere', () => {
    expect(
      [
        'Canary Islands',
        'Isles of Scilly',
        'Azores',
        'The Azores',
        'the Hebrides',
        'Madeira',
        'Isle of Man',
        'Wales',
        'Livigno',
        'wadden islands',
        'Republika Srpska',
      ].map(placeInSentence),
    ).toEqual([
      'the Canary Islands',
      'the Isles of Scilly',
      'the Azores',
      'the Azores',
      'the Hebrides',
      'Madeira',
      'Isle of Man',
      'Wales',
      'Livigno',
      'the wadden islands',
      'Republika Srpska',
    ]);
  });
});
