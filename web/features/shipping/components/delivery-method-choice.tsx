import { useId, useState } from 'react';
import { countryInSentence } from '#contract/addresses.ts';
import { formatDay } from '#contract/dates.ts';
import type { DeliveryOption } from '#contract/delivery-methods.ts';
import { formatMoney } from '#contract/money.ts';
import { type DeliverySubject, useDeliveryOptions } from '../api/delivery-methods.ts';

/**
 * How an order travels (a cart's, buy now's, an offer's): the methods that deliver it to the
 * chosen address's country, each with the price and the day the store quotes (`preferred` is
 * chosen while it serves the country, an order bought again's method; otherwise the cheapest,
 * until the buyer picks another). The store prices the chosen one again when the order is placed.
 */
export function useDeliveryMethodChoice(
  country: string | null,
  subject: DeliverySubject,
  preferred: string | null = null,
) {
  const options = useDeliveryOptions(country, subject);
  const [picked, setPicked] = useState<string | null>(null);
  const list = country === null ? [] : (options.data ?? []);
  const chosen: DeliveryOption | null =
    list.find((option) => option.methodId === picked) ??
    list.find((option) => option.methodId === preferred) ??
    list[0] ??
    null;
  const isLoading = country !== null && options.isPending && options.fetchStatus !== 'idle';
  // A country, but nothing to quote yet (buy now before its quantity can be ordered).
  const isWaiting = country !== null && options.isPending && options.fetchStatus === 'idle';
  return {
    country,
    list,
    chosen,
    setPicked,
    isLoading,
    isWaiting,
    refresh: () => void options.refetch(),
  };
}

export type DeliveryMethodChoiceState = ReturnType<typeof useDeliveryMethodChoice>;

/** One radio per method, with its price and promised day, and the total with delivery. */
export function DeliveryMethodChoice({
  choice,
  goodsTotal,
  currency,
  priceOf = (price) => price,
}: {
  choice: DeliveryMethodChoiceState;
  /** The goods as this buyer pays for them (tax by destination included). */
  goodsTotal: number | undefined;
  currency: string;
  /** A method's price as this buyer pays it (decision 064); the price itself by default. */
  priceOf?: (price: number) => number;
}) {
  const name = useId();
  const { country, list, chosen, setPicked, isLoading, isWaiting } = choice;
  const money = (minorUnits: number) => formatMoney(minorUnits, currency);
  if (country === null) {
    return (
      <p className="text-sm text-stone-600">
        Delivery methods, prices and dates go by the country of an address in your address book. A
        typed address is delivered as we arrange with you.
      </p>
    );
  }
  if (isWaiting) {
    return (
      <p className="text-sm text-stone-600">
        Delivery methods to {countryInSentence(country)}, with their prices and dates, show once the
        quantity can be ordered.
      </p>
    );
  }
  if (isLoading) return <p className="text-sm text-stone-600">Finding delivery methods…</p>;
  if (list.length === 0) {
    return (
      <p className="text-sm text-stone-600">
        None of our delivery methods serves {countryInSentence(country)} for this order; we arrange
        the delivery with you after the order.
      </p>
    );
  }
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-semibold text-stone-800">
        Delivery method to {countryInSentence(country)}
      </legend>
      {list.map((option) => {
        const id = `${name}-${option.methodId}`;
        const checked = chosen?.methodId === option.methodId;
        return (
          <label
            key={option.methodId}
            htmlFor={id}
            className={`flex cursor-pointer gap-3 rounded-md border p-3 text-sm ${checked ? 'border-navy-600 bg-navy-50' : 'border-stone-300 bg-white hover:border-stone-400'}`}
          >
            <input
              id={id}
              type="radio"
              name={name}
              checked={checked}
              onChange={() => setPicked(option.methodId)}
              className="mt-0.5 size-4 shrink-0 accent-navy-700"
            />
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap justify-between gap-x-3">
                <span className="font-semibold text-stone-900 wrap-anywhere">{option.name}</span>
                <span className="font-semibold text-stone-900">
                  {option.price === 0 ? 'Free' : money(priceOf(option.price))}
                </span>
              </span>
              <span className="block text-stone-700">
                Delivered by {formatDay(option.deliveryDate)}
              </span>
            </span>
          </label>
        );
      })}
      {chosen && goodsTotal !== undefined && (
        <p className="flex justify-between gap-3 pt-1 text-sm" data-testid="total-with-delivery">
          <span className="text-stone-700">Total with delivery</span>
          <span className="font-bold text-navy-900">
            {money(goodsTotal + priceOf(chosen.price))}
          </span>
        </p>
      )}
    </fieldset>
  );
}
