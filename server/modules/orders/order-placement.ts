import { randomUUID } from 'node:crypto';
import { APPROVAL_WINDOW_HOURS } from '../../../contract/approvals.ts';
import type { DeliveryMethod } from '../../../contract/delivery-methods.ts';
import { formatUnits } from '../../../contract/format.ts';
import { formatMoney } from '../../../contract/money.ts';
import { MAX_ORDER_TOTAL, type PlaceOrderBody } from '../../../contract/order-placement.ts';
import type { Order } from '../../../contract/orders.ts';
import { unitPriceFor } from '../../../contract/pricing.ts';
import type { FieldError, ShortLine } from '../../../contract/problem.ts';
import { lineProblem, ruleSentence } from '../../../contract/quantity-rules.ts';
import { includedTax, priceFor } from '../../../contract/tax-prices.ts';
import type { InvoiceSettings } from '../../config-payments.ts';
import type { Db } from '../../db/client.ts';
import { assertEmailVerified, badRequest, conflict, fieldError } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import type { TaxFactsRead } from '../tax/index.ts';
import { decideTax } from '../tax/index.ts';
import { approvalRequestEmail, awaitingApprovalEmail } from './approval-emails.ts';
import { approvalNeeded, approvalSentence, assertMayOrder } from './approval-rules.ts';
import type { DELIVERY_FIELDS, Delivery } from './delivery.ts';
import { paymentFieldsOf } from './on-account.ts';
import { chosenDelivery } from './order-delivery.ts';
import { orderConfirmationEmail, type StoreInfo } from './order-emails.ts';
import * as repo from './orders.repo.ts';
import {
  contextOf,
  contextStatement,
  type PlacementContext,
  type PlacementWrite,
  runPlacement,
} from './placement.repo.ts';
import {
  assertSameOrder,
  assertWithinShare,
  type LineFields,
  outOfStock,
  summaryName,
  toolGone,
} from './placement-problems.ts';

/**
 * Placing an order: the rules an order must pass (stock, minimums, what one customer may hold
 * unpaid, the largest order, the price the buyer saw) and the order it makes, judged on what
 * placement.repo.ts reads under the customer's and the tools' locks.
 */

export interface PlacementOptions extends StoreInfo {
  currency: string;
  /** What an invoice issued at placement (an order on account) says of tax and seller. */
  invoicing: InvoiceSettings;
  /** How long a customer has to pay an order before it is cancelled. */
  paymentWindowMs: number;
  /** What one customer may hold unpaid (UNPAID_ORDERS_MAX, UNPAID_STOCK_SHARE_MAX). */
  unpaidCaps: { orders: number; stockSharePercent: number };
  /** The store's time zone (STORE_TIME_ZONE): a delivery method's cut-off and days are read in it. */
  storeTimeZone: string;
}

/** What an order is placed with: its lines and details, and where it goes (delivery.ts). */
export type Placement = Omit<PlaceOrderBody, (typeof DELIVERY_FIELDS)[number]> &
  Delivery & { isCheapestMethod?: boolean };

export interface PlacementRequest {
  user: SessionUser;
  placement: Placement;
  idempotencyKey: string | undefined;
  fields: LineFields;
  /**
   * Unit prices agreed elsewhere, by tool id (an accepted quote's offer, agreed-order.ts): they
   * replace the tool's list and volume prices; every other rule applies as to any order.
   */
  agreedPrices?: ReadonlyMap<string, number>;
  /** The delivery methods as they are now (order-delivery.ts destinationOf); none: no method applies. */
  methods?: readonly DeliveryMethod[];
  /** The destination country's tax rates (destinationOf); none: the store's rate. */
  tax?: TaxFactsRead;
}

/** How this order is taxed (decision 064): from its destination, its VAT number and exemptions. */
function taxOf(context: PlacementContext, request: PlacementRequest, options: PlacementOptions) {
  return decideTax(
    {
      destination: request.placement.destination,
      vatNumber: context.company.vatNumber,
      verifiedVatNumber: context.verifiedVatNumber,
      exempt: context.taxExempt,
      rates: request.tax?.rates ?? [],
    },
    options.invoicing,
  );
}

/** Prices every line and checks every rule; throws the first problem, changing nothing. */
function priceLines(
  context: PlacementContext,
  request: PlacementRequest,
  options: PlacementOptions,
) {
  const { placement, fields, agreedPrices, methods = [] } = request;
  // Each price as this buyer pays it: the stored price, its tax taken out and the destination's put in.
  const tax = taxOf(context, request, options);
  const held = context.held;
  if (held.orders >= options.unpaidCaps.orders) {
    throw conflict(
      'unpaid_limit',
      `You have ${held.orders} unpaid orders, the most one customer can hold. Pay for or cancel one of them before placing another.`,
    );
  }
  const broken: FieldError[] = [];
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
      broken.push({
        field: fields.quantity(index),
        in: 'body',
        message: fields.isSingle
          ? `The minimum order for this tool is ${formatUnits(tool.minimumOrder)}.`
          : `The minimum order for ${tool.name} is ${formatUnits(tool.minimumOrder)}.`,
      });
    } else if (problem === 'not_multiple' || problem === 'above_maximum') {
      // The pack and the most per order: the line named, the rule in a sentence (decision 042).
      const name = fields.isSingle ? 'this tool' : tool.name;
      broken.push({
        field: fields.quantity(index),
        in: 'body',
        message: ruleSentence(tool, name, line.quantity) ?? '',
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
    const listed = agreedPrices?.get(tool.id) ?? unitPriceFor(tool, line.quantity);
    const unitPrice = priceFor(listed, tax);
    return {
      tool,
      quantity: line.quantity,
      listed,
      unitPrice,
      lineTotal: unitPrice * line.quantity,
    };
  });
  if (broken.length > 0) {
    throw badRequest(
      broken.length === 1
        ? (broken[0] as FieldError).message
        : 'Some lines cannot be ordered in these quantities: each says why.',
      broken,
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
  const goods = priced.reduce((sum, line) => sum + line.lineTotal, 0);
  // The delivery method's price is part of the total (decision 062), judged on the same clock, on
  // the goods at the stored prices (as its bands are), and taxed as the goods are.
  const quoted = chosenDelivery(
    placement,
    methods,
    {
      weightGrams: priced.reduce((sum, line) => sum + line.tool.weightGrams * line.quantity, 0),
      value: priced.reduce((sum, line) => sum + line.listed * line.quantity, 0),
    },
    { now: context.now, timeZone: options.storeTimeZone },
  );
  const delivery = quoted && { ...quoted, price: priceFor(quoted.price, tax) };
  const total = goods + (delivery?.price ?? 0);
  if (total > MAX_ORDER_TOTAL) {
    const only = priced.length === 1 ? priced[0] : undefined;
    throw fieldError(
      only ? fields.quantity(0) : 'lines',
      only
        ? `This order is too large to place online; order at most ${formatUnits(Math.floor(MAX_ORDER_TOTAL / Math.max(only.unitPrice, 1)))} or contact us.`
        : 'This order is too large to place online; split it into smaller orders or contact us.',
    );
  }
  if (placement.expectedTotal !== undefined && placement.expectedTotal !== total) {
    throw conflict(
      'price_changed',
      `Prices changed since you looked: this order now comes to ${formatMoney(total, options.currency)}, not ${formatMoney(placement.expectedTotal, options.currency)}. Nothing was ordered; check the prices and place it again.`,
    );
  }
  return { priced, total, delivery, tax };
}

/** The order, its lines and its confirmation as they will be stored; throws what refuses it. */
export function orderOf(
  context: PlacementContext,
  request: PlacementRequest,
  options: PlacementOptions,
): { write: PlacementWrite; result: Order } {
  const { user, placement, idempotencyKey } = request;
  const { membership } = context;
  assertMayOrder(membership);
  const { priced, total, delivery, tax } = priceLines(context, request, options);
  const approvalReason = approvalNeeded(membership, total, options.currency);
  const payment = paymentFieldsOf(context, placement.paymentMethod, total, options);
  const confirmed = payment.paymentMethod === 'account' ? 'on_account' : 'unpaid';
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
    status: approvalReason ? 'awaiting_approval' : confirmed,
    transactionId: null,
    paymentIntentId: null,
    paymentFailure: null,
    cancelReason: null,
    // The database's clock, as for the job that cancels late orders. An order waiting for approval
    // waits the approval window; approving it starts the payment window (decision 060).
    paymentDueAt: new Date(
      context.now.getTime() +
        (approvalReason ? APPROVAL_WINDOW_HOURS * 3_600_000 : options.paymentWindowMs),
    ),
    idempotencyKey: idempotencyKey ?? null,
    paidAt: null,
    shippedAt: null,
    cancelledAt: null,
    carrier: null,
    trackingNumber: null,
    ...context.company,
    companyId: membership?.companyId ?? null,
    deliveryAddress: placement.deliveryAddress,
    approvalReason,
    approvedAt: null,
    approvedBy: null,
    rejectedAt: null,
    rejectedBy: null,
    rejectionReason: null,
    invoiceNumber: null,
    invoicedAt: null,
    ...payment,
    taxRateBasisPoints: tax.rateBasisPoints,
    taxAmount: includedTax(total, tax.rateBasisPoints),
    taxTreatment: tax.treatment,
    taxCountry: tax.country,
    taxRegion: tax.region,
    // A typed address's postcode, which its tax went by; a book's copy holds its own.
    deliveryPostcode: placement.deliveryAddress ? null : placement.destination?.postcode || null,
    settledAt: null,
    deliveryMethodId: delivery?.methodId ?? null,
    deliveryMethodName: delivery?.name ?? null,
    deliveryPrice: delivery?.price ?? null,
    deliveryDate: delivery?.promisedDate ?? null,
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
    sku: line.tool.sku,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    lineTotal: line.lineTotal,
  }));
  const placed = repo.toOrder(order, lines);
  // Written with the order: the emails exist exactly when the order does.
  if (membership && approvalReason) {
    const because = approvalSentence(approvalReason, membership, options.currency);
    const orderTax = repo.taxOf(order);
    const mail = {
      kind: 'order_awaiting_approval',
      to: placed.email,
      ...awaitingApprovalEmail(options, placed, because, orderTax),
    };
    const moreMail = membership.approvers.map((approver) => ({
      kind: 'order_approval_request',
      to: approver.email,
      ...approvalRequestEmail(options, placed, because, orderTax, approver),
    }));
    return { write: { order, lines, mail, moreMail }, result: placed };
  }
  const mail = {
    kind: 'order_confirmation',
    to: placed.email,
    ...orderConfirmationEmail(options, placed, repo.taxOf(order), order.invoiceDueAt),
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
  request: PlacementRequest,
): Promise<{ order: Order; isNew: boolean }> {
  assertEmailVerified(request.user, 'placing an order');
  const opening = contextStatement(
    request.user.id,
    request.idempotencyKey,
    request.placement.lines.map((line) => line.toolId),
  );
  const outcome = await runPlacement(db, opening, (opened) => {
    const context = contextOf(opened);
    // Under the customer's lock: a second attempt waits for the first, then finds its order.
    if (context.earlierOrderId) return { end: context.earlierOrderId };
    return orderOf(context, request, options);
  });
  if ('placed' in outcome) return { order: await asPlaced(db, outcome.placed), isNew: true };
  const order = await earlierOrder(db, outcome.ended);
  assertSameOrder(order, request.placement);
  return { order, isNew: false };
}

/** The order as placed; one on account read back with the invoice number its writing took. */
export async function asPlaced(db: Db, placed: Order): Promise<Order> {
  return placed.status === 'on_account' ? earlierOrder(db, placed._id) : placed;
}

/**
 * The order an Idempotency-Key placed: committed before we read it (found under the customer's
 * lock), and an order's lines never change.
 */
export async function earlierOrder(db: Db, id: string): Promise<Order> {
  const earlier = await repo.findOrder(db, id);
  if (!earlier) throw new Error(`the order ${id} found by its key is gone`);
  return repo.asOrder(db, earlier);
}
