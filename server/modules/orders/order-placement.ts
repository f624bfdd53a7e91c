import { randomUUID } from 'node:crypto';
import { formatCount } from '../../../contract/format.ts';
import {
  MAX_ORDER_TOTAL,
  type Order,
  type PlaceOrderBody,
  unpaidShareCap,
} from '../../../contract/orders.ts';
import { lineProblem, unitPriceFor } from '../../../contract/pricing.ts';
import type { FieldError, ShortLine } from '../../../contract/problem.ts';
import type { Db } from '../../db/client.ts';
import {
  AppError,
  assertEmailVerified,
  badRequest,
  conflict,
  fieldError,
  notFound,
} from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import { money, orderConfirmationEmail, type StoreInfo } from './order-emails.ts';
import * as repo from './orders.repo.ts';
import { type PlacementContext, type PlacementWrite, runPlacement } from './placement.repo.ts';

/**
 * Placing an order: the rules an order must pass (stock, minimums, what one customer may hold
 * unpaid, the largest order, the price the buyer saw) and the order it makes, judged on what
 * placement.repo.ts reads under the customer's and the tools' locks.
 */

/**
 * How the request names a line's fields in problems: `lines.2.quantity` for an order of lines,
 * `orderedNum` and `toolId` for the spec's one-tool order (whose answers keep their old words).
 */
export interface LineFields {
  isSingle: boolean;
  quantity(index: number): string;
}

export const LINE_FIELDS: LineFields = { isSingle: false, quantity: (i) => `lines.${i}.quantity` };
export const SPEC_FIELDS: LineFields = { isSingle: true, quantity: () => 'orderedNum' };

const toolGone = () => notFound('This tool does not exist or was removed from the catalogue.');

/**
 * Unpaid orders hold stock that nobody else can buy: one customer may hold at most a share of a
 * tool's stock (what is on hand plus what they already hold), though always one minimum order.
 */
function assertWithinShare(
  tool: { name: string; minimumOrder: number; quantity: number },
  heldUnits: number,
  units: number,
  sharePercent: number,
  fields: LineFields,
): void {
  const cap = unpaidShareCap({
    onHand: tool.quantity,
    heldUnits,
    minimumOrder: tool.minimumOrder,
    sharePercent,
  });
  if (heldUnits + units <= cap) return;
  const room = Math.max(0, cap - heldUnits);
  const n = formatCount;
  const it = fields.isSingle ? 'this tool' : tool.name;
  throw conflict(
    'unpaid_limit',
    heldUnits > 0
      ? `You already hold ${n(heldUnits)} units of ${it} in unpaid orders; one customer can hold at most ${n(cap)} unpaid. Pay for your open order first${room >= tool.minimumOrder ? `, or order at most ${n(room)} units now` : ''}.`
      : `One customer can hold at most ${n(cap)} units of ${it} in unpaid orders. Order at most ${n(cap)} units now; once that order is paid you can order more.`,
  );
}

/** A key names one order: asking again with other details is a mistake, not a new order. */
function assertSameOrder(earlier: Order, placement: PlaceOrderBody): void {
  const same =
    earlier.lines.length === placement.lines.length &&
    earlier.lines.every(
      (line, i) =>
        line.toolId === placement.lines[i]?.toolId &&
        line.quantity === placement.lines[i]?.quantity,
    ) &&
    earlier.phone === placement.phone &&
    earlier.address === placement.address &&
    earlier.poNumber === (placement.poNumber ?? null) &&
    earlier.note === (placement.note ?? null);
  if (same) return;
  throw new AppError(
    422,
    'idempotency_key_reused',
    'This Idempotency-Key already placed an order with other details; use a new key for a new order.',
  );
}

/** "Claw Hammer", or "Claw Hammer and 2 more" for an order of three lines. */
function summaryName(lines: { productName: string }[]): string {
  const first = lines[0]?.productName ?? '';
  return lines.length > 1 ? `${first} and ${lines.length - 1} more` : first;
}

/** Not enough stock: the spec's sentence for one tool, each line short for several. */
function outOfStock(short: ShortLine[], fields: LineFields): AppError {
  const n = formatCount;
  if (fields.isSingle) {
    const { available } = short[0] as ShortLine;
    return conflict(
      'out_of_stock',
      available === 0
        ? 'This tool is out of stock.'
        : `Only ${n(available)} units are in stock; order at most ${n(available)}.`,
    );
  }
  const left = (line: ShortLine) =>
    line.available === 0
      ? `${line.productName} is out of stock.`
      : `Only ${n(line.available)} units of ${line.productName} are in stock.`;
  return new AppError(
    409,
    'out_of_stock',
    short.length === 1
      ? `${left(short[0] as ShortLine)} Nothing was ordered; change that line and try again.`
      : `${short.length} lines ask for more than is in stock. Nothing was ordered; change those lines and try again.`,
    short.map((line) => ({ field: fields.quantity(line.line), in: 'body', message: left(line) })),
    undefined,
    { lines: short },
  );
}

export interface PlacementOptions extends StoreInfo {
  currency: string;
  /** How long a customer has to pay an order before it is cancelled. */
  paymentWindowMs: number;
  /** What one customer may hold unpaid (UNPAID_ORDERS_MAX, UNPAID_STOCK_SHARE_MAX). */
  unpaidCaps: { orders: number; stockSharePercent: number };
}

interface Request {
  user: SessionUser;
  placement: PlaceOrderBody;
  idempotencyKey: string | undefined;
  fields: LineFields;
}

/** Prices every line and checks every rule; throws the first problem, changing nothing. */
function priceLines(
  context: PlacementContext,
  { placement, fields }: Request,
  options: PlacementOptions,
) {
  const held = context.held;
  if (held.orders >= options.unpaidCaps.orders) {
    throw conflict(
      'unpaid_limit',
      `You have ${held.orders} unpaid orders, the most one customer can hold. Pay for or cancel one of them before placing another.`,
    );
  }
  const tooFew: FieldError[] = [];
  const short: ShortLine[] = [];
  const priced = placement.lines.map((line, index) => {
    const tool = context.tools.get(line.toolId);
    if (!tool) {
      if (fields.isSingle) throw toolGone();
      throw fieldError(
        `lines.${index}.toolId`,
        `The tool on line ${index + 1} does not exist or was removed from the catalogue.`,
      );
    }
    const problem = lineProblem(tool, line.quantity);
    if (problem === 'below_minimum') {
      tooFew.push({
        field: fields.quantity(index),
        in: 'body',
        message: fields.isSingle
          ? `The minimum order for this tool is ${formatCount(tool.minimumOrder)} units.`
          : `The minimum order for ${tool.name} is ${formatCount(tool.minimumOrder)} units.`,
      });
    } else if (problem === 'over_stock') {
      short.push({
        line: index,
        toolId: tool.id,
        productName: tool.name,
        available: tool.quantity,
      });
    }
    // Volume prices apply per line: the price of the largest break its quantity reaches.
    const unitPrice = unitPriceFor(tool, line.quantity);
    return { tool, quantity: line.quantity, unitPrice, lineTotal: unitPrice * line.quantity };
  });
  if (tooFew.length > 0) {
    throw badRequest(
      tooFew.length === 1
        ? (tooFew[0] as FieldError).message
        : 'Some lines are below their minimum order.',
      tooFew,
    );
  }
  if (short.length > 0) throw outOfStock(short, fields);
  for (const { tool, quantity } of priced) {
    assertWithinShare(
      tool,
      held.unitsOf.get(tool.id) ?? 0,
      quantity,
      options.unpaidCaps.stockSharePercent,
      fields,
    );
  }
  const total = priced.reduce((sum, line) => sum + line.lineTotal, 0);
  if (total > MAX_ORDER_TOTAL) {
    const only = priced.length === 1 ? priced[0] : undefined;
    throw fieldError(
      only ? fields.quantity(0) : 'lines',
      only
        ? `This order is too large to place online; order at most ${formatCount(Math.floor(MAX_ORDER_TOTAL / Math.max(only.unitPrice, 1)))} units or contact us.`
        : 'This order is too large to place online; split it into smaller orders or contact us.',
    );
  }
  if (placement.expectedTotal !== undefined && placement.expectedTotal !== total) {
    throw conflict(
      'price_changed',
      `Prices changed since you looked: this order now comes to ${money(total, options.currency)}, not ${money(placement.expectedTotal, options.currency)}. Nothing was ordered; check the prices and place it again.`,
    );
  }
  return { priced, total };
}

/** The order, its lines and its confirmation as they will be stored. */
function orderOf(
  context: PlacementContext,
  request: Request,
  options: PlacementOptions,
): { write: PlacementWrite; result: Order } {
  const { user, placement, idempotencyKey } = request;
  const { priced, total } = priceLines(context, request, options);
  const first = priced[0] as (typeof priced)[number];
  const id = randomUUID();
  const order: repo.OrderRow = {
    id,
    number: context.number,
    userId: user.id,
    toolId: first.tool.id,
    productName: summaryName(priced.map((line) => ({ productName: line.tool.name }))),
    unitPrice: first.unitPrice,
    customerName: user.name,
    email: user.email,
    orderedNum: priced.reduce((sum, line) => sum + line.quantity, 0),
    phone: placement.phone,
    address: placement.address,
    poNumber: placement.poNumber ?? null,
    note: placement.note ?? null,
    totalAmount: total,
    currency: options.currency,
    status: 'unpaid',
    transactionId: null,
    paymentIntentId: null,
    paymentFailure: null,
    cancelReason: null,
    // The database's clock, as for the job that cancels late orders.
    paymentDueAt: new Date(context.now.getTime() + options.paymentWindowMs),
    idempotencyKey: idempotencyKey ?? null,
    paidAt: null,
    shippedAt: null,
    cancelledAt: null,
    carrier: null,
    trackingNumber: null,
    ...context.company,
    invoiceNumber: null,
    invoicedAt: null,
    taxRateBasisPoints: null,
    taxAmount: null,
    seller: null,
    createdAt: context.now,
    updatedAt: context.now,
  };
  const lines = priced.map((line, index) => ({
    orderId: id,
    userId: user.id,
    isUnpaid: true,
    position: index + 1,
    toolId: line.tool.id,
    productName: line.tool.name,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    lineTotal: line.lineTotal,
  }));
  const placed = repo.toOrder(order, lines);
  // Written with the order: the email exists exactly when the order does.
  const mail = {
    kind: 'order_confirmation',
    to: placed.email,
    ...orderConfirmationEmail(options, placed),
  };
  return { write: { order, lines, mail }, result: placed };
}

/**
 * Takes every line's stock and records the order (with its confirmation email) in one
 * transaction, or takes nothing. Prices and product names come from the database, never from the
 * request. Answers whether the order is new: asked again with its Idempotency-Key, it is the
 * earlier one.
 */
export async function placeOrder(
  db: Db,
  options: PlacementOptions,
  request: Request,
): Promise<{ order: Order; isNew: boolean }> {
  assertEmailVerified(request.user, 'placing an order');
  const outcome = await runPlacement(
    db,
    {
      userId: request.user.id,
      idempotencyKey: request.idempotencyKey,
      toolIds: request.placement.lines.map((line) => line.toolId),
    },
    (context) => {
      // Under the customer's lock: a second attempt waits for the first, then finds its order.
      if (context.earlierOrderId) return { earlier: context.earlierOrderId };
      return orderOf(context, request, options);
    },
  );
  if ('placed' in outcome) return { order: outcome.placed, isNew: true };
  // Committed before we read it (found under the lock), and an order's lines never change.
  const earlier = await repo.findOrder(db, outcome.earlier);
  if (!earlier) throw new Error(`the order ${outcome.earlier} found by its key is gone`);
  const order = await repo.withLinesOne(db, earlier);
  assertSameOrder(order, request.placement);
  return { order, isNew: false };
}
