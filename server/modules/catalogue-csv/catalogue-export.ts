import { type SQL, sql } from 'drizzle-orm';
import { CATALOGUE_COLUMNS, SPEC_COLUMN_PREFIX } from '../../../contract/catalogue-csv.ts';
import { fromMinorUnits } from '../../../contract/money.ts';
import type { Tx } from '../../db/client.ts';
import { categories, categoryAttributes, tools } from '../../db/schema.ts';
import type { ExportFile } from '../../http/csv-export.ts';

/**
 * The catalogue as the import reads it back (docs/decisions/045): every listed tool in SKU order,
 * its category by slug, prices as decimals, the breaks as `50: 44.99; 100: 39.99`, and one
 * `spec:<key>` column per specification key any category defines (yes/no for a yes-or-no).
 */

interface ExportRow {
  sku: string;
  brand: string;
  mpn: string | null;
  gtin: string | null;
  name: string;
  category: string | null;
  price: number;
  quantity: number;
  minimum_order: number;
  order_increment: number;
  max_per_order: number | null;
  weight_grams: number;
  price_tiers: { minQuantity: number; price: number }[];
  img: string;
  description: string;
  specs: Record<string, number | string | boolean>;
}

/** Every specification key, sorted: the export's spec columns. */
export async function specKeys(tx: Tx): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ key: categoryAttributes.key })
    .from(categoryAttributes)
    .orderBy(categoryAttributes.key);
  return rows.map((row) => row.key);
}

function exportQuery(): SQL {
  return sql`select t.sku, t.brand, t.mpn, t.gtin, t.name, c.slug as category, t.price,
      t.quantity, t.minimum_order, t.order_increment, t.max_per_order, t.weight_grams, t.price_tiers, t.img,
      t.description, t.specs
    from ${tools} t left join ${categories} c on c.id = t.category_id
    where t.deleted_at is null
    order by lower(t.sku)`;
}

function specCell(value: number | string | boolean | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

export function catalogueFile(
  keys: readonly string[],
  currency: string,
  today: Date,
): ExportFile<ExportRow> {
  const money = (minor: number) => fromMinorUnits(minor, currency);
  return {
    query: exportQuery(),
    columns: [...CATALOGUE_COLUMNS, ...keys.map((key) => `${SPEC_COLUMN_PREFIX}${key}`)],
    fileName: `catalogue-${today.toISOString().slice(0, 10)}.csv`,
    toRecords: (rows) =>
      rows.map((row) => [
        row.sku,
        row.brand,
        row.mpn ?? '',
        row.gtin ?? '',
        row.name,
        row.category ?? '',
        money(row.price),
        String(row.quantity),
        String(row.minimum_order),
        String(row.order_increment),
        row.max_per_order === null ? '' : String(row.max_per_order),
        String(row.weight_grams),
        row.price_tiers.map((tier) => `${tier.minQuantity}: ${money(tier.price)}`).join('; '),
        row.img,
        row.description,
        ...keys.map((key) => specCell(row.specs[key])),
      ]),
  };
}
