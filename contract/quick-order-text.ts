import { formatCount } from './format.ts';
import { MAX_ORDER_UNITS } from './order-limits.ts';

/**
 * Reading a quick order: part numbers and quantities typed line by line (`HD-13 20`,
 * `HD-13,20`, `HD-13;20`, a tab between), or a CSV file of `sku,quantity` with or without its
 * header. Pure and zod-free: the server reads what it is sent with it, and pages load it cheaply.
 * Nothing here knows the catalogue; matching and the tools' rules come after (decision 042).
 */

/** The most lines (not counting blank ones and a header) one quick order may have. */
export const QUICK_ORDER_MAX_LINES = 500;
/** The most characters of text one quick order may have (about 60 KB of UTF-8 at most). */
export const QUICK_ORDER_MAX_CHARACTERS = 30_000;

/** A line read as a part number and a quantity; `line` counts from 1, blank lines included. */
interface QuickOrderEntry {
  line: number;
  sku: string;
  quantity: number;
}

/** A line that is not a part number and a quantity, with what is wrong in a sentence. */
interface UnreadableLine {
  line: number;
  /** The line as typed, cut short and with control characters shown as spaces. */
  text: string;
  message: string;
}

/** One part number of the order: its lines summed (the same SKU whatever the letter case). */
export interface QuickOrderItem {
  /** The SKU as first typed. */
  sku: string;
  /** Every line that named it, in order. */
  lines: number[];
  /** Its lines' quantities summed. */
  quantity: number;
}

export interface ReadQuickOrder {
  items: QuickOrderItem[];
  unreadable: UnreadableLine[];
  /** Lines that were read, blank lines and a header left out. */
  lineCount: number;
}

const SKU = /^[A-Za-z0-9][A-Za-z0-9._/-]{1,39}$/;
const HEADER =
  /^\s*"?\s*(sku|part\s*number|part)\s*"?\s*[,;\t]\s*"?\s*(quantity|qty|units)\s*"?\s*$/i;
/** C0 and C1 controls, and the marks that reorder or hide text: shown as spaces when echoed. */
function isHidden(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0xfeff
  );
}

/** A line as it may be shown back: controls as spaces, at most 60 characters. */
export function shownText(text: string): string {
  const clean = Array.from(text.slice(0, 200), (char) =>
    isHidden(char.charCodeAt(0)) ? ' ' : char,
  )
    .join('')
    .trim();
  return clean.length > 60 ? `${clean.slice(0, 59)}…` : clean;
}

/** The fields of one line: split at a comma, semicolon, tab or spaces; quotes around each dropped. */
function fieldsOf(text: string): string[] {
  return text
    .split(/[,;\t]|\s+/)
    .map((field) =>
      field
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    )
    .filter((field) => field !== '');
}

/** One line read, or what is wrong with it. */
function readLine(text: string, line: number): QuickOrderEntry | UnreadableLine {
  const fields = fieldsOf(text);
  const problem = (message: string): UnreadableLine => ({ line, text: shownText(text), message });
  const [sku = '', quantity, ...rest] = fields;
  if (!SKU.test(sku))
    return problem(
      'This is not a part number: a SKU is 2 to 40 letters, digits and - . / _, starting with a letter or a digit.',
    );
  if (quantity === undefined)
    return problem(`No quantity: write the part number, then how many (${sku} 10).`);
  if (rest.length > 0)
    return problem('Write one part number and one quantity on each line, nothing else.');
  if (!/^\d{1,7}$/.test(quantity) || Number(quantity) < 1 || Number(quantity) > MAX_ORDER_UNITS)
    return problem(
      `“${shownText(quantity)}” is not a quantity: write a whole number of units from 1 to ${formatCount(MAX_ORDER_UNITS)}.`,
    );
  return { line, sku, quantity: Number(quantity) };
}

/**
 * Reads the text of a quick order: blank lines skipped, a first line `sku,quantity` taken as a
 * header, every other line a part number and a quantity or unreadable; the same SKU on several
 * lines becomes one item, its quantities summed. Throws nothing: a caller checks `lineCount`
 * against QUICK_ORDER_MAX_LINES.
 */
export function readQuickOrder(text: string): ReadQuickOrder {
  const rows = text.replace(/^\ufeff/, '').split(/\r\n|\r|\n/);
  const items = new Map<string, QuickOrderItem>();
  const unreadable: UnreadableLine[] = [];
  let lineCount = 0;
  let isFirst = true;
  for (const [index, row] of rows.entries()) {
    if (row.trim() === '') continue;
    if (isFirst && HEADER.test(row)) {
      isFirst = false;
      continue;
    }
    isFirst = false;
    lineCount += 1;
    if (lineCount > QUICK_ORDER_MAX_LINES) continue;
    const read = readLine(row, index + 1);
    if ('message' in read) {
      unreadable.push(read);
      continue;
    }
    const key = read.sku.toLowerCase();
    const item = items.get(key);
    if (item) {
      item.lines.push(read.line);
      item.quantity += read.quantity;
    } else items.set(key, { sku: read.sku, lines: [read.line], quantity: read.quantity });
  }
  return { items: [...items.values()], unreadable, lineCount };
}
