import type { MergedCart, PutCartBody } from '../../../contract/cart.ts';
import { formatCount, formatUnits, joinWords } from '../../../contract/format.ts';
import { unitPriceFor } from '../../../contract/pricing.ts';
import {
  largestOrder,
  lineProblem,
  ruleLimit,
  ruleSentence,
} from '../../../contract/quantity-rules.ts';
import type {
  QuickOrderAdded,
  QuickOrderBody,
  QuickOrderCheck,
  QuickOrderRow,
} from '../../../contract/quick-order.ts';
import {
  QUICK_ORDER_MAX_LINES,
  type QuickOrderItem,
  readQuickOrder,
  shownText,
} from '../../../contract/quick-order-text.ts';
import type { Db } from '../../db/client.ts';
import { fieldError } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import { type MatchedTool, toolsBySku } from './quick-order.repo.ts';

/** "lines 2 and 6" for a part number named on several lines, as its row is labelled. */
function listedLines(lines: number[]): string {
  return `lines ${joinWords(lines)}`;
}

/** "(lines 2 and 5, summed)" for a SKU named more than once; nothing for one line. */
function summedNote(lines: number[]): string {
  return lines.length < 2 ? '' : ` (${listedLines(lines)}, summed)`;
}

/** A matched item judged by its tool's rules and stock, with its sentence. */
function judged(item: QuickOrderItem, tool: MatchedTool): QuickOrderRow {
  const n = formatCount;
  const summed = summedNote(item.lines);
  const base = { lines: item.lines, text: shownText(item.sku), quantity: item.quantity };
  const shown = {
    _id: tool.id,
    sku: tool.sku,
    name: tool.name,
    price: tool.price,
    quantity: tool.quantity,
    minimumOrder: tool.minimumOrder,
    orderIncrement: tool.orderIncrement,
    maxPerOrder: tool.maxPerOrder,
  };
  // Above what one line may order at all (MAX_ORDER_UNITS), the most per order is the rule broken.
  const problem =
    item.quantity > ruleLimit(tool) && item.quantity % tool.orderIncrement === 0
      ? 'above_maximum'
      : lineProblem(tool, item.quantity);
  if (problem === null) {
    const unitPrice = unitPriceFor(tool, item.quantity);
    return {
      ...base,
      tool: shown,
      unitPrice,
      lineTotal: unitPrice * item.quantity,
      problem: null,
      message: `Ready: ${n(item.quantity)} × ${tool.name}${summed}.`,
    };
  }
  const most = largestOrder(tool);
  const message =
    problem === 'over_stock'
      ? `Only ${formatUnits(tool.quantity)} of ${tool.name} ${tool.quantity === 1 ? 'is' : 'are'} in stock${most >= tool.minimumOrder ? `; order at most ${n(most)}` : ', fewer than its minimum order'}${summed}.`
      : problem === 'above_maximum' && tool.maxPerOrder === null
        ? `One order can have at most ${formatUnits(ruleLimit(tool))} of ${tool.name}${summed}.`
        : `${ruleSentence(tool, tool.name, item.quantity) ?? ''}${summed ? ` ${formatUnits(item.quantity)} in all${summed}.` : ''}`;
  return { ...base, tool: shown, unitPrice: 0, lineTotal: 0, problem, message };
}

/**
 * Why fewer rows than lines were read: "lines 1 and 4 both name HD-13, so they are summed into
 * one"; nothing when every part number is on one line.
 */
function joinedNote(rows: QuickOrderRow[]): string | null {
  const joined = rows.filter((row) => row.lines.length > 1);
  const [only] = joined;
  if (!only) return null;
  if (joined.length > 1)
    return `${formatCount(joined.length)} part numbers are each on several lines, and each one's lines are summed into one`;
  const sku = only.tool?.sku ?? only.text;
  const named = only.lines.length === 2 ? 'both name' : 'all name';
  return `${listedLines(only.lines)} ${named} ${sku}, so they are summed into one`;
}

/**
 * "3 lines are ready to add to the cart; 2 need changes.", "The line is ready..." for one alone,
 * counted in rows (what goes into the cart). When a part number is on several lines, the lines
 * read come first and which were summed: "Read 3 lines; lines 1 and 3 both name HD-13, so they
 * are summed into one. All 2 lines are ready to add to the cart."
 */
function summaryOf(rows: QuickOrderRow[], linesRead: number): string {
  if (rows.length === 0) return 'No part numbers yet: write one per line, with how many.';
  const ready = rows.filter((row) => row.problem === null).length;
  const needing = rows.length - ready;
  const lines = (count: number) => `${formatCount(count)} ${count === 1 ? 'line' : 'lines'}`;
  const verdict =
    needing === 0
      ? ready === 1
        ? 'The line is ready to add to the cart.'
        : `All ${lines(ready)} are ready to add to the cart.`
      : ready === 0
        ? `No line is ready yet: ${lines(needing)} ${needing === 1 ? 'needs' : 'need'} changes.`
        : `${lines(ready)} ${ready === 1 ? 'is' : 'are'} ready to add to the cart; ${lines(needing)} ${needing === 1 ? 'needs' : 'need'} changes.`;
  const joined = joinedNote(rows);
  return joined ? `Read ${lines(linesRead)}; ${joined}. ${verdict}` : verdict;
}

/**
 * Quick order: a list of part numbers read, matched to the catalogue in one query and judged by
 * each tool's rules; adding it to a customer's cart goes through the cart's own join
 * (`addToCart`, the cart service's merge), so the cart's rules are the cart's.
 */
export function createQuickOrderService(
  db: Db,
  options: {
    currency: string;
    addToCart: (user: SessionUser, body: PutCartBody) => Promise<MergedCart>;
  },
) {
  async function check(body: QuickOrderBody): Promise<QuickOrderCheck> {
    const read = readQuickOrder(body.text);
    if (read.lineCount > QUICK_ORDER_MAX_LINES)
      throw fieldError(
        'text',
        `This list has ${formatCount(read.lineCount)} lines; a quick order takes at most ${QUICK_ORDER_MAX_LINES} at once: split it.`,
      );
    const found = await toolsBySku(
      db,
      read.items.map((item) => item.sku),
    );
    const matched = read.items.map((item): QuickOrderRow => {
      const tool = found.get(item.sku.toLowerCase());
      if (tool) return judged(item, tool);
      return {
        lines: item.lines,
        text: shownText(item.sku),
        tool: null,
        quantity: item.quantity,
        unitPrice: 0,
        lineTotal: 0,
        problem: 'not_found',
        message: `No tool in the catalogue has the part number ${shownText(item.sku)}: check it, or search the catalogue.`,
      };
    });
    const unreadable = read.unreadable.map(
      (line): QuickOrderRow => ({
        lines: [line.line],
        text: line.text,
        tool: null,
        quantity: null,
        unitPrice: 0,
        lineTotal: 0,
        problem: 'unreadable',
        message: line.message,
      }),
    );
    const rows = [...matched, ...unreadable].sort((a, b) => (a.lines[0] ?? 0) - (b.lines[0] ?? 0));
    const readyRows = rows.filter((row) => row.problem === null && row.tool !== null);
    return {
      rows,
      ready: readyRows.map((row) => ({
        toolId: (row.tool as NonNullable<QuickOrderRow['tool']>)._id,
        quantity: row.quantity as number,
      })),
      total: readyRows.reduce((sum, row) => sum + row.lineTotal, 0),
      currency: options.currency,
      summary: summaryOf(rows, read.lineCount),
    };
  }

  return {
    check,
    /** Checks the list, then joins its ready rows to the customer's cart in one step. */
    async addToCart(user: SessionUser, body: QuickOrderBody): Promise<QuickOrderAdded> {
      const checked = await check(body);
      const merged = await options.addToCart(user, { lines: checked.ready });
      return { ...merged, check: checked };
    },
  };
}

export type QuickOrderService = ReturnType<typeof createQuickOrderService>;
