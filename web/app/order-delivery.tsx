import { useMemo } from 'react';
import { useAddressBook } from '#web/features/addresses/api/address-book.ts';
import {
  DeliveryChoice,
  useDeliveryChoice,
} from '#web/features/addresses/components/delivery-choice.tsx';
import type { EarlierDelivery } from '#web/features/addresses/utils/delivery-pick.ts';
import type {
  DeliveryMethodPicker,
  DeliveryPicker,
} from '#web/features/orders/components/checkout-form.tsx';
import type { DeliverySubject } from '#web/features/shipping/api/delivery-methods.ts';
import {
  DeliveryMethodChoice,
  useDeliveryMethodChoice,
} from '#web/features/shipping/components/delivery-method-choice.tsx';

/**
 * Where an order goes and how it travels, the same on every page that places one (the cart's
 * checkout, buy now, accepting an offer): the address book's picker (the default first; the
 * earlier order's address when buying again), or an address typed into the form; then the
 * delivery methods that serve the chosen address's country, priced for `subject` with the total
 * with delivery. The store prices the chosen method again when the order is placed.
 */
export function useOrderDelivery({
  subject,
  goodsTotal,
  currency,
  earlier = null,
}: {
  subject: DeliverySubject;
  /** The goods' total the page shows, before delivery (undefined while unknown). */
  goodsTotal: number | undefined;
  currency: string;
  earlier?: EarlierDelivery | null;
}): { delivery: DeliveryPicker; deliveryMethod: DeliveryMethodPicker } {
  const book = useAddressBook();
  const choice = useDeliveryChoice(book.data, earlier);
  const typed = useMemo(
    () => (earlier ? { address: earlier.address, phone: earlier.phone } : null),
    [earlier],
  );
  const method = useDeliveryMethodChoice(choice.country, subject);
  return {
    delivery: {
      picker: <DeliveryChoice choice={choice} />,
      isTyped: choice.pick.kind === 'typed',
      choose: choice.choose,
      typed,
    },
    deliveryMethod: {
      picker: <DeliveryMethodChoice choice={method} goodsTotal={goodsTotal} currency={currency} />,
      chosen: method.chosen,
      isLoading: method.isLoading,
      refresh: method.refresh,
    },
  };
}
