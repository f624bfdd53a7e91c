import { formatCount, formatUnits } from '#contract/format.ts';
import { lazily } from '#contract/lazily.ts';
import type { OrderStatus } from '#contract/orders.ts';

// Words as the web app shows them. Amounts and counts are formatted by contract/money.ts and
// contract/format.ts, dates by contract/dates.ts, the same as in the store's emails and invoices.

const percentFormat = lazily(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }));

/** 20 -> "20%", 7.5 -> "7.5%". */
export function formatPercent(value: number): string {
  return `${percentFormat().format(value)}%`;
}

/** The first `max` characters, cut at a word when possible, plus an ellipsis. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max).trimEnd()}…`;
}

/** An order's status as people read it. */
export const orderStatusLabels: Record<OrderStatus, string> = {
  awaiting_approval: 'Awaiting approval',
  unpaid: 'Unpaid',
  on_account: 'On account',
  paid: 'Paid',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
};

/**
 * What an order holds, in words: "12 × Claw Hammer" for one line, "3 tools, 700 units" for
 * several (its summary's units add up every line, so "700 × Claw Hammer and 2 more" would mislead).
 */
export function formatOrderContents(order: {
  lines: readonly { quantity: number; productName: string }[];
  orderedNum: number;
}): string {
  const [only] = order.lines;
  if (order.lines.length === 1 && only) {
    return `${formatCount(only.quantity)} × ${only.productName}`;
  }
  return `${formatCount(order.lines.length)} ${order.lines.length === 1 ? 'tool' : 'tools'}, ${formatUnits(order.orderedNum)}`;
}

/** An order's units for a table's Quantity column: "12", or "700 (3 tools)" for several lines. */
export function formatOrderUnits(order: { lines: readonly unknown[]; orderedNum: number }): string {
  const units = formatCount(order.orderedNum);
  return order.lines.length > 1 ? `${units} (${formatCount(order.lines.length)} tools)` : units;
}

/** 1536 -> "2 KB", 2621440 -> "2.5 MB": a file's size as a download link says it. */
export function formatFileSize(bytes: number): string {
  const MB = 1024 * 1024;
  if (bytes >= MB) return `${Math.round((bytes / MB) * 10) / 10} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
