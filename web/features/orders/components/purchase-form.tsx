import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatCount, formatUnits, unitsAre } from '#contract/format.ts';
import { MAX_ORDER_UNITS } from '#contract/order-limits.ts';
import { unpaidShareCap } from '#contract/order-placement.ts';
import type { Order } from '#contract/orders.ts';
import { unitPriceFor } from '#contract/pricing.ts';
import { canBeOrdered, packAndLimitText, ruleLimit, wholePacks } from '#contract/quantity-rules.ts';
import type { Tool } from '#contract/tools.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormError, TextField } from '#web/components/ui/field.tsx';
import { isApiError } from '#web/lib/api-error.ts';
import { becomes } from '#web/lib/becomes.ts';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import { useAttemptKey } from '#web/lib/idempotency-key.ts';
import { useMoney, useStoreConfig } from '#web/lib/store-config.ts';
import { usePlaceOrder } from '../api/order-mutations.ts';
import {
  BOOK_DELIVERY,
  STILL_LOADING,
  TYPED_DELIVERY,
  useDeliveryResolver,
  useDeliverySection,
} from '../hooks/use-delivery-section.tsx';
import { explainOrderRefusal, ORDER_OUTCOME } from '../utils/order-outcome.ts';
import type { DeliveryMethodPicker, DeliveryPicker, OrderCharges } from './checkout-form.tsx';
import { OrderSubmitError } from './order-submit-error.tsx';

/**
 * The most one customer can order now: the stock, and at most their share of it unpaid (the
 * server also counts what they already hold, and says so if that is less).
 */
function orderableUnits(tool: Tool, sharePercent: number | undefined): number {
  const share =
    sharePercent === undefined
      ? tool.quantity
      : unpaidShareCap({
          onHand: tool.quantity,
          heldUnits: 0,
          minimumOrder: tool.minimumOrder,
          sharePercent,
        });
  return wholePacks(
    Math.min(tool.quantity, share, MAX_ORDER_UNITS, ruleLimit(tool)),
    tool.orderIncrement,
  );
}

/** Why `max` is the most: the tool's own most per order, the customer's share, or the stock. */
function maxReason(tool: Tool, max: number): string {
  if (tool.maxPerOrder !== null && max === tool.maxPerOrder)
    return `One order can have at most ${formatUnits(max)} of this tool.`;
  if (max < wholePacks(tool.quantity, tool.orderIncrement))
    return `One customer can hold at most ${formatUnits(max)} of this tool unpaid; order at most that, and more once it is paid.`;
  return max === tool.quantity
    ? `Only ${unitsAre(max)} available; order at most that.`
    : `Only ${unitsAre(tool.quantity)} available; order at most ${formatCount(max)}.`;
}

/**
 * The quantity, with this tool's own bounds, and the delivery: a typed address and phone, or
 * (`isBook`) an address of the book, when the typed fields are not sent.
 */
function purchaseSchema(tool: Tool, max: number, isBook = false) {
  return z.strictObject({
    ...(isBook ? BOOK_DELIVERY : TYPED_DELIVERY),
    orderedNum: z
      .int({ error: 'Enter a whole number of units.' })
      .min(tool.minimumOrder, {
        error: `Order at least ${formatUnits(tool.minimumOrder)} (the minimum order).`,
      })
      .multipleOf(tool.orderIncrement, {
        error: `Sold in packs of ${formatCount(tool.orderIncrement)}: order a multiple of ${formatUnits(tool.orderIncrement)}.`,
      })
      .max(max, { error: maxReason(tool, max) }),
  });
}
type PurchaseInput = z.input<ReturnType<typeof purchaseSchema>>;
type PurchaseOutput = z.output<ReturnType<typeof purchaseSchema>>;

/** What buy now's order comes to before delivery: its units at the tool's price for them. */
export interface OrderableQuantity {
  quantity: number;
  /** The unit price for this quantity (its volume price) at the store's prices. */
  unitPrice: number;
}

const FIELDS = ['orderedNum', 'phone', 'address'] as const;

/** Why a quantity has no total yet, in a few words (the field itself says the whole sentence). */
function noTotalReason(quantity: number, tool: Tool, max: number): string {
  if (!Number.isFinite(quantity) || quantity <= 0) return 'Enter a quantity to see the total.';
  if (!Number.isInteger(quantity)) return 'Enter a whole number of units to see the total.';
  if (quantity < tool.minimumOrder)
    return `No total: below the minimum order of ${formatUnits(tool.minimumOrder)}.`;
  if (quantity % tool.orderIncrement !== 0)
    return `No total: not a whole number of packs of ${formatCount(tool.orderIncrement)}.`;
  return `No total: more than the ${formatUnits(max)} you can order.`;
}

export function PurchaseForm({
  tool,
  customer,
  savedPhone,
  initialQuantity,
  canOrder = true,
  onPlaced,
  onOrderable,
  delivery,
  deliveryMethod,
  charges,
}: {
  tool: Tool;
  customer: { name: string; email: string };
  /** The phone number in the customer's profile, filled in for them (they may change it). */
  savedPhone?: string | null | undefined;
  /** The quantity chosen on the tool's page (checked like any other). */
  initialQuantity?: number | undefined;
  /** False while the customer cannot order yet (an unconfirmed email): the form stays disabled. */
  canOrder?: boolean;
  onPlaced: (order: Order) => void;
  /** The quantity as it can be ordered now, or null: delivery is quoted for it. */
  onOrderable: (orderable: OrderableQuantity | null) => void;
  delivery: DeliveryPicker;
  deliveryMethod: DeliveryMethodPicker;
  /** The tax by destination (decision 064): the line and its delivery as this buyer pays them. */
  charges?: OrderCharges;
}) {
  const money = useMoney();
  const priceOf = charges?.priceOf ?? ((price: number) => price);
  const sharePercent = useStoreConfig()?.unpaid.stockSharePercent;
  const max = orderableUnits(tool, sharePercent);
  const schema = useMemo(() => purchaseSchema(tool, max), [tool, max]);
  const bookSchema = useMemo(() => purchaseSchema(tool, max, true), [tool, max]);
  const placeOrder = usePlaceOrder();
  // One key per order the customer means to place: asking again after a lost answer reuses it,
  // so the store answers with that order instead of placing a second one.
  const attemptKey = useAttemptKey();
  const form = useForm<PurchaseInput, unknown, PurchaseOutput>({
    resolver: useDeliveryResolver<PurchaseInput, PurchaseOutput>(
      delivery,
      zodResolver(schema),
      zodResolver(bookSchema),
    ),
    defaultValues: {
      phone: savedPhone ?? '',
      address: '',
      orderedNum: initialQuantity ?? Number.NaN,
    },
    mode: 'onTouched',
  });
  const { failure, fail, clear, setFailure } = useSubmitFailure(
    form.setError,
    FIELDS,
    ORDER_OUTCOME,
    explainOrderRefusal,
  );
  const { errors, isSubmitting } = form.formState;
  // From the press on, while the methods or the tax of an address just chosen arrive and the store
  // places the order: the button says so and takes no second press.
  const isPlacing = isSubmitting || placeOrder.isPending;
  const quantity = form.watch('orderedNum');
  const isOutOfStock = !canBeOrdered(tool);
  const rules = packAndLimitText(tool);
  const canTotal = schema.shape.orderedNum.safeParse(quantity).success;
  const unitPrice = canTotal ? unitPriceFor(tool, quantity) : null;
  const goods = unitPrice === null ? null : quantity * priceOf(unitPrice);
  const deliveryPart = useDeliverySection({ form, delivery, deliveryMethod, savedPhone });

  useEffect(() => {
    onOrderable(unitPrice === null ? null : { quantity, unitPrice });
  }, [unitPrice, quantity, onOrderable]);

  // What the page shows now: a submit that waits for the tax of a just-chosen address reads the
  // prices as they are once it is in.
  const shown = useRef(charges);
  shown.current = charges;

  // The last failure stays on screen (with its "Try again" busy) until the next answer replaces it.
  const onSubmit = form.handleSubmit(async (values) => {
    const sent = await deliveryPart.sent(values);
    if (sent === 'still-loading') return setFailure(STILL_LOADING);
    if (!sent) return;
    if (!(await becomes(() => shown.current?.isReady !== false))) return setFailure(STILL_LOADING);
    const charged = shown.current?.priceOf ?? ((price: number) => price);
    const lineGoods = values.orderedNum * charged(unitPriceFor(tool, values.orderedNum));
    placeOrder.mutate(
      {
        body: {
          lines: [{ toolId: tool._id, quantity: values.orderedNum }],
          ...sent.fields,
          ...(sent.deliveryMethodId ? { deliveryMethodId: sent.deliveryMethodId } : {}),
          expectedTotal: lineGoods + charged(sent.price),
        },
        idempotencyKey: attemptKey.current(),
      },
      {
        onSuccess: (order) => {
          attemptKey.settle();
          clear();
          onPlaced(order);
        },
        onError: (error) => {
          attemptKey.settle(error);
          // The order's one line is this form's quantity.
          const onLine = isApiError(error)
            ? error.errors.find((each) => each.field === 'lines.0.quantity')
            : undefined;
          if (onLine) {
            form.setError(
              'orderedNum',
              { type: 'server', message: onLine.message },
              { shouldFocus: true },
            );
            return;
          }
          deliveryPart.onRefused(error);
          fail(error);
        },
      },
    );
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} aria-describedby="purchase-note">
      <fieldset disabled={!canOrder} className="space-y-5">
        <p id="purchase-note" className="text-sm text-stone-600">
          Name and email come from your account.
        </p>
        <div className="grid gap-5">
          <TextField label="Name" value={customer.name} readOnly />
          <TextField label="Email" type="email" value={customer.email} readOnly />
        </div>
        <TextField
          label="Quantity (units)"
          type="number"
          inputMode="numeric"
          min={tool.minimumOrder}
          max={max}
          step={tool.orderIncrement}
          hint={
            rules
              ? `${rules}. Minimum order ${formatUnits(tool.minimumOrder)}; at most ${formatCount(max)} now.`
              : max < tool.quantity
                ? `Minimum order ${formatUnits(tool.minimumOrder)}; at most ${formatCount(max)}, as one customer can hold at most ${sharePercent}% of the stock unpaid.`
                : `Minimum order ${formatUnits(tool.minimumOrder)}; at most ${formatCount(tool.quantity)}, the stock.`
          }
          error={errors.orderedNum?.message}
          disabled={isOutOfStock}
          {...form.register('orderedNum', {
            valueAsNumber: true,
            onChange: () => void form.trigger('orderedNum'),
          })}
        />
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-lg bg-stone-100 px-4 py-3">
          <span className="text-sm font-medium text-stone-700">Order total</span>
          <output
            className={canTotal ? 'text-xl font-bold text-navy-900' : 'text-sm text-stone-700'}
            aria-live="polite"
            data-testid="order-total"
          >
            {goods !== null ? money(goods) : noTotalReason(quantity, tool, max)}
          </output>
        </div>
        {deliveryPart.section}
        {charges?.note}
        {isOutOfStock && (
          <FormError>This tool is out of stock right now. Please check back soon.</FormError>
        )}
        <OrderSubmitError failure={failure} onRetry={onSubmit} isRetrying={isPlacing} />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          isPending={isPlacing && !failure}
          disabled={isOutOfStock || isPlacing}
        >
          Proceed to order
        </Button>
      </fieldset>
    </form>
  );
}
