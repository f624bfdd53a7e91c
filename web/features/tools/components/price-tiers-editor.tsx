import {
  type Control,
  type FieldErrors,
  type UseFormRegister,
  useFieldArray,
} from 'react-hook-form';
import { MAX_PRICE_TIERS } from '#contract/price-tiers.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';

/** What the tool forms hold for their price breaks (prices as typed, in currency units). */
interface TierFormValues {
  priceTiers: { minQuantity: number; price: string }[];
}

/**
 * The volume prices of a tool: up to five rows of "from N units, this price each", quantities
 * rising and prices falling (checked as the form is sent, and again by the server).
 */
export function PriceTiersEditor<T extends TierFormValues, Context, Output>({
  control,
  register,
  errors,
  currency,
}: {
  control: Control<T, Context, Output>;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  currency: string;
}) {
  // The generic form narrowed to the part this editor owns.
  const tiersControl = control as unknown as Control<TierFormValues>;
  const tiersRegister = register as unknown as UseFormRegister<TierFormValues>;
  const tierErrors = (errors as FieldErrors<TierFormValues>).priceTiers;
  const { fields, append, remove } = useFieldArray({ control: tiersControl, name: 'priceTiers' });
  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-sm font-semibold text-stone-800">Volume prices (optional)</legend>
      <p className="mt-1 text-sm text-stone-600">
        A lower price per unit from a quantity up, in one order line. Up to {MAX_PRICE_TIERS}{' '}
        breaks, quantities rising and prices falling, all below the unit price.
      </p>
      {tierErrors?.root?.message || tierErrors?.message ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {tierErrors?.root?.message ?? tierErrors?.message}
        </p>
      ) : null}
      <ul className="mt-3 space-y-3">
        {fields.map((field, index) => (
          <li
            key={field.id}
            className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
          >
            <TextField
              label={`Break ${index + 1}: from (units)`}
              type="number"
              inputMode="numeric"
              min={2}
              step={1}
              error={tierErrors?.[index]?.minQuantity?.message}
              {...tiersRegister(`priceTiers.${index}.minQuantity`, { valueAsNumber: true })}
            />
            <TextField
              label={`Break ${index + 1}: unit price (${currency})`}
              inputMode="decimal"
              error={tierErrors?.[index]?.price?.message}
              {...tiersRegister(`priceTiers.${index}.price`)}
            />
            <Button
              variant="ghost"
              className="sm:mt-6"
              onClick={() => remove(index)}
              aria-label={`Remove break ${index + 1}`}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      {fields.length < MAX_PRICE_TIERS && (
        <Button
          variant="outline"
          size="sm"
          className="mt-3"
          onClick={() => append({ minQuantity: Number.NaN, price: '' })}
        >
          New price break
        </Button>
      )}
    </fieldset>
  );
}
