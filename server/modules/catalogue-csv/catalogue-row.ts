import {
  CATALOGUE_COLUMNS,
  type CatalogueColumn,
  type ImportProblem,
  SPEC_COLUMN_PREFIX,
} from '../../../contract/catalogue-csv.ts';
import { toMinorUnits } from '../../../contract/money.ts';
import { isSpecNumber, type Specs, specNumberRule } from '../../../contract/specifications.ts';
import { type CreateToolBody, CreateToolBodySchema } from '../../../contract/tools.ts';
import { type SpecRule, specProblems } from '../tools/index.ts';

/**
 * One row of a catalogue file read into a tool's fields, checked as the tool form checks a tool
 * (the contract's CreateToolBodySchema, the price breaks, the quantity rules, the specifications
 * against the category's attributes), every problem named by its column. Pure: the categories
 * come in as `outline`.
 */

/** The categories and their specifications as the import reads them. */
export interface CatalogueOutline {
  /** Category ids by slug. */
  categoryIds: ReadonlyMap<string, string>;
  /** The specifications a tool in this category has (its own and those above it). */
  rulesOf: (categoryId: string) => readonly SpecRule[];
  /** Every key any category defines: a `spec:` column naming another is unknown. */
  specKeys: ReadonlySet<string>;
}

/** Where each column is in the header. */
export interface ReadHeader {
  fixed: ReadonlyMap<CatalogueColumn, number>;
  /** The spec columns: key and position. */
  specs: readonly { key: string; index: number }[];
  width: number;
}

/** A tool's fields as the import saves them, or the problems of its row. */
export type ReadRow =
  | { sku: string; fields: CreateToolBody & { categoryId: string | null; specs: Specs } }
  | { sku: string | undefined; problems: Omit<ImportProblem, 'line'>[] };

/** The header's problems (line 1), and where each column is when it can be read. */
export function readHeader(
  names: readonly string[],
  outline: CatalogueOutline,
): { header?: ReadHeader; problems: Omit<ImportProblem, 'line'>[] } {
  const problems: Omit<ImportProblem, 'line'>[] = [];
  const fixed = new Map<CatalogueColumn, number>();
  const specs: { key: string; index: number }[] = [];
  const seen = new Set<string>();
  for (const [index, raw] of names.entries()) {
    const name = raw.trim().toLowerCase();
    if (seen.has(name)) {
      problems.push({ column: raw, message: `The column “${raw}” appears twice in the header.` });
      continue;
    }
    seen.add(name);
    if ((CATALOGUE_COLUMNS as readonly string[]).includes(name)) {
      fixed.set(name as CatalogueColumn, index);
    } else if (name.startsWith(SPEC_COLUMN_PREFIX)) {
      const key = name.slice(SPEC_COLUMN_PREFIX.length);
      if (outline.specKeys.has(key)) specs.push({ key, index });
      else
        problems.push({
          column: raw,
          message: `No category has a specification with the key “${key}”: remove the column or add the specification to a category first.`,
        });
    } else if (name !== '') {
      problems.push({
        column: raw,
        message: `The store has no column “${raw}”: the columns are ${CATALOGUE_COLUMNS.join(', ')} and spec:<key> for specifications.`,
      });
    }
  }
  const missing = CATALOGUE_COLUMNS.filter((column) => !fixed.has(column));
  if (missing.length > 0)
    problems.push({
      column: null,
      message: `The header has no column ${missing.join(', ')}: every row gives a whole tool (export the catalogue to see the columns).`,
    });
  return missing.length > 0
    ? { problems }
    : { header: { fixed, specs, width: names.length }, problems };
}

/**
 * A cell the export neutralised against spreadsheet formulas ('=1, '-2) is read back without its
 * apostrophe.
 */
function cellText(cell: string | undefined): string {
  const text = cell ?? '';
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

const WHOLE = /^\d{1,10}$/;
const NUMBER = /^-?\d+(?:\.\d+)?$/;

/** The field of the tool form each column gives, for naming zod's issues by their column. */
const COLUMN_OF_FIELD: Record<string, CatalogueColumn> = {
  sku: 'sku',
  brand: 'brand',
  mpn: 'mpn',
  gtin: 'gtin',
  name: 'name',
  categoryId: 'category',
  price: 'price',
  quantity: 'stock',
  minimumOrder: 'minimum_order',
  orderIncrement: 'order_increment',
  maxPerOrder: 'max_per_order',
  weightGrams: 'weight_grams',
  priceTiers: 'price_breaks',
  img: 'img',
  description: 'description',
};

/** Reads `50: 44.99; 100: 39.99`; a string is the problem. */
function readBreaks(
  text: string,
  currency: string,
): { minQuantity: number; price: number }[] | string {
  if (text.trim() === '') return [];
  const breaks: { minQuantity: number; price: number }[] = [];
  for (const [index, pair] of text.split(';').entries()) {
    const [quantity = '', price = '', ...rest] = pair.split(':').map((part) => part.trim());
    const minor = toMinorUnits(price, currency);
    if (!WHOLE.test(quantity) || minor === undefined || rest.length > 0)
      return `Break ${index + 1} (“${pair.trim()}”) is not a quantity and a price: write them as 50: 44.99, breaks separated by semicolons.`;
    breaks.push({ minQuantity: Number(quantity), price: minor });
  }
  return breaks;
}

/** A spec cell in its attribute's kind; a string is the problem. */
function readSpec(rule: SpecRule, text: string): number | string | boolean | { problem: string } {
  if (rule.kind === 'number')
    return NUMBER.test(text) && isSpecNumber(Number(text))
      ? Number(text)
      : { problem: specNumberRule(rule) };
  if (rule.kind === 'boolean') {
    const answer = text.toLowerCase();
    if (answer === 'yes' || answer === 'true') return true;
    if (answer === 'no' || answer === 'false') return false;
    return { problem: `${rule.name} must be yes or no.` };
  }
  return text;
}

/** One data row read and checked; `cells` as the CSV parser gave them. */
export function readRow(
  cells: readonly string[],
  header: ReadHeader,
  outline: CatalogueOutline,
  currency: string,
): ReadRow {
  const problems: Omit<ImportProblem, 'line'>[] = [];
  const cell = (column: CatalogueColumn) => cellText(cells[header.fixed.get(column) ?? -1]).trim();
  const sku = cell('sku') || undefined;
  if (cells.length !== header.width) {
    problems.push({
      column: null,
      message: `This row has ${cells.length} cells where the header names ${header.width} columns: check the quotes and commas.`,
    });
    return { sku, problems };
  }
  const problem = (column: string, message: string) => problems.push({ column, message });
  const whole = (column: CatalogueColumn, isOptional = false): number | null | undefined => {
    const text = cell(column);
    if (text === '' && isOptional) return null;
    if (WHOLE.test(text)) return Number(text);
    problem(
      column,
      text === '' ? 'Required: write a whole number.' : `“${text}” is not a whole number.`,
    );
    return undefined;
  };
  const slug = cell('category');
  const categoryId = slug === '' ? null : outline.categoryIds.get(slug.toLowerCase());
  if (categoryId === undefined) problem('category', `No category has the address “${slug}”.`);
  const priceText = cell('price');
  const price = toMinorUnits(priceText, currency);
  if (price === undefined)
    problem(
      'price',
      `“${priceText}” is not a price: write it as a decimal in ${currency} (49.99).`,
    );
  const breaks = readBreaks(cell('price_breaks'), currency);
  if (typeof breaks === 'string') problem('price_breaks', breaks);
  const specs: Specs = {};
  const rules = new Map(
    (categoryId ? outline.rulesOf(categoryId) : []).map((rule) => [rule.key, rule]),
  );
  for (const { key, index } of header.specs) {
    const text = cellText(cells[index]).trim();
    if (text === '') continue;
    const rule = rules.get(key);
    const value = rule ? readSpec(rule, text) : text;
    if (typeof value === 'object') problem(`${SPEC_COLUMN_PREFIX}${key}`, value.problem);
    else specs[key] = value;
  }
  const body = {
    sku: cell('sku'),
    brand: cell('brand'),
    mpn: cell('mpn') || undefined,
    gtin: cell('gtin') || undefined,
    categoryId: categoryId ?? null,
    specs,
    name: cell('name'),
    img: cell('img'),
    description: cellText(cells[header.fixed.get('description') ?? -1]).trim(),
    price: price ?? 0,
    quantity: whole('stock') ?? 0,
    minimumOrder: whole('minimum_order') ?? 1,
    orderIncrement: whole('order_increment') ?? 1,
    maxPerOrder: whole('max_per_order', true) ?? null,
    weightGrams: whole('weight_grams') ?? 0,
    priceTiers: typeof breaks === 'string' ? [] : breaks,
  };
  const parsed = CreateToolBodySchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [field, ...rest] = issue.path.map(String);
      const column =
        field === 'specs' ? `${SPEC_COLUMN_PREFIX}${rest[0]}` : COLUMN_OF_FIELD[field ?? ''];
      // A column already named a problem of its own reading (a number that is none, say).
      if (column && problems.some((known) => known.column === column)) continue;
      // The first break is held to the unit price and the minimum order: one that could not be
      // read says nothing about it (its own problem is named).
      const against =
        field === 'priceTiers' && rest[0] === '0'
          ? { price: 'price', minQuantity: 'minimum_order' }[rest[1] ?? '']
          : undefined;
      if (against && problems.some((known) => known.column === against)) continue;
      const which =
        field === 'priceTiers' && rest[0] !== undefined ? `Break ${Number(rest[0]) + 1}: ` : '';
      problem(column ?? (field || 'sku'), `${which}${issue.message}`);
    }
  }
  if (categoryId !== undefined) {
    for (const found of specProblems(specs, categoryId === null ? null : [...rules.values()])) {
      const column = found.field.replace(/^specs\./, SPEC_COLUMN_PREFIX);
      if (!problems.some((known) => known.column === column)) problem(column, found.message);
    }
  }
  if (problems.length > 0 || !parsed.success) return { sku, problems };
  return {
    sku: parsed.data.sku ?? body.sku,
    fields: { ...parsed.data, categoryId: categoryId ?? null, specs },
  };
}
