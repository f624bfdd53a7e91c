import type { MergedLine } from '../../../contract/cart.ts';
import { MAX_ORDER_LINES } from '../../../contract/order-limits.ts';
import { type QuantityRules, ruleLimit, wholePacks } from '../../../contract/quantity-rules.ts';

type Line = { toolId: string; quantity: number };
/**
 * What the merge needs to know of a tool: its name, its stock, whether it is still sold, and its
 * quantity rules (decision 042).
 */
type ToolFacts = QuantityRules & { name: string; quantity: number; isListed: boolean };

/**
 * A visitor's lines joined to the account's: the same tool gets the units added, the sum cut in
 * whole packs to the tool's stock (never below what either cart had on its own, so nothing the
 * buyer chose shrinks) and to the most one order may have of it; another tool is appended while
 * the cart has room (cut to that most too); a tool no longer sold is left out. Each added line says
 * what was done with it.
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
    const limit = ruleLimit(tool);
    if (!same) {
      if (lines.length >= MAX_ORDER_LINES) return { ...report, after: 0, outcome: 'cart_full' };
      const after = Math.min(line.quantity, limit);
      lines.push({ toolId: line.toolId, quantity: after });
      return { ...report, after, outcome: after === line.quantity ? 'added' : 'capped_at_limit' };
    }
    const sum = before + line.quantity;
    const inStock = Math.max(
      before,
      line.quantity,
      wholePacks(Math.min(sum, tool.quantity), tool.orderIncrement),
    );
    const after = Math.min(limit, inStock);
    same.quantity = after;
    const outcome =
      after === sum ? 'added' : after === limit ? 'capped_at_limit' : 'capped_at_stock';
    return { ...report, after, outcome };
  });
  return { lines, merged };
}
