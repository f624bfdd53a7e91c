import { formatCount, formatUnits, unitsAre } from '../../../contract/format.ts';
import { unpaidShareCap } from '../../../contract/order-placement.ts';
import { formatOrderNumber, type Order } from '../../../contract/orders.ts';
import type { ShortLine } from '../../../contract/problem.ts';
import { AppError, conflict, idempotencyKeyReused, notFound } from '../../errors.ts';
import type { Placement } from './order-placement.ts';

/** The problems a placement answers, in the words of the call that asked (order-placement.ts). */

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

export const toolGone = () =>
  notFound('This tool does not exist or was removed from the catalogue.');

/**
 * Unpaid orders hold stock that nobody else can buy: one customer may hold at most a share of a
 * tool's stock (what is on hand plus what they already hold), though always one minimum order.
 */
export function assertWithinShare(
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
      ? `You already hold ${formatUnits(heldUnits)} of ${it} in unpaid orders; one customer can hold at most ${n(cap)} unpaid. Pay for your open order first${room >= tool.minimumOrder ? `, or order at most ${formatUnits(room)} now` : ''}.`
      : `One customer can hold at most ${formatUnits(cap)} of ${it} in unpaid orders. Order at most ${formatUnits(cap)} now; once that order is paid you can order more.`,
  );
}

type Delivery = Pick<Placement, 'phone' | 'address' | 'poNumber' | 'note' | 'destination'>;

const keyReused = () => idempotencyKeyReused('placed an order with other details', 'a new order');

/** The same details, the country and postcode delivery and tax went by included (decision 072). */
const sameDelivery = (earlier: Order, asked: Delivery) =>
  earlier.phone === asked.phone &&
  earlier.address === asked.address &&
  earlier.deliveryCountry === (asked.destination?.country ?? null) &&
  (earlier.deliveryPostcode ?? '') === (asked.destination?.postcode ?? '') &&
  earlier.poNumber === (asked.poNumber ?? null) &&
  earlier.note === (asked.note ?? null);

/** A key names one order: asking again with other details is a mistake, not a new order. */
export function assertSameOrder(earlier: Order, placement: Placement): void {
  const same =
    earlier.lines.length === placement.lines.length &&
    earlier.lines.every(
      (line, i) =>
        line.toolId === placement.lines[i]?.toolId &&
        line.quantity === placement.lines[i]?.quantity,
    ) &&
    sameDelivery(earlier, placement);
  if (!same) throw keyReused();
}

/**
 * The same for a cart's checkout: the key's order was made of this version of the cart (not of
 * another version, nor sent as lines), with these delivery details.
 */
export function assertSameCheckout(
  earlier: Order,
  earlierCartVersion: number | null,
  checkout: Delivery & { cartVersion: number },
): void {
  if (earlierCartVersion !== checkout.cartVersion || !sameDelivery(earlier, checkout)) {
    throw keyReused();
  }
}

/**
 * Why a cart's checkout is refused before anything is judged: the version the page read was
 * checked out (saying which order it became), the cart changed since, or it holds nothing.
 */
export function cartRefusal(
  asked: number,
  found: { version: number; checkedOutBy: { id: string; number: number } | null },
): AppError {
  if (found.checkedOutBy) {
    const number = formatOrderNumber(found.checkedOutBy.number);
    return new AppError(
      409,
      'cart_checked_out',
      `This cart was already checked out: it is order ${number}. Nothing more was ordered.`,
      undefined,
      undefined,
      { order: { id: found.checkedOutBy.id, number } },
    );
  }
  if (found.version !== asked) {
    return conflict(
      'cart_changed',
      'Your cart changed since this page read it (in another tab or on another device). Nothing was ordered; review the cart and place the order again.',
    );
  }
  return conflict('cart_empty', 'Your cart is empty: add tools to it before placing an order.');
}

/** "Claw Hammer", or "Claw Hammer and 2 more" for an order of three lines. */
export function summaryName(lines: { productName: string }[]): string {
  const first = lines[0]?.productName ?? '';
  return lines.length > 1 ? `${first} and ${lines.length - 1} more` : first;
}

/** Not enough stock: the spec's sentence for one tool, each line short for several. */
export function outOfStock(short: ShortLine[], fields: LineFields): AppError {
  const n = formatCount;
  if (fields.isSingle) {
    const { available } = short[0] as ShortLine;
    return conflict(
      'out_of_stock',
      available === 0
        ? 'This tool is out of stock.'
        : `Only ${unitsAre(available)} in stock; order at most ${n(available)}.`,
    );
  }
  const left = (line: ShortLine) =>
    line.available === 0
      ? `${line.productName} is out of stock.`
      : `Only ${formatUnits(line.available)} of ${line.productName} ${line.available === 1 ? 'is' : 'are'} in stock.`;
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
