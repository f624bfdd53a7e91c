import { describe, expect, it } from 'vitest';
import { QUICK_ORDER_MAX_LINES, readQuickOrder, shownText } from './quick-order-text.ts';

describe('reading a quick order (no database)', () => {
  it('reads a part number and a quantity per line, whichever separator, skipping blank lines', () => {
    const read = readQuickOrder('HD-13 20\n\nab/7,5\r\nX.1;3\r"Q_9"\t"40"\n  spaced   10  ');
    expect(read.items).toEqual([
      { sku: 'HD-13', lines: [1], quantity: 20 },
      { sku: 'ab/7', lines: [3], quantity: 5 },
      { sku: 'X.1', lines: [4], quantity: 3 },
      { sku: 'Q_9', lines: [5], quantity: 40 },
      { sku: 'spaced', lines: [6], quantity: 10 },
    ]);
    expect(read).toMatchObject({ unreadable: [], lineCount: 5 });
  });

  it('skips a CSV header and a byte order mark, and sums the lines of one SKU whatever its case', () => {
    const read = readQuickOrder('\ufeffsku,quantity\nHD-13,20\nhd-13,10\nSAW-2,1\nHd-13,5');
    expect(read.items).toEqual([
      { sku: 'HD-13', lines: [2, 3, 5], quantity: 35 },
      { sku: 'SAW-2', lines: [4], quantity: 1 },
    ]);
    expect(read.lineCount).toBe(4);
  });

  it('says what is wrong with a line it cannot read, in a sentence', () => {
    const read = readQuickOrder(
      'HD-13\nHD-13 ten\nHD-13 0\nHD-13 1.5\nHD-13 20 30\n=HYPERLINK("http://x")\nHD-13 99999999',
    );
    expect(read.items).toEqual([]);
    expect(read.unreadable.map((line) => [line.line, line.message])).toEqual([
      [1, 'No quantity: write the part number, then how many (HD-13 10).'],
      [2, '“ten” is not a quantity: write a whole number of units from 1 to 1,000,000.'],
      [3, '“0” is not a quantity: write a whole number of units from 1 to 1,000,000.'],
      [4, '“1.5” is not a quantity: write a whole number of units from 1 to 1,000,000.'],
      [5, 'Write one part number and one quantity on each line, nothing else.'],
      [6, expect.stringContaining('This is not a part number')],
      [7, '“99999999” is not a quantity: write a whole number of units from 1 to 1,000,000.'],
    ]);
    expect(read.unreadable[5]?.text).toBe('=HYPERLINK("http://x")');
  });

  it('shows a line back without controls or marks that reorder text, and cut short', () => {
    expect(shownText('a\u0000b\u202ec\u001b[31m')).toBe('a b c [31m');
    expect(shownText('x'.repeat(100))).toHaveLength(60);
  });

  it('counts every line but reads only the first ones allowed', () => {
    const text = Array.from({ length: QUICK_ORDER_MAX_LINES + 20 }, (_, i) => `P-${i} 1`).join(
      '\n',
    );
    const read = readQuickOrder(text);
    expect(read.lineCount).toBe(QUICK_ORDER_MAX_LINES + 20);
    expect(read.items).toHaveLength(QUICK_ORDER_MAX_LINES);
  });
});
