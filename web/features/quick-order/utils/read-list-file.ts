import { QUICK_ORDER_MAX_CHARACTERS } from '#contract/quick-order-text.ts';

/** The largest file a quick order takes: room for its characters in UTF-16 with a BOM. */
const LIST_FILE_MAX_BYTES = QUICK_ORDER_MAX_CHARACTERS * 2 + 2;

/**
 * The text of a list file as its bytes say: UTF-16 (little or big endian) when it starts with that
 * byte order mark (spreadsheets save "Unicode text" so), otherwise UTF-8, its own mark dropped.
 * Bytes that are not UTF-8 become U+FFFD, which the store reads as a line that is no part number.
 */
export function decodeListFile(bytes: Uint8Array): string {
  const [first, second] = bytes;
  const encoding =
    first === 0xff && second === 0xfe
      ? 'utf-16le'
      : first === 0xfe && second === 0xff
        ? 'utf-16be'
        : 'utf-8';
  return new TextDecoder(encoding).decode(bytes).replace(/^\ufeff/, '');
}

/** Controls other than tabs and line breaks: bytes of a file that is not text. */
function hasBinaryCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return true;
  }
  return false;
}

/** A file's text, or why it cannot be read, in a sentence. */
export async function readListFile(file: File): Promise<{ text: string } | { problem: string }> {
  if (file.size > LIST_FILE_MAX_BYTES)
    return {
      problem: `${file.name} is too large for one quick order (at most ${Math.floor(LIST_FILE_MAX_BYTES / 1000)} KB): split the list.`,
    };
  const text = decodeListFile(new Uint8Array(await file.arrayBuffer()));
  // NUL and other controls mean a file that is not text (a spreadsheet's own format).
  if (hasBinaryCharacters(text))
    return {
      problem: `${file.name} is not a text file: save the list as CSV (sku,quantity) and choose that file.`,
    };
  return { text };
}
