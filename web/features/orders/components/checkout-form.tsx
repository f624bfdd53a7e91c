import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { CountryCode } from '#contract/countries.ts';
import {
  type OrderLineInput,
  type PlaceOrderBody,
  PlaceOrderBodySchema,
} from '#contract/order-placement.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextAreaField, TextField } from '#web/components/ui/field.tsx';
import { type ApiError, isApiError } from '#web/lib/api-error.ts';
import { becomes } from '#web/lib/becomes.ts';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import { emptyAsMissing } from '#web/lib/form-values.ts';
import { useAttemptKey } from '#web/lib/idempotency-key.ts';
import { useCheckoutDraft } from '../hooks/use-checkout-draft.ts';
import {
  BOOK_DELIVERY,
  STILL_LOADING,
  TYPED_DELIVERY,
  useDeliveryResolver,
  useDeliverySection,
} from '../hooks/use-delivery-section.tsx';
import { clearCheckoutDraft } from '../utils/checkout-draft.ts';
import { explainOrderRefusal, ORDER_OUTCOME } from '../utils/order-outcome.ts';
import { OrderSubmitError } from './order-submit-error.tsx';

/**
 * The contract's order body without its lines (they come from the cart, the tool or the offer) and
 * the book's address (chosen beside the form): the typed address and phone are required when typed.
 */
const CheckoutSchema = PlaceOrderBodySchema.omit({ lines: true, addressId: true }).extend({
  ...TYPED_DELIVERY,
  poNumber: z.preprocess(emptyAsMissing, PlaceOrderBodySchema.shape.poNumber),
  note: z.preprocess(emptyAsMissing, PlaceOrderBodySchema.shape.note),
});
const BookCheckoutSchema = CheckoutSchema.extend(BOOK_DELIVERY);
type CheckoutInput = z.input<typeof CheckoutSchema>;
type CheckoutOutput = z.output<typeof CheckoutSchema | typeof BookCheckoutSchema>;
/** The delivery details and the total the buyer saw: what a checkout says beside its lines. */
export type CheckoutValues = Omit<PlaceOrderBody, 'lines'>;

/**
 * Where the order goes, chosen beside the form (the address book's picker): an address of the
 * book, or the address typed into the form's own fields (`isTyped`). `choose` answers which when
 * the order is placed (saving a new address to the book first); null stops the order.
 */
export interface DeliveryPicker {
  picker: ReactNode;
  isTyped: boolean;
  /** The typed address's country and postcode, shown under the form's phone and address. */
  typedPlace: ReactNode;
  choose: () => Promise<
    { addressId: string } | { typed: { country: CountryCode; postcode?: string } } | null
  >;
  /** The address and phone of an order bought again, typed in for the buyer. */
  typed: { address: string; phone: string } | null;
}

const typedResolver = zodResolver(CheckoutSchema);
const bookResolver = zodResolver(BookCheckoutSchema);

const FIELDS = ['phone', 'address', 'poNumber', 'note'] as const;

/**
 * The tax by destination (decision 064) as an order's form needs it: a price from the catalogue,
 * the offer or a delivery method as this buyer pays it, whether the store's decision is in (the
 * order waits for it), and the sentence saying how the order is taxed, with what it comes to.
 */
export interface OrderCharges {
  priceOf: (price: number) => number;
  isReady: boolean;
  note: ReactNode;
}

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

/** The refusals of a cart the page read before it changed or was checked out (in another tab). */
const OUTDATED_CART = new Set(['cart_changed', 'cart_checked_out']);

/**
 * Placing an order from its delivery details: where it goes and how it travels, a PO number and a
 * note, and how it is paid. The cart's checkout places its cart (`placeOrder`), named by an
 * Idempotency-Key so that asking again never orders twice; accepting an offer places the offer.
 * Lines the store finds short go back to the page (`onShortLines`), and nothing is ordered; a cart
 * the store has moved past (changed or checked out elsewhere) is the page's to explain
 * (`onCartOutdated`).
 */
export function CheckoutForm<T>({
  lines = [],
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
  submitLabel = 'Place order',
}: {
  /** The cart's lines, as the page shows them (the lines the store may find short). */
  lines?: readonly OrderLineInput[];
  placeOrder: (values: CheckoutValues, idempotencyKey: string) => Promise<T>;
  /** The total the buyer sees: if prices changed meanwhile, the store refuses instead of charging more. */
  expectedTotal: number | undefined;
  customer: { name: string; email: string };
  /** The phone number in the customer's profile, filled in for them (they may change it). */
  savedPhone?: string | null | undefined;
  /** Why the order cannot be placed as it is (a line to fix, an unconfirmed email), or null. */
  blockedBy: string | null;
  onPlaced: (placed: T) => void;
  onShortLines?: (short: ShortLines) => void;
  /** The store priced the order otherwise than the page showed: the page should read its prices again. */
  onPriceChanged: () => void;
  /** The cart changed, or was checked out, since the page read it: nothing was ordered. */
  onCartOutdated?: (error: ApiError) => void;
  /** Where this tab keeps what was typed, so a reload keeps it (see utils/checkout-draft.ts). */
  draftKey?: string;
  delivery: DeliveryPicker;
  deliveryMethod: DeliveryMethodPicker;
  /** How the order is paid, and the choice shown (a buyer with payment terms chooses). */
  payment?: { method: 'card' | 'account'; choice: ReactNode };
  /** The tax by destination (decision 064); `expectedTotal` is then the goods as this buyer pays. */
  charges?: OrderCharges;
  submitLabel?: string;
}) {
  const paymentMethod = payment?.method ?? 'card';
  const placing = useMutation({
    mutationFn: ({ values, key }: { values: CheckoutValues; key: string }) =>
      placeOrder(values, key),
  });
  const form = useForm<CheckoutInput, unknown, CheckoutOutput>({
    resolver: useDeliveryResolver<CheckoutInput, CheckoutOutput>(
      delivery,
      typedResolver,
      bookResolver,
    ),
    defaultValues: { phone: savedPhone ?? '', address: '', poNumber: '', note: '' },
    mode: 'onTouched',
  });
  const deliveryPart = useDeliverySection({
    form,
    delivery,
    deliveryMethod,
    savedPhone,
  });
  const { failure, fail, clear, setFailure } = useSubmitFailure(
    form.setError,
    FIELDS,
    ORDER_OUTCOME,
    explainOrderRefusal,
  );
  // From the press until the outcome (a new address saved, the methods or the tax of an address
  // just chosen arrived, the order placed): the button says so and takes no second press.
  const { errors, isSubmitting: isPlacing } = form.formState;

  useCheckoutDraft(form, draftKey);

  // A changed cart (or way of paying) is another order: it gets a new key.
  const attemptKey = useAttemptKey(JSON.stringify([lines, paymentMethod]));

  // What the page shows now: a submit that waits for the tax of a just-chosen address reads the
  // figures as they are once it is in.
  const shown = useRef({ expectedTotal, charges });
  shown.current = { expectedTotal, charges };

  const onSubmit = form.handleSubmit(async (values) => {
    if (blockedBy) return;
    const sent = await deliveryPart.sent(values);
    if (sent === 'still-loading') return setFailure(STILL_LOADING);
    if (!sent) return;
    // The tax of an address chosen (or typed) a moment ago may still be on its way: wait for it,
    // so the total sent is the one the page shows.
    if (!(await becomes(() => shown.current.charges?.isReady !== false)))
      return setFailure(STILL_LOADING);
    const now = shown.current;
    const priceOf = now.charges?.priceOf ?? ((price: number) => price);
    onShortLines?.({});
    const { phone: _phone, address: _address, ...rest } = values;
    // Awaited here, not left to the mutation's own callbacks: those are dropped once the form
    // leaves the screen, and the cart the order emptied may take it away before they run. The
    // page that placed the order still says it was placed.
    let placed: T;
    try {
      placed = await placing.mutateAsync({
        values: {
          ...rest,
          ...sent.fields,
          ...(sent.deliveryMethodId ? { deliveryMethodId: sent.deliveryMethodId } : {}),
          expectedTotal:
            now.expectedTotal === undefined ? undefined : now.expectedTotal + priceOf(sent.price),
          paymentMethod,
        },
        key: attemptKey.current(),
      });
    } catch (error) {
      attemptKey.settle(error);
      if (isApiError(error) && OUTDATED_CART.has(error.code) && onCartOutdated) {
        clear();
        onCartOutdated(error);
        return;
      }
      const short = shortLines(error, lines);
      if (Object.keys(short).length > 0) onShortLines?.(short);
      if (isApiError(error) && error.code === 'price_changed') onPriceChanged();
      deliveryPart.onRefused(error);
      fail(error);
      return;
    }
    attemptKey.settle();
    clear();
    if (draftKey) clearCheckoutDraft(draftKey);
    onPlaced(placed);
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
        {deliveryPart.section}
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
        <OrderSubmitError failure={failure} onRetry={onSubmit} isRetrying={isPlacing} />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          isPending={isPlacing && !failure}
          disabled={blockedBy !== null || isPlacing}
          aria-describedby={blockedBy ? 'checkout-blocked' : undefined}
        >
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
