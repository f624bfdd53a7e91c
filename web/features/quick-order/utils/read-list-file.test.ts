import { describe, expect, it } from 'vitest';
import { decodeListFile } from './read-list-file.ts';

const utf16 = (text: string, littleEndian: boolean) => {
  const bytes = [littleEndian ? 0xff : 0xfe, littleEndian ? 0xfe : 0xff];
  for (const char of text) {
    const code = char.charCodeAt(0);
    bytes.push(...(littleEndian ? [code & 0xff, code >> 8] : [code >> 8, code & 0xff]));
  }
  return new Uint8Array(bytes);
};

describe('reading a list file as its bytes say', () => {
  it('reads UTF-8 with or without its mark, and UTF-16 in either byte order', () => {
    const text = 'sku,quantity\nHD-13,20\nSÄGE-1,5';
    expect(decodeListFile(new TextEncoder().encode(text))).toBe(text);
    expect(
      decodeListFile(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)])),
    ).toBe(text);
    expect(decodeListFile(utf16(text, true))).toBe(text);
    expect(decodeListFile(utf16(text, false))).toBe(text);
  });

  it('turns bytes that are not UTF-8 into replacement characters, never an error', () => {
    expect(decodeListFile(new Uint8Array([0x48, 0x44, 0xff, 0x31]))).toBe('HD\ufffd1');
  });
});
