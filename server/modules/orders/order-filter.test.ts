import { describe, expect, it } from 'vitest';
import { orderFilterOf } from './order-filter.ts';

// What the admin's order list and its CSV export ask the database for: no database.

describe("the order list's filters", () => {
  it('reads an order or invoice number, in any case, and any other text as a search', () => {
    expect(orderFilterOf({ q: ' ty-1042 ' })).toEqual({ number: { orderNumber: 1042 } });
    expect(orderFilterOf({ q: '1042' })).toEqual({ number: { orderNumber: 1042 } });
    expect(orderFilterOf({ q: 'inv-7' })).toEqual({ number: { invoiceNumber: 7 } });
    expect(orderFilterOf({ q: 'ty-' })).toEqual({ text: 'ty-' });
    expect(orderFilterOf({ q: '  Ana  ' })).toEqual({ text: 'Ana' });
    expect(orderFilterOf({ q: '   ' })).toEqual({});
  });

  it('takes a status, and days placed from the first day to the end of the last, in UTC', () => {
    expect(orderFilterOf({ status: 'paid', from: '2026-11-01', to: '2026-11-30' })).toEqual({
      status: 'paid',
      placedFrom: new Date('2026-11-01T00:00:00Z'),
      placedBefore: new Date('2026-12-01T00:00:00Z'),
    });
  });
});
