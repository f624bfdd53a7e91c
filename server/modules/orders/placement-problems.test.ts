import { describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/orders.ts';
import { AppError } from '../../errors.ts';
import {
  assertSameCheckout,
  assertSameOrder,
  cartRefusal,
  LINE_FIELDS,
  outOfStock,
  SPEC_FIELDS,
} from './placement-problems.ts';

// What a placement answers when an Idempotency-Key, a cart or the stock refuses it: no database.

const delivery = {
  phone: '+1 555 010 2030',
  address: '42 Workshop Road',
  destination: { country: 'US', postcode: '' },
};
const earlier = {
  phone: delivery.phone,
  address: delivery.address,
  deliveryCountry: 'US',
  deliveryPostcode: null,
  poNumber: null,
  note: null,
  lines: [
    { toolId: 't1', quantity: 10 },
    { toolId: 't2', quantity: 20 },
  ],
} as unknown as Order;

const codeOf = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
  return undefined;
};

describe('an Idempotency-Key names one order', () => {
  it('answers the same order for the same lines and delivery, and refuses any other', () => {
    const same = {
      lines: [...earlier.lines],
      ...delivery,
      deliveryAddress: null,
    };
    expect(codeOf(() => assertSameOrder(earlier, same))).toBeUndefined();
    for (const other of [
      { ...same, lines: [...earlier.lines].reverse() },
      { ...same, lines: [{ toolId: 't1', quantity: 10 }] },
      { ...same, lines: [{ toolId: 't1', quantity: 11 }, earlier.lines[1]] },
      { ...same, note: 'leave it at the back' },
      { ...same, address: '43 Workshop Road' },
      // The same text in another country, or with a postcode a region's tax goes by.
      { ...same, destination: { country: 'CA', postcode: '' } },
      { ...same, destination: { country: 'US', postcode: '10001' } },
      { ...same, destination: null },
    ]) {
      expect(codeOf(() => assertSameOrder(earlier, other as typeof same))).toBe(
        'idempotency_key_reused',
      );
    }
  });

  it('answers a checkout of the same cart version and delivery, and refuses another version', () => {
    expect(
      codeOf(() => assertSameCheckout(earlier, 3, { ...delivery, cartVersion: 3 })),
    ).toBeUndefined();
    expect(codeOf(() => assertSameCheckout(earlier, 3, { ...delivery, cartVersion: 4 }))).toBe(
      'idempotency_key_reused',
    );
    expect(codeOf(() => assertSameCheckout(earlier, null, { ...delivery, cartVersion: 3 }))).toBe(
      'idempotency_key_reused',
    );
    const elsewhere = { ...delivery, destination: { country: 'US', postcode: '94105' } };
    expect(codeOf(() => assertSameCheckout(earlier, 3, { ...elsewhere, cartVersion: 3 }))).toBe(
      'idempotency_key_reused',
    );
  });
});

describe('a cart refused before anything is judged', () => {
  it('says which order a checked-out version became, that it changed, or that it is empty', () => {
    const checkedOut = cartRefusal(3, { version: 3, checkedOutBy: { id: 'o1', number: 1042 } });
    expect([checkedOut.status, checkedOut.code]).toEqual([409, 'cart_checked_out']);
    expect(checkedOut.message).toContain('it is order TY-1042');
    expect(cartRefusal(3, { version: 4, checkedOutBy: null }).code).toBe('cart_changed');
    expect(cartRefusal(3, { version: 3, checkedOutBy: null }).code).toBe('cart_empty');
  });
});

describe('not enough stock', () => {
  it("says the spec's sentence for one tool, and each short line for several", () => {
    const none = { line: 0, toolId: 't1', productName: 'Pliers', available: 0 };
    expect(outOfStock([none], SPEC_FIELDS).message).toBe('This tool is out of stock.');
    expect(outOfStock([{ ...none, available: 1200 }], SPEC_FIELDS).message).toBe(
      'Only 1,200 units are in stock; order at most 1,200.',
    );
    const two = outOfStock(
      [none, { ...none, line: 2, productName: 'Saw', available: 5 }],
      LINE_FIELDS,
    );
    expect([two.status, two.code]).toEqual([409, 'out_of_stock']);
    expect(two.message).toMatch(/^2 lines ask for more than is in stock/);
    expect(two.errors?.map((e) => [e.field, e.message])).toEqual([
      ['lines.0.quantity', 'Pliers is out of stock.'],
      ['lines.2.quantity', 'Only 5 units of Saw are in stock.'],
    ]);
  });
});
