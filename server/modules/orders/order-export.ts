import { type SQL, sql } from 'drizzle-orm';
import { formatCount } from '../../../contract/format.ts';
import { fromMinorUnits } from '../../../contract/money.ts';
import type { ExportOrdersQuery } from '../../../contract/order-lists.ts';
import {
  formatInvoiceNumber,
  formatOrderNumber,
  NO_COMPANY_DETAILS,
} from '../../../contract/orders.ts';
import type { Db } from '../../db/client.ts';
import { orderLines, orderRefunds, orderShipments, orders } from '../../db/schema.ts';
import { createCsvExporter, type ExportOptions } from '../../http/csv-export.ts';
import { orderFilterOf } from './order-filter.ts';
import { ORDER_SORT, orderWhere } from './orders.repo.ts';

/** The columns of the CSV, in order, as a spreadsheet shows them in its first row. */
export const EXPORT_COLUMNS = [
  'Order number',
  'Invoice number',
  'Placed',
  'Status',
  'Customer',
  'Email',
  'Company',
  'VAT number',
  'Items',
  'Units',
  'Delivery method',
  'Delivery cost',
  'Total',
  'Tax',
  'Currency',
  'Paid',
  'Shipped',
  'Carrier',
  'Tracking number',
  'Cancelled',
  'Refunded',
  // Added later, at the end, so that sheets reading the columns by position keep working.
  'PO number',
  'Tax treatment',
  'Tax rate',
  'Tax base',
  'Tax country',
  'Tax region',
] as const;

const iso = (at: Date | null) => at?.toISOString() ?? '';

/** An order as the export reads it: its CSV columns, its lines and what was refunded. */
interface ExportRow {
  number: number;
  invoice_number: number | null;
  created_at: Date;
  status: string;
  customer_name: string;
  email: string;
  company_name: string | null;
  vat_number: string | null;
  po_number: string | null;
  ordered_num: number;
  delivery_method_name: string | null;
  delivery_price: number | null;
  total_amount: number;
  tax_amount: number | null;
  tax_rate_basis_points: number | null;
  tax_treatment: string | null;
  tax_country: string | null;
  tax_region: string | null;
  currency: string;
  paid_at: Date | null;
  shipped_at: Date | null;
  carrier: string | null;
  tracking_number: string | null;
  cancelled_at: Date | null;
  /** `[quantity, product name]` of each line, in order. */
  /** Each line's quantity, product name and SKU. */
  lines: [number, string, string][];
  refunded: number;
}

/**
 * The orders that match, in the list's own order, each with its lines (`json_agg`) and the amount
 * refunded: one query, read through a cursor.
 */
function exportQuery(query: ExportOrdersQuery): SQL {
  const where = orderWhere(orderFilterOf(query));
  const orderId = sql`${orders}.${sql.identifier(orders.id.name)}`;
  return sql`select ${orders.number} as number, ${orders.invoiceNumber} as invoice_number,
      ${orders.createdAt} as created_at, ${orders.status} as status,
      ${orders.customerName} as customer_name, ${orders.email} as email,
      ${orders.companyName} as company_name, ${orders.vatNumber} as vat_number,
      ${orders.poNumber} as po_number, ${orders.orderedNum} as ordered_num, ${orders.deliveryMethodName} as delivery_method_name,
      ${orders.deliveryPrice} as delivery_price, ${orders.totalAmount} as total_amount,
      ${orders.taxAmount} as tax_amount, ${orders.taxRateBasisPoints} as tax_rate_basis_points,
      ${orders.taxTreatment} as tax_treatment, ${orders.taxCountry} as tax_country,
      ${orders.taxRegion} as tax_region, ${orders.currency} as currency,
      ${orders.paidAt} as paid_at, ${orders.shippedAt} as shipped_at,
      coalesce((select string_agg(coalesce(${orderShipments.carrier}, ''), '; ' order by ${orderShipments.position})
         from ${orderShipments} where ${orderShipments.orderId} = ${orderId}), ${orders.carrier}) as carrier,
      coalesce((select string_agg(coalesce(${orderShipments.trackingNumber}, ''), '; ' order by ${orderShipments.position})
         from ${orderShipments} where ${orderShipments.orderId} = ${orderId}), ${orders.trackingNumber}) as tracking_number,
      ${orders.cancelledAt} as cancelled_at,
      (select coalesce(json_agg(json_build_array(${orderLines.quantity}, ${orderLines.productName}, ${orderLines.sku})
                                order by ${orderLines.position}), '[]')
       from ${orderLines} where ${orderLines.orderId} = ${orderId}) as lines,
      (select coalesce(sum(${orderRefunds.amount}), 0)::int
       from ${orderRefunds} where ${orderRefunds.orderId} = ${orderId}
         and ${orderRefunds.status} <> 'failed') as refunded
    from ${orders}
    ${where ? sql`where ${where}` : sql``}
    order by ${sql.join(ORDER_SORT[query.sort], sql`, `)}`;
}

/** Tax is an invoice's: an order never invoiced (unpaid, cancelled, rejected) shows none. */
const isInvoiced = (row: ExportRow) => row.invoice_number !== null;

/** The invoice's tax: how it was taxed, the rate, the base it was charged on, and where. */
function taxCells(row: ExportRow): string[] {
  if (!isInvoiced(row) || row.tax_amount === null || row.tax_rate_basis_points === null)
    return ['', '', '', '', ''];
  return [
    row.tax_treatment ?? 'taxed',
    `${row.tax_rate_basis_points / 100}%`,
    fromMinorUnits(row.total_amount - row.tax_amount, row.currency),
    row.tax_country ?? '',
    row.tax_region ?? '',
  ];
}

/** Orders as CSV records, every cell a string a spreadsheet shows as text. */
function toRecords(rows: ExportRow[]): string[][] {
  return rows.map((row) => {
    const currency = row.currency;
    return [
      formatOrderNumber(row.number),
      row.invoice_number === null ? '' : formatInvoiceNumber(row.invoice_number),
      iso(row.created_at),
      row.status,
      row.customer_name,
      row.email,
      // An order placed before its buyer gave company details says so, rather than look like
      // a gap in the export (docs/decisions/037).
      row.company_name ?? (row.vat_number ? '' : NO_COMPANY_DETAILS),
      row.vat_number ?? '',
      row.lines
        .map(([quantity, product, sku]) => `${formatCount(quantity)} × ${product} (SKU ${sku})`)
        .join('; '),
      String(row.ordered_num),
      row.delivery_method_name ?? '',
      row.delivery_price === null ? '' : fromMinorUnits(row.delivery_price, currency),
      fromMinorUnits(row.total_amount, currency),
      isInvoiced(row) && row.tax_amount !== null ? fromMinorUnits(row.tax_amount, currency) : '',
      currency,
      iso(row.paid_at),
      iso(row.shipped_at),
      // One cell for all parcels, in order: "DHL; UPS" beside "JD01; 1Z99".
      row.carrier ?? '',
      row.tracking_number ?? '',
      iso(row.cancelled_at),
      fromMinorUnits(row.refunded, currency),
      row.po_number ?? '',
      // The invoice's rate with its base (decision 064: one rate per order, from its destination).
      ...taxCells(row),
    ];
  });
}

/**
 * Orders as CSV for spreadsheets (server/http/csv-export.ts: one query read through a cursor, one
 * consistent picture, written as the client takes it).
 */
export function createOrderExporter(db: Db, options: ExportOptions) {
  const exporter = createCsvExporter(db, options);
  return {
    running: exporter.running,
    cutShort: exporter.cutShort,
    /**
     * The CSV of the orders that match, as a stream to send; its file name carries today's date
     * (UTC). Refused with 429 while `maxAtOnce` exports are being written.
     */
    open: (query: ExportOrdersQuery, today = new Date()) =>
      exporter.open<ExportRow>({
        query: exportQuery(query),
        columns: EXPORT_COLUMNS,
        toRecords,
        fileName: `orders-${today.toISOString().slice(0, 10)}.csv`,
      }),
  };
}
