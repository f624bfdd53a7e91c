import { describe, expect, it } from 'vitest';
import type { Attribute } from '#contract/specifications.ts';
import { specsFromForm, specsToForm } from './spec-values.ts';

const attribute = (key: string, kind: Attribute['kind'], extra: Partial<Attribute> = {}) =>
  ({
    _id: key,
    categoryId: 'c',
    key,
    name: key,
    kind,
    unit: null,
    options: [],
    filterable: false,
    position: 0,
    valueCount: 0,
    ...extra,
  }) satisfies Attribute;

const drills = [
  attribute('chuck-size', 'number', { unit: 'mm' }),
  attribute('chuck-type', 'choice', { options: ['Keyless', 'Keyed'] }),
  attribute('brushless', 'boolean'),
  attribute('notes', 'text'),
];

describe('specification values in the tool form', () => {
  it('become the values to send: numbers as numbers, an unticked box as No, empty as none', () => {
    expect(
      specsFromForm(
        { 'chuck-size': ' 12,5 ', 'chuck-type': 'Keyless', notes: '', voltage: '18' },
        drills,
      ),
    ).toEqual({
      specs: { 'chuck-size': 12.5, 'chuck-type': 'Keyless', brushless: false },
      problems: [],
    });
  });

  it('say which number cannot be read, and keep what can', () => {
    expect(specsFromForm({ 'chuck-size': 'thirteen', brushless: true }, drills)).toEqual({
      specs: { brushless: true },
      problems: [{ key: 'chuck-size', message: 'Enter a number, such as 13 or 2.5.' }],
    });
  });

  it('say which number is beyond what a specification holds', () => {
    const rule =
      'chuck-size must be a number (in mm) between -1,000,000,000 and 1,000,000,000, with at most 3 decimal places.';
    for (const typed of ['1e300', '-1e300', '0.0001']) {
      expect(specsFromForm({ 'chuck-size': typed }, drills).problems).toEqual([
        { key: 'chuck-size', message: rule },
      ]);
    }
    expect(specsFromForm({ 'chuck-size': '999999999.999' }, drills).specs).toEqual({
      'chuck-size': 999_999_999.999,
      brushless: false,
    });
  });

  it('come back as typed from a tool’s values', () => {
    const form = specsToForm({ 'chuck-size': 13, brushless: true, notes: 'Two batteries.' });
    expect(form).toEqual({ 'chuck-size': '13', brushless: true, notes: 'Two batteries.' });
    expect(specsFromForm(form, drills).specs).toEqual({
      'chuck-size': 13,
      brushless: true,
      notes: 'Two batteries.',
    });
  });
});
