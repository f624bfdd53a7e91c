import type { MergedLine } from '../../../contract/cart.ts';
import { MAX_ORDER_LINES, MAX_ORDER_UNITS } from '../../../contract/order-limits.ts';

type Line = { toolId: string; quantity: number };
/** What the merge needs to know of a tool: its name, its stock, and whether it is still sold. */
type ToolFacts = { name: string; quantity: number; isListed: boolean };

/**
 * A visitor's lines joined to the account's: the same tool gets the units added, the sum cut to
 * the tool's stock (never below what either cart had on its own, so nothing the buyer chose
 * shrinks) and to what one line may order; another tool is appended while the cart has room; a
 * tool no longer sold is left out. Each added line says what was done with it.
 */
export function mergeCartLines(
  stored: readonly Line[],
  added: readonly Line[],
  tools: ReadonlyMap<string, ToolFacts>,
): { lines: Line[]; merged: MergedLine[] } {
  const lines = stored.map((line) => ({ ...line }));
  const merged = added.map((line): MergedLine => {
    const tool = tools.get(line.toolId);
    const same = lines.find((existing) => existing.toolId === line.toolId);
    const before = same?.quantity ?? 0;
    const report = { toolId: line.toolId, name: tool?.name ?? null, before, added: line.quantity };
    if (!tool?.isListed) return { ...report, after: before, outcome: 'unavailable' };
    if (!same) {
      if (lines.length >= MAX_ORDER_LINES) return { ...report, after: 0, outcome: 'cart_full' };
      lines.push({ toolId: line.toolId, quantity: line.quantity });
      return { ...report, after: line.quantity, outcome: 'added' };
    }
    const sum = before + line.quantity;
    const inStock = Math.max(before, line.quantity, Math.min(sum, tool.quantity));
    const after = Math.min(MAX_ORDER_UNITS, inStock);
    same.quantity = after;
    const outcome =
      after === sum ? 'added' : after === MAX_ORDER_UNITS ? 'capped_at_limit' : 'capped_at_stock';
    return { ...report, after, outcome };
  });
  return { lines, merged };
}
