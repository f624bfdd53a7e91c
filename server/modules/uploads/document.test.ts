import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { checkPdf } from './document.ts';

/** The PDF check alone, on bytes made here: no store, no database. */
const bytes = (text: string) => Buffer.from(text, 'latin1');
const refusal = (input: Buffer) => {
  try {
    checkPdf(input);
  } catch (error) {
    return error instanceof AppError ? `${error.status} ${error.code}` : String(error);
  }
  return 'taken';
};

describe('what counts as a PDF', () => {
  it.each([
    ['PDF 1.7 ending in %%EOF and a line end', '%PDF-1.7\nbody\n%%EOF\n'],
    ['PDF 2.0 with Windows line ends', '%PDF-2.0\r\nbody\r\n%%EOF\r\n'],
    ['a few bytes of padding after %%EOF', `%PDF-1.4\nbody\n%%EOF\n${' '.repeat(500)}`],
  ])('takes %s', (_label, text) => {
    expect(refusal(bytes(text))).toBe('taken');
  });

  it.each([
    ['anything before the header', ' %PDF-1.7\nbody\n%%EOF\n'],
    ['a header without a version', '%PDF-\nbody\n%%EOF\n'],
    ['a version PDF never had', '%PDF-9.1\nbody\n%%EOF\n'],
    ['no %%EOF (cut off)', '%PDF-1.7\nbody\n'],
    ['%%EOF only far from the end', `%PDF-1.7\n%%EOF\n${'x'.repeat(2000)}`],
    ['HTML', '<!doctype html><p>%PDF-1.7</p>%%EOF'],
    ['nothing', ''],
  ])('refuses %s with 415', (_label, text) => {
    expect(refusal(bytes(text))).toBe('415 unsupported_media_type');
  });
});
