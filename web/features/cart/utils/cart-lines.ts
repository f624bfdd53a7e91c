import type { Cart } from '#contract/cart.ts';
import { MAX_ORDER_LINES, MAX_ORDER_UNITS } from '#contract/order-limits.ts';
import type { OrderLineInput } from '#contract/order-placement.ts';

/** One line of a cart as the buyer sets it: a tool and how many. */
export type CartLineInput = OrderLineInput;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isLine(value: unknown): value is CartLineInput {
  if (typeof value !== 'object' || value === null) return false;
  const { toolId, quantity } = value as Record<string, unknown>;
  return (
    typeof toolId === 'string' &&
    UUID.test(toolId) &&
    Number.isInteger(quantity) &&
    (quantity as number) >= 1 &&
    (quantity as number) <= MAX_ORDER_UNITS
  );
}

/**
 * Lines read from somewhere the store does not control (the browser's storage, which anyone can
 * edit): anything that is not a line is dropped, each tool kept once, at most an order's lines.
 */
export function parseLines(value: unknown): CartLineInput[] {
  if (!Array.isArray(value)) return [];
  const lines: CartLineInput[] = [];
  const seen = new Set<string>();
  for (const item of value) {
    if (lines.length === MAX_ORDER_LINES) break;
    if (!isLine(item) || seen.has(item.toolId.toLowerCase())) continue;
    seen.add(item.toolId.toLowerCase());
    lines.push({ toolId: item.toolId.toLowerCase(), quantity: item.quantity });
  }
  return lines;
}

export interface MergedLines {
  lines: CartLineInput[];
  /** Lines of `added` that did not fit: the cart already had as many lines as an order may. */
  left: CartLineInput[];
}

/**
 * `added` joined to `lines`: a tool already there gets the quantities added (at most what one line
 * may order), other tools are appended while the cart has room for another line.
 */
export function mergeLines(
  lines: readonly CartLineInput[],
  added: readonly CartLineInput[],
): MergedLines {
  const merged = lines.map((line) => ({ ...line }));
  const left: CartLineInput[] = [];
  for (const line of added) {
    const same = merged.find((existing) => existing.toolId === line.toolId);
    if (same) same.quantity = Math.min(MAX_ORDER_UNITS, same.quantity + line.quantity);
    else if (merged.length < MAX_ORDER_LINES) merged.push({ ...line });
    else left.push(line);
  }
  return { lines: merged, left };
}

export function withQuantity(
  lines: readonly CartLineInput[],
  toolId: string,
  quantity: number,
): CartLineInput[] {
  return lines.map((line) => (line.toolId === toolId ? { ...line, quantity } : line));
}

export function withoutTool(lines: readonly CartLineInput[], toolId: string): CartLineInput[] {
  return lines.filter((line) => line.toolId !== toolId);
}

/**
 * The lines of the server's cart the store would take back: a tool that left the catalogue cannot
 * be put again (the line says so until the next change drops it).
 */
export function storableLines(cart: Cart | undefined): CartLineInput[] {
  return (cart?.lines ?? [])
    .filter((line) => line.tool !== null)
    .map(({ toolId, quantity }) => ({ toolId, quantity }));
}
