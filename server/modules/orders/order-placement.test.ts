import { describe, expect, it } from 'vitest';
import { MAX_ORDER_TOTAL, unpaidShareCap } from '../../../contract/order-placement.ts';
import { AppError } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import { orderOf, type PlacementOptions, type PlacementRequest } from './order-placement.ts';
import type { PlacementContext } from './placement.repo.ts';
import { LINE_FIELDS, SPEC_FIELDS, summaryName } from './placement-problems.ts';

// The placement's rules without a database: orderOf judges what placement.repo.ts read under the
// locks (a PlacementContext) and makes the rows the second round trip writes. The same rules
// through HTTP and real PostgreSQL: placement.test.ts, unpaid-caps.test.ts, price-tiers.test.ts.

const ana: SessionUser = {
  id: 'user-ana',
  name: 'Ana Buyer',
  email: 'ana@example.com',
  emailVerified: true,
  image: null,
  role: 'User',
};

const options: PlacementOptions = {
  currency: 'USD',
  paymentWindowMs: 24 * 3_600_000,
  unpaidCaps: { orders: 5, stockSharePercent: 50 },
  storeName: 'Toolyard',
  publicUrl: 'http://localhost:3000',
  storeTimeZone: 'UTC',
  invoicing: {
    taxRateBasisPoints: 2000,
    pricesIncludeTax: true,
    sellerCountry: null,
    euSellerCountry: null,
    seller: { name: 'Toolyard Ltd', address: null, taxId: null, email: null },
  },
};

const knife = {
  id: 'tool-knife',
  sku: 'KN-1',
  name: 'Utility Knife',
  price: 399,
  priceTiers: [
    { minQuantity: 100, price: 349 },
    { minQuantity: 500, price: 299 },
  ],
  quantity: 10_000,
  minimumOrder: 10,
  orderIncrement: 1,
  maxPerOrder: null,
  weightGrams: 0,
};
const saw = {
  ...knife,
  id: 'tool-saw',
  sku: 'SW-1',
  name: 'Hand Saw',
  price: 2500,
  priceTiers: [],
};

function context(changes: Partial<PlacementContext> = {}): PlacementContext {
  return {
    now: new Date('2026-11-27T10:00:00Z'),
    number: 1042,
    company: { companyName: null, vatNumber: null, billingAddress: null },
    membership: null,
    earlierOrderId: null,
    terms: null,
    taxExempt: false,
    verifiedVatNumber: null,
    held: { orders: 0, unitsOf: new Map() },
    tools: new Map([
      [knife.id, knife],
      [saw.id, saw],
    ]),
    ...changes,
  };
}

function request(
  lines: { toolId: string; quantity: number }[],
  more: Partial<PlacementRequest['placement']> = {},
  fields = LINE_FIELDS,
): PlacementRequest {
  return {
    user: ana,
    placement: {
      lines,
      phone: '+1 555 010 2030',
      address: '42 Workshop Road',
      deliveryAddress: null,
      destination: null,
      ...more,
    },
    idempotencyKey: undefined,
    fields,
  };
}

/** The AppError `run` throws, as { status, code, message, fields }. */
function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const { status, code, message, errors } = error as AppError;
    return { status, code, message, fields: errors?.map((e) => e.field) ?? [] };
  }
  throw new Error('expected a refusal');
}

describe('placing an order: the rules, without a database', () => {
  it('prices each line at the largest break its quantity reaches, from the tools read, never the request', () => {
    const { write, result } = orderOf(
      context(),
      request([
        { toolId: knife.id, quantity: 99 },
        { toolId: knife.id, quantity: 100 },
        { toolId: saw.id, quantity: 500 },
      ]),
      options,
    );
    expect(write.lines.map((line) => [line.position, line.unitPrice, line.lineTotal])).toEqual([
      [1, 399, 39_501],
      [2, 349, 34_900],
      [3, 2500, 1_250_000],
    ]);
    expect(write.order).toMatchObject({
      number: 1042,
      userId: ana.id,
      email: ana.email,
      customerName: ana.name,
      totalAmount: 39_501 + 34_900 + 1_250_000,
      orderedNum: 699,
      productName: 'Utility Knife and 2 more',
      unitPrice: 399,
      status: 'unpaid',
      paymentDueAt: new Date('2026-11-28T10:00:00Z'),
    });
    expect(write.lines.every((line) => line.isUnpaid && line.orderId === write.order.id)).toBe(
      true,
    );
    expect(result.totalAmount).toBe(write.order.totalAmount);
    expect(write.mail).toMatchObject({ kind: 'order_confirmation', to: ana.email });
  });

  it('refuses a line below its minimum, naming the field as the call named it', () => {
    expect(
      refusal(() => orderOf(context(), request([{ toolId: saw.id, quantity: 9 }]), options)),
    ).toEqual({
      status: 400,
      code: 'validation_failed',
      message: 'The minimum order for Hand Saw is 10 units.',
      fields: ['lines.0.quantity'],
    });
    const spec = refusal(() =>
      orderOf(context(), request([{ toolId: saw.id, quantity: 9 }], {}, SPEC_FIELDS), options),
    );
    expect([spec.message, spec.fields]).toEqual([
      'The minimum order for this tool is 10 units.',
      ['orderedNum'],
    ]);
  });

  it('refuses more than the stock, and a tool no longer listed', () => {
    const short = context({ tools: new Map([[saw.id, { ...saw, quantity: 12 }]]) });
    const over = refusal(() =>
      orderOf(short, request([{ toolId: saw.id, quantity: 20 }]), options),
    );
    expect([over.status, over.code, over.fields]).toEqual([
      409,
      'out_of_stock',
      ['lines.0.quantity'],
    ]);
    const gone = refusal(() =>
      orderOf(short, request([{ toolId: knife.id, quantity: 20 }], {}, SPEC_FIELDS), options),
    );
    expect([gone.status, gone.code]).toEqual([404, 'not_found']);
    const goneLine = refusal(() =>
      orderOf(short, request([{ toolId: knife.id, quantity: 20 }]), options),
    );
    expect(goneLine.fields).toEqual(['lines.0.toolId']);
  });

  it('holds what one customer may keep unpaid: orders, and a share of each tool', () => {
    const full = context({ held: { orders: 5, unitsOf: new Map() } });
    expect(
      refusal(() => orderOf(full, request([{ toolId: saw.id, quantity: 10 }]), options)).code,
    ).toBe('unpaid_limit');
    // 10,000 on hand and 4,000 held: half of 14,000 is 7,000, so 3,000 more and not one above.
    const holding = context({ held: { orders: 1, unitsOf: new Map([[knife.id, 4_000]]) } });
    expect(() =>
      orderOf(holding, request([{ toolId: knife.id, quantity: 3_000 }]), options),
    ).not.toThrow();
    expect(
      refusal(() => orderOf(holding, request([{ toolId: knife.id, quantity: 3_001 }]), options))
        .code,
    ).toBe('unpaid_limit');
    expect(unpaidShareCap({ onHand: 3, heldUnits: 0, minimumOrder: 10, sharePercent: 50 })).toBe(
      10,
    );
  });

  it('refuses an order past the largest total, and one whose total is not the one the buyer saw', () => {
    const dear = { ...saw, price: 100_000_000, quantity: 1_000, minimumOrder: 1 };
    const large = context({ tools: new Map([[dear.id, dear]]) });
    const quantity = Math.floor(MAX_ORDER_TOTAL / dear.price) + 1;
    const tooLarge = refusal(() =>
      orderOf(large, request([{ toolId: dear.id, quantity }], {}, SPEC_FIELDS), options),
    );
    expect(tooLarge.message).toContain('order at most 21 units');
    const changed = refusal(() =>
      orderOf(
        context(),
        request([{ toolId: saw.id, quantity: 10 }], { expectedTotal: 24_000 }),
        options,
      ),
    );
    expect([changed.status, changed.code]).toEqual([409, 'price_changed']);
    expect(changed.message).toContain('now comes to $250.00, not $240.00');
  });

  it('names an order of several lines by its first', () => {
    expect(summaryName([{ productName: 'Claw Hammer' }])).toBe('Claw Hammer');
    expect(
      summaryName([{ productName: 'Claw Hammer' }, { productName: 'a' }, { productName: 'b' }]),
    ).toBe('Claw Hammer and 2 more');
  });
});

describe('orders on account (decision 056)', () => {
  const terms = { netDays: 30, creditLimit: 100_000, owed: 60_000 };
  const onAccount = { paymentMethod: 'account' as const };

  it('confirms an order within the credit limit at once, invoiced and due in net days', () => {
    // 100 knives at 3.49: 349.00, within the 400.00 left.
    const { write } = orderOf(
      context({ terms }),
      request([{ toolId: knife.id, quantity: 100 }], onAccount),
      options,
    );
    expect(write.order).toMatchObject({
      status: 'on_account',
      paymentMethod: 'account',
      invoiceDueAt: new Date('2026-12-27T10:00:00Z'),
      taxRateBasisPoints: 2000,
      taxAmount: 5817,
    });
    expect(write.order.paymentDueAt).toBeInstanceOf(Date);
  });

  it('refuses an order that would pass the limit, saying what is left', () => {
    expect(() =>
      orderOf(context({ terms }), request([{ toolId: saw.id, quantity: 17 }], onAccount), options),
    ).toThrow(
      expect.objectContaining({
        status: 409,
        code: 'credit_limit_exceeded',
        message:
          'This order comes to $425.00, but only $400.00 of your $1,000.00 credit limit is left. Nothing was ordered: pay it by card, make it smaller, or settle an open invoice first.',
      }),
    );
  });

  it('refuses on account without terms, and leaves card orders as they were', () => {
    expect(() =>
      orderOf(context(), request([{ toolId: saw.id, quantity: 10 }], onAccount), options),
    ).toThrow(expect.objectContaining({ code: 'no_payment_terms' }));
    const { write } = orderOf(
      context({ terms }),
      request([{ toolId: saw.id, quantity: 100 }]),
      options,
    );
    expect(write.order).toMatchObject({
      status: 'unpaid',
      paymentMethod: 'card',
      invoiceDueAt: null,
    });
  });
});
