import { describe, expect, it } from 'vitest';
import { deliveryOptions, deliveryPrice, localClock, promisedDate } from './delivery-quote.ts';

const standard = {
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Standard',
  countries: ['DE', 'GB'],
  priceBasis: 'weight' as const,
  bands: [
    { upTo: 2000, price: 495 },
    { upTo: 20000, price: 995 },
  ],
  freeAbove: 50000,
  workingDays: 3,
  cutOffTime: '14:00',
  isActive: true,
};

const express = {
  ...standard,
  _id: '00000000-0000-4000-8000-000000000002',
  name: 'Express',
  countries: ['GB'],
  priceBasis: 'value' as const,
  bands: [{ upTo: null, price: 1500 }],
  freeAbove: null,
  workingDays: 1,
};

const london = 'Europe/London';

describe('deliveryPrice', () => {
  it('takes the first band the weight does not pass, the bound included', () => {
    expect(deliveryPrice(standard, { weightGrams: 2000, value: 100 })).toBe(495);
    expect(deliveryPrice(standard, { weightGrams: 2001, value: 100 })).toBe(995);
  });

  it('offers nothing above the last band', () => {
    expect(deliveryPrice(standard, { weightGrams: 20001, value: 100 })).toBeNull();
  });

  it('is free from the free-above amount on, whatever the weight', () => {
    expect(deliveryPrice(standard, { weightGrams: 90000, value: 50000 })).toBe(0);
    expect(deliveryPrice(standard, { weightGrams: 100, value: 49999 })).toBe(495);
  });

  it('measures the value when priced by value', () => {
    const byValue = {
      ...standard,
      priceBasis: 'value' as const,
      bands: [
        { upTo: 10000, price: 800 },
        { upTo: null, price: 400 },
      ],
      freeAbove: null,
    };
    expect(deliveryPrice(byValue, { weightGrams: 0, value: 10000 })).toBe(800);
    expect(deliveryPrice(byValue, { weightGrams: 0, value: 10001 })).toBe(400);
  });
});

describe('promisedDate', () => {
  it('counts from today before the cut-off (Wednesday 13:59 in London, 3 days: Monday)', () => {
    expect(promisedDate(standard, new Date('2026-11-25T13:59:00Z'), london)).toBe('2026-11-30');
  });

  it('counts from the next working day at the cut-off (Wednesday 14:00: Tuesday)', () => {
    expect(promisedDate(standard, new Date('2026-11-25T14:00:00Z'), london)).toBe('2026-12-01');
  });

  it("reads the cut-off in the store's time zone (13:30 UTC is 14:30 in Berlin)", () => {
    const now = new Date('2026-11-25T13:30:00Z');
    expect(promisedDate(standard, now, london)).toBe('2026-11-30');
    expect(promisedDate(standard, now, 'Europe/Berlin')).toBe('2026-12-01');
  });

  it('skips the weekend: Friday after the cut-off dispatches on Monday', () => {
    expect(promisedDate(express, new Date('2026-11-27T15:00:00Z'), london)).toBe('2026-12-01');
  });

  it('dispatches a weekend order on Monday', () => {
    expect(promisedDate(express, new Date('2026-11-28T09:00:00Z'), london)).toBe('2026-12-01');
    expect(
      promisedDate({ ...express, workingDays: 0 }, new Date('2026-11-29T09:00:00Z'), london),
    ).toBe('2026-11-30');
  });

  it('crosses a month and a year', () => {
    expect(promisedDate(standard, new Date('2026-12-31T10:00:00Z'), london)).toBe('2027-01-05');
  });

  it('reads the local day, not the UTC one, near midnight', () => {
    // 23:30 UTC on Friday is 08:30 on Saturday in Tokyo.
    expect(localClock(new Date('2026-11-27T23:30:00Z'), 'Asia/Tokyo').time).toBe('08:30');
    expect(promisedDate(express, new Date('2026-11-27T23:30:00Z'), 'Asia/Tokyo')).toBe(
      '2026-12-01',
    );
  });
});

describe('deliveryOptions', () => {
  const clock = { now: new Date('2026-11-25T10:00:00Z'), timeZone: london };

  it('offers the methods serving the country, cheapest first, priced and dated', () => {
    expect(
      deliveryOptions([express, standard], 'GB', { weightGrams: 1500, value: 3000 }, clock),
    ).toEqual([
      { methodId: standard._id, name: 'Standard', price: 495, deliveryDate: '2026-11-30' },
      { methodId: express._id, name: 'Express', price: 1500, deliveryDate: '2026-11-26' },
    ]);
    expect(
      deliveryOptions([express, standard], 'DE', { weightGrams: 1500, value: 3000 }, clock).map(
        (option) => option.name,
      ),
    ).toEqual(['Standard']);
  });

  it('leaves out inactive methods, methods whose bands end below the cart, other countries', () => {
    const cart = { weightGrams: 30000, value: 3000 };
    expect(deliveryOptions([{ ...express, isActive: false }, standard], 'GB', cart, clock)).toEqual(
      [],
    );
    expect(deliveryOptions([express], 'FR', cart, clock)).toEqual([]);
  });

  it('offers nothing for an empty cart', () => {
    expect(deliveryOptions([express], 'GB', { weightGrams: 0, value: 0 }, clock)).toEqual([]);
  });
});
