import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type OrderLineInput, PlaceOrderBodySchema } from '#contract/order-placement.ts';
import type { Order } from '#contract/orders.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextAreaField, TextField } from '#web/components/ui/field.tsx';
import { type ApiError, isApiError } from '#web/lib/api-error.ts';
import { isOutcomeUnknown, useSubmitFailure } from '#web/lib/form-errors.ts';
import { emptyAsMissing } from '#web/lib/form-values.ts';
import { newIdempotencyKey } from '#web/lib/idempotency-key.ts';
import { useCheckoutDraft } from '../hooks/use-checkout-draft.ts';
import { clearCheckoutDraft } from '../utils/checkout-draft.ts';
import { DeliveryFields, useSavedPhone } from './delivery-fields.tsx';
import { OrderSubmitError } from './order-submit-error.tsx';

/**
 * The contract's order body without its lines (they come from the cart) and the book's address
 * (chosen beside the form): the typed address and phone are required here.
 */
const CheckoutSchema = PlaceOrderBodySchema.omit({ lines: true, addressId: true }).extend({
  phone: PlaceOrderBodySchema.shape.phone.unwrap(),
  address: PlaceOrderBodySchema.shape.address.unwrap(),
  poNumber: z.preprocess(emptyAsMissing, PlaceOrderBodySchema.shape.poNumber),
  note: z.preprocess(emptyAsMissing, PlaceOrderBodySchema.shape.note),
});
/** Ordering to an address of the book: whatever the typed fields hold is not sent. */
const BookCheckoutSchema = CheckoutSchema.extend({
  phone: z.string().transform(() => undefined),
  address: z.string().transform(() => undefined),
});
type CheckoutInput = z.input<typeof CheckoutSchema>;
/** The delivery details and the total the buyer saw: what a checkout says beside the cart. */
type CheckoutValues = z.output<typeof CheckoutSchema | typeof BookCheckoutSchema> & {
  addressId?: string;
};

/**
 * Where the order goes, chosen beside the form (the address book's picker): an address of the
 * book, or the address typed into the form's own fields (`isTyped`). `choose` answers which when
 * the order is placed (saving a new address to the book first); null stops the order.
 */
export interface DeliveryPicker {
  picker: ReactNode;
  isTyped: boolean;
  choose: () => Promise<{ addressId: string } | 'typed' | null>;
  /** The address and phone of an order bought again, typed in for the buyer. */
  typed: { address: string; phone: string } | null;
}

const typedResolver = zodResolver(CheckoutSchema);
const bookResolver = zodResolver(BookCheckoutSchema);

/** "Buy again" brings the earlier order's typed address: filled in unless the buyer typed one. */
function useTypedPrefill(
  form: ReturnType<typeof useForm<CheckoutInput, unknown, CheckoutValues>>,
  typed: DeliveryPicker['typed'],
): void {
  useEffect(() => {
    if (!typed) return;
    if (!form.getValues('address')) form.setValue('address', typed.address, { shouldDirty: true });
    form.setValue('phone', typed.phone, { shouldDirty: true });
  }, [form, typed]);
}

const FIELDS = ['phone', 'address', 'poNumber', 'note'] as const;

const OUTCOME = {
  notDone: 'Nothing was ordered.',
  unknown:
    'We cannot tell whether your order was placed. Try again: if it was, you will see that order, not a second one.',
};

/**
 * How the order travels, chosen beside the form (the shipping feature's picker): the method chosen
 * (its price joins the total the buyer was shown), or none where no method applies.
 */
export interface DeliveryMethodPicker {
  picker: ReactNode;
  chosen: { methodId: string; price: number } | null;
  /** The methods for the chosen address are still being read: the order waits. */
  isLoading: boolean;
  /** Read the methods again (one chosen stopped serving the address). */
  refresh: () => void;
}

/** Each line the store found short, by tool: "Only 3 units of Claw Hammer are in stock." */
export type ShortLines = Record<string, string>;

function shortLines(error: unknown, lines: readonly OrderLineInput[]): ShortLines {
  if (!isApiError(error) || error.code !== 'out_of_stock') return {};
  const short: ShortLines = {};
  for (const fieldError of error.errors) {
    const index = /^lines\.(\d+)\./.exec(fieldError.field)?.[1];
    const line = index === undefined ? undefined : lines[Number(index)];
    if (line) short[line.toolId] = fieldError.message;
  }
  return short;
}

/** Whether `isTrue` holds within a few seconds (checked every 50 ms). */
async function becomes(isTrue: () => boolean, withinMs = 5000): Promise<boolean> {
  for (let waited = 0; !isTrue(); waited += 50) {
    if (waited >= withinMs) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/** The refusals of a cart the page read before it changed or was checked out (in another tab). */
const OUTDATED_CART = new Set(['cart_changed', 'cart_checked_out']);

/**
 * Checking out a cart: the delivery details, then one order of every line, placed by `placeOrder`
 * (the cart's checkout) and named by an Idempotency-Key so that asking again never orders twice.
 * Lines the store finds short go back to the cart (`onShortLines`), and nothing is ordered; a cart
 * the store has moved past (changed or checked out elsewhere) is the page's to explain
 * (`onCartOutdated`).
 */
export function CheckoutForm({
  lines,
  placeOrder,
  customer,
  savedPhone,
  blockedBy,
  expectedTotal,
  onPlaced,
  onShortLines,
  onPriceChanged,
  onCartOutdated,
  draftKey,
  delivery,
  deliveryMethod,
  payment,
  charges,
}: {
  /** The cart's lines, as the page shows them. */
  lines: readonly OrderLineInput[];
  placeOrder: (values: CheckoutValues, idempotencyKey: string) => Promise<Order>;
  /** The total the buyer sees: if prices changed meanwhile, the store refuses instead of charging more. */
  expectedTotal: number | undefined;
  customer: { name: string; email: string };
  /** The phone number in the customer's profile, filled in for them (they may change it). */
  savedPhone?: string | null | undefined;
  /** Why the cart cannot be ordered as it is (a line to fix, an unconfirmed email), or null. */
  blockedBy: string | null;
  onPlaced: (order: Order) => void;
  onShortLines: (short: ShortLines) => void;
  /** The store priced the order otherwise than the cart showed: the cart should read its prices again. */
  onPriceChanged: () => void;
  /** The cart changed, or was checked out, since the page read it: nothing was ordered. */
  onCartOutdated: (error: ApiError) => void;
  /** Where this tab keeps what was typed, so a reload keeps it (see utils/checkout-draft.ts). */
  draftKey: string;
  delivery: DeliveryPicker;
  deliveryMethod: DeliveryMethodPicker;
  /** How the order is paid, and the choice shown (a buyer with payment terms chooses). */
  payment?: { method: 'card' | 'account'; choice: ReactNode };
  /**
   * The tax by destination (decision 064): a delivery method's price as this buyer pays it, whether
   * the store's decision is in (the order waits for it), and the sentence saying how it is taxed.
   * `expectedTotal` is then the goods as this buyer pays for them.
   */
  charges?: { priceOf: (price: number) => number; isReady: boolean; note: ReactNode };
}) {
  const paymentMethod = payment?.method ?? 'card';
  const placing = useMutation({
    mutationFn: ({ values, key }: { values: CheckoutValues; key: string }) =>
      placeOrder(values, key),
  });
  const attemptKey = useRef<string | null>(null);
  const isTyped = useRef(delivery.isTyped);
  isTyped.current = delivery.isTyped;
  const form = useForm<CheckoutInput, unknown, CheckoutValues>({
    resolver: (values, context, options) =>
      (isTyped.current ? typedResolver : bookResolver)(values, context, options),
    defaultValues: { phone: savedPhone ?? '', address: '', poNumber: '', note: '' },
    mode: 'onTouched',
  });
  const { failure, fail, clear } = useSubmitFailure(form.setError, FIELDS, OUTCOME);
  const { errors } = form.formState;

  useSavedPhone(form, savedPhone);
  useCheckoutDraft(form, draftKey);
  useTypedPrefill(form, delivery.typed);

  // A changed cart (or way of paying) is another order: it gets a new key.
  const linesKey = JSON.stringify([lines, paymentMethod]);
  const keyFor = useRef(linesKey);
  if (keyFor.current !== linesKey) {
    keyFor.current = linesKey;
    attemptKey.current = null;
  }

  // What the page shows now: a submit that waits for the tax of a just-chosen address reads the
  // figures as they are once it is in.
  const shown = useRef({ expectedTotal, charges, deliveryMethod });
  shown.current = { expectedTotal, charges, deliveryMethod };

  const onSubmit = form.handleSubmit(async (values) => {
    if (blockedBy || deliveryMethod.isLoading) return;
    const chosen = await delivery.choose();
    if (!chosen) return;
    // The tax of an address chosen (or typed) a moment ago may still be on its way: wait for it,
    // so the total sent is the one the page shows.
    if (!(await becomes(() => shown.current.charges?.isReady !== false))) return;
    const now = shown.current;
    const method = chosen === 'typed' ? null : now.deliveryMethod.chosen;
    attemptKey.current ??= newIdempotencyKey();
    onShortLines({});
    const sent = chosen === 'typed' ? values : { ...values, addressId: chosen.addressId };
    placing.mutate(
      {
        values: {
          ...sent,
          ...(method ? { deliveryMethodId: method.methodId } : {}),
          expectedTotal:
            now.expectedTotal === undefined
              ? undefined
              : now.expectedTotal +
                (now.charges?.priceOf ?? ((price: number) => price))(method?.price ?? 0),
          paymentMethod,
        },
        key: attemptKey.current,
      },
      {
        onSuccess: (order) => {
          attemptKey.current = null;
          clear();
          clearCheckoutDraft(draftKey);
          onPlaced(order);
        },
        onError: (error) => {
          if (!isOutcomeUnknown(error)) attemptKey.current = null;
          if (isApiError(error) && OUTDATED_CART.has(error.code)) {
            clear();
            onCartOutdated(error);
            return;
          }
          const short = shortLines(error, lines);
          if (Object.keys(short).length > 0) onShortLines(short);
          if (isApiError(error) && error.code === 'price_changed') onPriceChanged();
          if (isApiError(error) && error.code === 'delivery_method_unavailable')
            deliveryMethod.refresh();
          fail(error);
        },
      },
    );
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} aria-describedby="checkout-note">
      <div className="space-y-5">
        <p id="checkout-note" className="text-sm text-stone-600">
          Ordering as {customer.name} ({customer.email}).{' '}
          {paymentMethod === 'account'
            ? 'On account: invoiced now, paid by bank transfer.'
            : 'Pay by card after ordering.'}
        </p>
        {delivery.picker}
        {delivery.isTyped && (
          <DeliveryFields
            phone={form.register('phone')}
            address={form.register('address')}
            phoneError={errors.phone?.message}
            addressError={errors.address?.message}
            savedPhone={savedPhone}
          />
        )}
        {deliveryMethod.picker}
        <TextField
          label="Purchase order number (optional)"
          autoComplete="off"
          hint="Your own reference; it is printed on the order and the invoice."
          error={errors.poNumber?.message}
          {...form.register('poNumber')}
        />
        <TextAreaField
          label="Note (optional)"
          rows={2}
          hint="Delivery hours, a contact on site…"
          error={errors.note?.message}
          {...form.register('note')}
        />
        {payment?.choice}
        {charges?.note}
        {blockedBy && (
          <p
            id="checkout-blocked"
            className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
          >
            {blockedBy}
          </p>
        )}
        <OrderSubmitError failure={failure} onRetry={onSubmit} isRetrying={placing.isPending} />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          isPending={placing.isPending && !failure}
          disabled={blockedBy !== null}
          aria-describedby={blockedBy ? 'checkout-blocked' : undefined}
        >
          Place order
        </Button>
      </div>
    </form>
  );
}
