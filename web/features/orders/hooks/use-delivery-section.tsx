import { useEffect, useRef } from 'react';
import type {
  FieldValues,
  Path,
  Resolver,
  UseFormRegisterReturn,
  UseFormReturn,
} from 'react-hook-form';
import { z } from 'zod';
import type { CountryCode } from '#contract/countries.ts';
import { PlaceOrderBodySchema } from '#contract/order-placement.ts';
import { isApiError } from '#web/lib/api-error.ts';
import { becomes } from '#web/lib/becomes.ts';
import type { SubmitFailure } from '#web/lib/form-errors.ts';
import type { DeliveryMethodPicker, DeliveryPicker } from '../components/checkout-form.tsx';
import { DeliveryFields, useSavedPhone } from '../components/delivery-fields.tsx';

/**
 * Place order pressed while the delivery methods or the tax for the address just chosen were on
 * their way, and they had not arrived within a few seconds: said, never a click that does nothing.
 */
export const STILL_LOADING: SubmitFailure = {
  message:
    'The delivery options and tax for this address are still loading. Wait a moment, then try again.',
  canRetry: true,
  outcomeUnknown: false,
};

/** A typed address: the phone and the address are required. */
export const TYPED_DELIVERY = {
  phone: PlaceOrderBodySchema.shape.phone.unwrap(),
  address: PlaceOrderBodySchema.shape.address.unwrap(),
};
/** An address of the book: whatever the typed fields hold is not sent. */
export const BOOK_DELIVERY = {
  phone: z.string().transform(() => undefined),
  address: z.string().transform(() => undefined),
};

/** What an order sends of its delivery, and what delivery adds to the total the buyer saw. */
export interface DeliverySent {
  fields:
    | { addressId: string }
    | { phone: string; address: string; country: CountryCode; postcode?: string };
  deliveryMethodId?: string;
  price: number;
}

/** Any form with a phone and an address, whatever it outputs. */
// biome-ignore lint/suspicious/noExplicitAny: its context and output are the form's own
type DeliveryForm<F extends DeliveryFieldValues> = UseFormReturn<F, any, any>;
type DeliveryFieldValues = { phone: string; address: string };

/**
 * The delivery part of every form that places an order (the cart's checkout, buy now, accepting an
 * offer), one way: the address chosen beside the form (the book's picker) or typed into the form's
 * phone and address (checked by useDeliveryResolver's schema); the delivery method for it; and
 * what the order sends (`sent`), null when the choice stops it.
 */
/** The form's check, as the address is typed (`typed`) or chosen from the book (`book`). */
export function useDeliveryResolver<T extends FieldValues, R>(
  delivery: DeliveryPicker,
  typed: Resolver<T, unknown, R>,
  book: Resolver<T, unknown, R>,
): Resolver<T, unknown, R> {
  const isTyped = useRef(delivery.isTyped);
  isTyped.current = delivery.isTyped;
  return (values, context, options) => (isTyped.current ? typed : book)(values, context, options);
}

export function useDeliverySection<F extends DeliveryFieldValues>({
  form,
  delivery,
  deliveryMethod,
  savedPhone,
}: {
  form: DeliveryForm<F>;
  delivery: DeliveryPicker;
  deliveryMethod: DeliveryMethodPicker;
  savedPhone: string | null | undefined;
}) {
  useSavedPhone(form, savedPhone);
  useTypedPrefill(form, delivery.typed);
  const latestMethod = useRef(deliveryMethod);
  latestMethod.current = deliveryMethod;

  return {
    /**
     * Where the order goes and how (saving a new address to the book first); null stops it (the
     * fields say why), 'still-loading' when the methods for it did not arrive in time.
     */
    async sent(values: {
      phone?: string;
      address?: string;
    }): Promise<DeliverySent | null | 'still-loading'> {
      const chosen = await delivery.choose();
      if (!chosen) return null;
      // The methods of an address chosen (or a country picked) a moment ago may still be on their
      // way: the order waits for them, and takes the method shown once they are in.
      if (!(await becomes(() => !latestMethod.current.isLoading))) return 'still-loading';
      const method = latestMethod.current.chosen;
      return {
        fields:
          'typed' in chosen
            ? { phone: values.phone ?? '', address: values.address ?? '', ...chosen.typed }
            : { addressId: chosen.addressId },
        ...(method ? { deliveryMethodId: method.methodId } : {}),
        price: method?.price ?? 0,
      };
    },
    /** A method that stopped serving the address: the methods are read again. */
    onRefused(error: unknown) {
      if (isApiError(error) && error.code === 'delivery_method_unavailable')
        deliveryMethod.refresh();
    },
    /** The address choice, the typed fields when typed, and the methods for the address. */
    section: (
      <>
        {delivery.picker}
        {delivery.isTyped && (
          <DeliveryFields
            phone={form.register(PHONE as Path<F>) as UseFormRegisterReturn<'phone'>}
            address={form.register(ADDRESS as Path<F>) as UseFormRegisterReturn<'address'>}
            phoneError={fieldMessage(form, 'phone')}
            addressError={fieldMessage(form, 'address')}
            savedPhone={savedPhone}
          />
        )}
        {delivery.isTyped && delivery.typedPlace}
        {deliveryMethod.picker}
      </>
    ),
  };
}

const PHONE = 'phone' as Path<DeliveryFieldValues>;
const ADDRESS = 'address' as Path<DeliveryFieldValues>;

function fieldMessage<F extends DeliveryFieldValues>(
  form: DeliveryForm<F>,
  name: 'phone' | 'address',
): string | undefined {
  const errors: Partial<Record<string, { message?: unknown }>> = form.formState.errors;
  const message = errors[name]?.message;
  return typeof message === 'string' ? message : undefined;
}

/** "Buy again" brings the earlier order's typed address: filled in unless the buyer typed one. */
function useTypedPrefill<F extends DeliveryFieldValues>(
  form: DeliveryForm<F>,
  typed: DeliveryPicker['typed'],
): void {
  useEffect(() => {
    if (!typed) return;
    const set = form.setValue as (name: string, value: string, options: object) => void;
    if (!form.getValues(ADDRESS as Path<F>)) set('address', typed.address, { shouldDirty: true });
    set('phone', typed.phone, { shouldDirty: true });
  }, [form, typed]);
}
