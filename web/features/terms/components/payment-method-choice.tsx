import { useMoney } from '#web/lib/store-config.ts';
import { useMyTerms } from '../api/terms.ts';

export type PaymentMethod = 'card' | 'account';

/**
 * How a buyer with payment terms pays at checkout: by card, or on account with what is left of
 * the credit limit. Nothing for a buyer without terms (they pay by card). An order past what is
 * left is still sent: the store refuses it with a sentence saying what is left.
 */
export function PaymentMethodChoice({
  value,
  onChange,
  total,
}: {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  /** The order's total as the cart shows it, when known. */
  total: number | undefined;
}) {
  const terms = useMyTerms();
  const money = useMoney();
  if (!terms.data) return null;
  const { netDays, creditLimit, left, buyerName, isCompany } = terms.data;
  const isOverLimit = total !== undefined && total > left;
  const option = (method: PaymentMethod, title: string, detail: string) => (
    <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-stone-200 bg-white p-3 has-checked:border-navy-600 has-checked:ring-1 has-checked:ring-navy-600">
      <input
        type="radio"
        name="paymentMethod"
        value={method}
        checked={value === method}
        onChange={() => onChange(method)}
        className="mt-1 size-4 accent-navy-700"
      />
      <span>
        <span className="block font-semibold text-navy-900">{title}</span>
        <span className="block text-sm text-stone-700">{detail}</span>
      </span>
    </label>
  );
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 font-semibold text-navy-900">Payment</legend>
      {option('card', 'Card', 'Pay by card after ordering, within the payment window.')}
      {option(
        'account',
        `On account (net ${netDays})`,
        `Invoiced now${isCompany ? ` to ${buyerName}` : ''}, due in ${netDays} days by bank transfer. ${money(left)} of your ${money(creditLimit)} credit limit is left.`,
      )}
      {value === 'account' && isOverLimit && (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          This order comes to {money(total)}, more than the {money(left)} left on your account: pay
          it by card, or make it smaller.
        </p>
      )}
    </fieldset>
  );
}
