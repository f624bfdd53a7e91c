import { describe, expect, it } from 'vitest';
import { readBuyAgainState } from './buy-again-state.ts';

const deliverTo = {
  deliveryAddress: null,
  address: 'Carlos\nCalle Mayor 5\nLas Palmas',
  phone: '+34 928 555 010',
  country: 'ES',
  methodId: null,
};

describe("the state 'Buy again' hands the cart page", () => {
  it('brings the postcode an order was sent with, trimmed', () => {
    expect(readBuyAgainState({ deliverTo: { ...deliverTo, postcode: ' 35001 ' } })?.postcode).toBe(
      '35001',
    );
  });

  it('leaves out a postcode the checkout would refuse, and still reads the rest', () => {
    for (const postcode of [
      '     ',
      '35\u0000\u000701',
      '\u202e10053',
      '35\ud800',
      'x'.repeat(17),
      35001,
      { toString: '35001' },
    ]) {
      const read = readBuyAgainState({ deliverTo: { ...deliverTo, postcode } });
      expect(read, JSON.stringify(postcode)).toMatchObject({ country: 'ES', postcode: null });
    }
  });

  it('reads an entry made before orders kept the postcode', () => {
    expect(readBuyAgainState({ deliverTo })).toMatchObject({ country: 'ES', postcode: null });
  });
});
