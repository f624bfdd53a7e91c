import { describe, expect, it } from 'vitest';
import { createToolFormSchema, editToolFormSchema } from './tool-form-schema.ts';

const typed = {
  name: 'Claw Hammer',
  img: 'https://example.com/hammer.png',
  description: 'A steel claw hammer with a rubber grip, for framing and demolition work.',
  quantity: 100,
  minimumOrder: 10,
  price: '12.50',
  priceTiers: [] as { minQuantity: number; price: string }[],
  gallery: [],
  documents: [],
  related: [],
  // As the form holds them untouched: part numbers and category left empty.
  sku: '',
  brand: '',
  mpn: '',
  gtin: '',
  categoryId: '',
};

/** The form's output, or each problem as [field, message]. */
function parse(
  schema: ReturnType<typeof createToolFormSchema> | ReturnType<typeof editToolFormSchema>,
  input: object,
) {
  const result = schema.safeParse({ ...typed, ...input });
  return result.success
    ? result.data
    : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('the price fields of the tool forms', () => {
  const usd = createToolFormSchema('USD');
  const jpy = createToolFormSchema('JPY');

  it('send prices typed in currency units as the minor units the contract takes', () => {
    expect(parse(usd, { price: '12.5' })).toMatchObject({ price: 1250 });
    expect(parse(usd, { price: '1,299' })).toMatchObject({ price: 129900 });
    expect(parse(jpy, { price: '1250' })).toMatchObject({ price: 1250 });
  });

  it('give an example in the currency’s own digits when a price is not one', () => {
    expect(parse(usd, { price: '12.505' })).toEqual([['price', 'Enter a price such as 12.50.']]);
    expect(parse(usd, { price: 'twelve' })).toEqual([['price', 'Enter a price such as 12.50.']]);
    expect(parse(usd, { price: '' })).toEqual([['price', 'Enter a price such as 12.50.']]);
    expect(parse(jpy, { price: '12.50' })).toEqual([['price', 'Enter a price such as 1250.']]);
  });

  it('say a negative price cannot be', () => {
    expect(parse(usd, { price: '-1' })).toEqual([['price', 'The price cannot be negative.']]);
  });

  it('say the highest price in the currency typed, never in cents', () => {
    expect(parse(usd, { price: '1000000.01' })).toEqual([
      ['price', 'The price can be at most $1,000,000.00.'],
    ]);
    expect(parse(usd, { price: '99999999999999999999' })).toEqual([
      ['price', 'The price can be at most $1,000,000.00.'],
    ]);
    expect(parse(jpy, { price: '100000001' })).toEqual([
      ['price', 'The price can be at most ¥100,000,000.'],
    ]);
    expect(parse(usd, { price: '1000000' })).toMatchObject({ price: 100_000_000 });
  });

  it('read volume prices the same way and check them against the unit price', () => {
    expect(
      parse(usd, {
        priceTiers: [
          { minQuantity: 50, price: '11' },
          { minQuantity: 100, price: '10.25' },
        ],
      }),
    ).toMatchObject({
      priceTiers: [
        { minQuantity: 50, price: 1100 },
        { minQuantity: 100, price: 1025 },
      ],
    });
    expect(parse(usd, { priceTiers: [{ minQuantity: 50, price: '13' }] })).toEqual([
      ['priceTiers.0.price', 'Must be lower than the unit price.'],
    ]);
    expect(parse(usd, { priceTiers: [{ minQuantity: Number.NaN, price: '11' }] })).toEqual([
      ['priceTiers.0.minQuantity', 'Enter a number of units, such as 100.'],
    ]);
  });
});

describe('the restock field of the edit form', () => {
  const schema = editToolFormSchema('USD');
  // A tool being edited has its SKU and brand.
  const edit = {
    safeParse: (input: object) => schema.safeParse({ ...input, sku: 'CH-450', brand: 'Toolyard' }),
  } as typeof schema;

  it('adds nothing when left empty, and whole units otherwise', () => {
    expect(parse(edit, { restock: '' })).toMatchObject({ price: 1250, restock: undefined });
    expect(parse(edit, { restock: '50' })).toMatchObject({ restock: 50 });
    expect(parse(edit, { restock: ' 7 ' })).toMatchObject({ restock: 7 });
  });

  it('says what a restock takes, in units', () => {
    const says = (restock: string, message: string) =>
      expect(parse(edit, { restock }), restock).toEqual([['restock', message]]);
    says('-5', 'A restock adds units: enter 1 or more (leave it empty to keep the stock).');
    says('5.5', 'Enter a whole number of units, such as 50.');
    says('five', 'Enter a whole number of units, such as 50.');
    says('0', 'Enter 1 unit or more, or leave it empty to keep the stock.');
    says('10000001', 'You can add at most 10,000,000 units at once.');
  });
});

describe('the quantity rules of the tool forms', () => {
  const usd = createToolFormSchema('USD');

  it('sell by the unit with no most per order when left as they are', () => {
    expect(parse(usd, {})).toMatchObject({ orderIncrement: 1, maxPerOrder: null });
    expect(parse(usd, { orderIncrement: 5, maxPerOrder: '500' })).toMatchObject({
      orderIncrement: 5,
      maxPerOrder: 500,
    });
  });

  it('say under its field a pack below 1, a minimum or most per order that is not whole packs, and a most below the minimum', () => {
    expect(parse(usd, { orderIncrement: 0 })).toEqual([
      ['orderIncrement', 'Must be at least 1 unit.'],
    ]);
    expect(parse(usd, { orderIncrement: 4 })).toEqual([
      ['minimumOrder', 'Must be a whole number of packs of 4 (the order increment).'],
    ]);
    expect(parse(usd, { maxPerOrder: '5' })).toEqual([
      ['maxPerOrder', 'Must be at least the minimum order (10 units).'],
    ]);
    expect(parse(usd, { orderIncrement: 10, maxPerOrder: '95' })).toEqual([
      ['maxPerOrder', 'Must be a whole number of packs of 10 (the order increment).'],
    ]);
    expect(parse(usd, { maxPerOrder: 'lots' })).toEqual([
      ['maxPerOrder', 'Must be a whole number.'],
    ]);
  });
});

describe('the gallery, documents and related tools of both forms', () => {
  const schema = createToolFormSchema('USD');
  it('send documents and related tools without what the form only shows', () => {
    const url = `/uploads/${'a'.repeat(32)}.pdf`;
    const toolId = '0b5f9f6e-3f2a-4f5b-9b7e-2a1c3d4e5f60';
    expect(
      parse(schema, {
        gallery: [{ src: '/images/side.svg', alt: 'Side' }],
        documents: [{ title: 'Manual', kind: 'manual', url, size: 2048 }],
        related: [{ toolId, kind: 'accessory', name: 'Bit set', sku: 'BIT-1' }],
      }),
    ).toMatchObject({
      gallery: [{ src: '/images/side.svg', alt: 'Side' }],
      documents: [{ title: 'Manual', kind: 'manual', url }],
      related: [{ toolId, kind: 'accessory' }],
    });
  });

  it('say under its field a picture without words and a tool listed twice', () => {
    const toolId = '0b5f9f6e-3f2a-4f5b-9b7e-2a1c3d4e5f60';
    const result = schema.safeParse({
      ...typed,
      gallery: [{ src: '/images/side.svg', alt: '' }],
      related: [
        { toolId, kind: 'accessory', name: 'Bit set', sku: 'BIT-1' },
        { toolId, kind: 'also_needed', name: 'Bit set', sku: 'BIT-1' },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(
      expect.arrayContaining(['gallery.0.alt', 'related.1.toolId']),
    );
  });
});
