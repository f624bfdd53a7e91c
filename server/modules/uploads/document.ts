import { AppError } from '../../errors.ts';

/** How far from the start the version must be named: `%PDF-1.7` and a line end. */
const HEADER = /^%PDF-[12]\.[0-9][\r\n]/;
/** Writers may put a few bytes (a line end, padding) after the last `%%EOF`. */
const TAIL_BYTES = 1024;
const END_OF_FILE = Buffer.from('%%EOF', 'latin1');

const notAPdf = (message: string) =>
  new AppError(415, 'unsupported_media_type', message, [
    { field: 'file', in: 'body', message: 'Must be a PDF document.' },
  ]);

/**
 * Checks the bytes are a whole PDF, whatever the file's name or declared type say: it starts with
 * the PDF header (`%PDF-1.x` or `%PDF-2.0`, nothing before it) and ends with `%%EOF` (so a file
 * cut off on its way, or anything else that only starts like a PDF, is refused). Nothing in it is
 * run or rendered by the store: it is served as a download (uploads.routes.ts).
 */
export function checkPdf(bytes: Buffer): void {
  if (!HEADER.test(bytes.subarray(0, 9).toString('latin1'))) {
    throw notAPdf(
      'This file is not a PDF document: upload datasheets, manuals and certificates as PDF files.',
    );
  }
  const tail = bytes.subarray(Math.max(0, bytes.length - TAIL_BYTES));
  if (!tail.includes(END_OF_FILE)) {
    throw notAPdf(
      'This PDF is incomplete (it does not end as a PDF does): it may be damaged or cut off. Save it again and upload it.',
    );
  }
}
