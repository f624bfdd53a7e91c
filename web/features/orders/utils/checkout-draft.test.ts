import { describe, expect, it } from 'vitest';
import { checkoutDraftKey, parseCheckoutDraft } from './checkout-draft.ts';

describe('a checkout draft kept in the browser', () => {
  it('is read back as typed', () => {
    const draft = { address: '12 Cart Lane\nSpringfield', poNumber: 'PO-7', note: 'Gate B' };
    expect(parseCheckoutDraft(JSON.stringify(draft))).toEqual(draft);
  });

  it('is read as untrusted input: only text fields, each cut to a bounded length', () => {
    expect(parseCheckoutDraft('{not json')).toBeNull();
    expect(parseCheckoutDraft('[1,2]')).toBeNull();
    expect(parseCheckoutDraft('null')).toBeNull();
    expect(
      parseCheckoutDraft(JSON.stringify({ address: 7, poNumber: ['x'], note: '' })),
    ).toBeNull();
    const long = parseCheckoutDraft(JSON.stringify({ address: 'a'.repeat(50_000), role: 'Admin' }));
    expect(long).toEqual({ address: 'a'.repeat(5_000), poNumber: '', note: '' });
  });

  it('belongs to one account', () => {
    expect(checkoutDraftKey('u1')).not.toBe(checkoutDraftKey('u2'));
  });
});
