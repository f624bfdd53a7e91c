import { describe, expect, it } from 'vitest';
import { CATALOGUE_COLUMNS } from '../../../contract/catalogue-csv.ts';
import { type CatalogueOutline, readHeader, readRow } from './catalogue-row.ts';

/** A row of a catalogue file read and checked, without a database (the fast tier). */

const DRILLS = '00000000-0000-4000-8000-000000000001';
const outline: CatalogueOutline = {
  categoryIds: new Map([['drills', DRILLS]]),
  rulesOf: () => [
    { key: 'chuck-size', name: 'Chuck size', kind: 'number', unit: 'mm', options: [] },
  ],
  specKeys: new Set(['chuck-size']),
};
const names = [...CATALOGUE_COLUMNS, 'spec:chuck-size'];
const header = readHeader(names, outline).header;
if (!header) throw new Error('the header should read');

function cells(values: Partial<Record<string, string>>): string[] {
  const row: Record<string, string> = {
    sku: 'DR-1',
    brand: 'Forge',
    name: 'Drill',
    category: 'drills',
    price: '49.99',
    stock: '10',
    minimum_order: '1',
    order_increment: '1',
    weight_grams: '1800',
    img: '/images/tools/drill.svg',
    description: 'A drill for the fast tier.',
    'spec:chuck-size': '13',
    ...values,
  };
  return names.map((name) => row[name] ?? '');
}

describe('readRow', () => {
  it('reads a row into the tool form’s fields', () => {
    const read = readRow(
      cells({ price_breaks: '10: 45; 50: 40.50', max_per_order: '' }),
      header,
      outline,
      'USD',
    );
    expect(read).toEqual({
      sku: 'DR-1',
      fields: expect.objectContaining({
        categoryId: DRILLS,
        price: 4999,
        quantity: 10,
        maxPerOrder: null,
        weightGrams: 1800,
        priceTiers: [
          { minQuantity: 10, price: 4500 },
          { minQuantity: 50, price: 4050 },
        ],
        specs: { 'chuck-size': 13 },
      }),
    });
  });

  it('drops the apostrophe the export put before a formula-like cell, and only that one', () => {
    const read = readRow(cells({ name: "'=SUM(A1)", brand: "'Quoted" }), header, outline, 'USD');
    expect(read).toMatchObject({ fields: { name: '=SUM(A1)', brand: "'Quoted" } });
  });

  it('names every problem by its column, a break by its number', () => {
    const read = readRow(
      cells({ gtin: '12345678', price_breaks: '1: 45', 'spec:chuck-size': 'big', stock: 'x' }),
      header,
      outline,
      'USD',
    );
    expect('problems' in read && read.problems.map((p) => [p.column, p.message])).toEqual([
      [
        'spec:chuck-size',
        'Chuck size must be a number (in mm) between -1,000,000,000 and 1,000,000,000, with at most 3 decimal places.',
      ],
      ['stock', '“x” is not a whole number.'],
      ['gtin', 'The check digit (the last one) does not match: check the number.'],
      ['price_breaks', 'Break 1: Must be at least 2 units.'],
    ]);
  });

  it('holds no break to a unit price or minimum order it could not read', () => {
    const read = readRow(
      cells({ price: '$54.90', minimum_order: 'ten', price_breaks: '20: 49.90' }),
      header,
      outline,
      'USD',
    );
    expect('problems' in read && read.problems.map((p) => [p.column, p.message])).toEqual([
      ['price', '“$54.90” is not a price: write it as a decimal in USD (49.99).'],
      ['minimum_order', '“ten” is not a whole number.'],
    ]);
  });
});

describe('readHeader', () => {
  it('names unknown, repeated and missing columns', () => {
    const read = readHeader(['SKU', 'sku', 'colour', 'spec:nope'], outline);
    expect(read.header).toBeUndefined();
    expect(read.problems.map((p) => p.column)).toEqual(['sku', 'colour', 'spec:nope', null]);
  });
});
