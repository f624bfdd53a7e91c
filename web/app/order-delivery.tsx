import { useMemo } from 'react';
import type { TaxDecision } from '#contract/tax.ts';
import { useAddressBook } from '#web/features/addresses/api/address-book.ts';
import {
  DeliveryChoice,
  TypedPlaceFields,
  useDeliveryChoice,
} from '#web/features/addresses/components/delivery-choice.tsx';
import type { EarlierDelivery } from '#web/features/addresses/utils/delivery-pick.ts';
import type {
  DeliveryMethodPicker,
  DeliveryPicker,
  OrderCharges,
} from '#web/features/orders/components/checkout-form.tsx';
import type { DeliverySubject } from '#web/features/shipping/api/delivery-methods.ts';
import {
  DeliveryMethodChoice,
  useDeliveryMethodChoice,
} from '#web/features/shipping/components/delivery-method-choice.tsx';
import { useCharges } from '#web/features/tax/api/charges.ts';
import { TaxNote } from '#web/features/tax/components/tax-note.tsx';

/**
 * Where an order goes and how it travels, the same on every page that places one (the cart's
 * checkout, buy now, accepting an offer): the address book's picker (the default first; the
 * earlier order's address when buying again), or an address typed into the form with its country
 * (an order bought again's own); then the delivery methods that serve the chosen address's
 * country, priced for `subject` with the total with delivery (an order bought again's method
 * chosen while it serves it); and the tax of where it goes, each price as this buyer pays it
 * (decision 064).
 * The store prices the order again when it is placed.
 */
export function useOrderDelivery({
  subject,
  lines,
  currency,
  earlier = null,
}: {
  subject: DeliverySubject;
  /** The goods at the store's (or the offer's) prices, before delivery (undefined while unknown). */
  lines: readonly { unitPrice: number; quantity: number }[] | undefined;
  currency: string;
  earlier?: EarlierDelivery | null;
}): {
  delivery: DeliveryPicker;
  deliveryMethod: DeliveryMethodPicker;
  charges: OrderCharges;
  /** The goods as this buyer pays for them, taxed for where the order goes. */
  goods: number | undefined;
  /** The goods and the delivery chosen, as this buyer pays. */
  toPay: number | undefined;
  /** How the order to the chosen address is taxed; undefined while the store decides. */
  taxDecision: TaxDecision | undefined;
} {
  const book = useAddressBook();
  const choice = useDeliveryChoice(book.data, earlier);
  // Tax by destination (decision 064): every price as this buyer will be charged it.
  const taxed = useCharges(choice.country, choice.postcode);
  const goods = lines && taxed.goodsOf(lines);
  const typed = useMemo(
    () => (earlier ? { address: earlier.address, phone: earlier.phone } : null),
    [earlier],
  );
  const method = useDeliveryMethodChoice(choice.country, subject, earlier?.methodId);
  const toPay = goods === undefined ? undefined : goods + taxed.priceOf(method.chosen?.price ?? 0);
  return {
    delivery: {
      picker: <DeliveryChoice choice={choice} />,
      isTyped: choice.pick.kind === 'typed',
      typedPlace: <TypedPlaceFields choice={choice} />,
      choose: choice.choose,
      typed,
    },
    deliveryMethod: {
      picker: (
        <DeliveryMethodChoice
          choice={method}
          goodsTotal={goods}
          currency={currency}
          priceOf={taxed.priceOf}
        />
      ),
      chosen: method.chosen,
      isLoading: method.isLoading,
      refresh: () => {
        method.refresh();
        taxed.retry();
      },
    },
    charges: {
      priceOf: taxed.priceOf,
      isReady: taxed.decision !== undefined,
      note: <TaxNote charges={taxed} total={toPay} currency={currency} />,
    },
    goods,
    toPay,
    taxDecision: taxed.decision,
  };
}
