import { type Path, useFieldArray, useForm } from 'react-hook-form';
import type { CreateDeliveryMethodBody, DeliveryMethod } from '#contract/delivery-methods.ts';
import { fromMinorUnits, toMinorUnits } from '#contract/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SelectField, SubmitError, TextField } from '#web/components/ui/field.tsx';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import { useCurrency } from '#web/lib/store-config.ts';
import { useAddDeliveryMethod, useUpdateDeliveryMethod } from '../api/delivery-methods.ts';

/** The form as typed: amounts in currency units, weights in grams, countries as a list of codes. */
interface MethodFormValues {
  name: string;
  countries: string;
  priceBasis: 'weight' | 'value';
  bands: { upTo: string; price: string }[];
  freeAbove: string;
  workingDays: string;
  cutOffTime: string;
  isActive: boolean;
}

const FIELDS = [
  'name',
  'countries',
  'priceBasis',
  'bands',
  'freeAbove',
  'workingDays',
  'cutOffTime',
  'isActive',
] as const satisfies readonly Path<MethodFormValues>[];

const OUTCOME = {
  notDone: 'Nothing was saved.',
  unknown: 'We cannot tell whether the method was saved: look at the list before adding it again.',
};

function formValues(method: DeliveryMethod | null, currency: string): MethodFormValues {
  if (!method)
    return {
      name: '',
      countries: '',
      priceBasis: 'weight',
      bands: [{ upTo: '', price: '' }],
      freeAbove: '',
      workingDays: '2',
      cutOffTime: '14:00',
      isActive: true,
    };
  const amount = (minor: number) => fromMinorUnits(minor, currency);
  return {
    name: method.name,
    countries: method.countries.join(', '),
    priceBasis: method.priceBasis,
    bands: method.bands.map((band) => ({
      upTo:
        band.upTo === null
          ? ''
          : method.priceBasis === 'weight'
            ? String(band.upTo)
            : amount(band.upTo),
      price: amount(band.price),
    })),
    freeAbove: method.freeAbove === null ? '' : amount(method.freeAbove),
    workingDays: String(method.workingDays),
    cutOffTime: method.cutOffTime,
    isActive: method.isActive,
  };
}

/**
 * The body the API takes. An amount that is not one is sent as -1, so that the server names the
 * field in its own words (one set of rules, the contract's).
 */
function bodyOf(values: MethodFormValues, currency: string): CreateDeliveryMethodBody {
  const money = (text: string) => toMinorUnits(text, currency) ?? -1;
  return {
    name: values.name.trim(),
    countries: values.countries
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map((code) => code.toUpperCase()) as CreateDeliveryMethodBody['countries'],
    priceBasis: values.priceBasis,
    bands: values.bands.map((band) => ({
      upTo:
        band.upTo.trim() === ''
          ? null
          : values.priceBasis === 'weight'
            ? Number(band.upTo)
            : money(band.upTo),
      price: money(band.price),
    })),
    freeAbove: values.freeAbove.trim() === '' ? null : money(values.freeAbove),
    workingDays: Number(values.workingDays),
    cutOffTime: values.cutOffTime,
    isActive: values.isActive,
  };
}

/** Adding a delivery method, or changing one (`method`). */
export function DeliveryMethodForm({
  method,
  onSaved,
  onCancel,
}: {
  method: DeliveryMethod | null;
  onSaved: (saved: DeliveryMethod) => void;
  onCancel: () => void;
}) {
  const currency = useCurrency();
  const adding = useAddDeliveryMethod();
  const updating = useUpdateDeliveryMethod();
  const form = useForm<MethodFormValues>({ defaultValues: formValues(method, currency) });
  const bands = useFieldArray({ control: form.control, name: 'bands' });
  const { failure, fail, clear } = useSubmitFailure(form.setError, FIELDS, OUTCOME);
  const errors = form.formState.errors;
  const basis = form.watch('priceBasis');

  const onSubmit = form.handleSubmit(async (values) => {
    clear();
    try {
      const body = bodyOf(values, currency);
      onSaved(
        method
          ? await updating.mutateAsync({ id: method._id, body })
          : await adding.mutateAsync(body),
      );
    } catch (error) {
      fail(error);
    }
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="space-y-5">
      <TextField label="Name" error={errors.name?.message} {...form.register('name')} />
      <TextField
        label="Countries"
        hint="Two-letter codes, separated by commas: GB, DE, FR."
        error={errors.countries?.message}
        {...form.register('countries')}
      />
      <SelectField
        label="Priced by"
        error={errors.priceBasis?.message}
        {...form.register('priceBasis')}
      >
        <option value="weight">The order's weight</option>
        <option value="value">The value of the goods</option>
      </SelectField>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-stone-800">Price bands</legend>
        <p className="text-sm text-stone-600">
          {basis === 'weight'
            ? 'Orders up to each weight in grams cost its price; leave the last weight empty for any weight above.'
            : `Orders whose goods come to at most each amount (${currency}) cost its price; leave the last amount empty for any amount above.`}
        </p>
        {errors.bands?.message && <p className="text-sm text-red-700">{errors.bands.message}</p>}
        {bands.fields.map((field, index) => (
          <div key={field.id} className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_1fr_auto]">
            <TextField
              label={
                basis === 'weight'
                  ? `Band ${index + 1}: up to (grams)`
                  : `Band ${index + 1}: up to (${currency})`
              }
              inputMode="decimal"
              error={errors.bands?.[index]?.upTo?.message}
              {...form.register(`bands.${index}.upTo`)}
            />
            <TextField
              label={`Band ${index + 1}: price (${currency})`}
              inputMode="decimal"
              error={errors.bands?.[index]?.price?.message}
              {...form.register(`bands.${index}.price`)}
            />
            <div className="flex items-end">
              <Button
                type="button"
                variant="outline"
                disabled={bands.fields.length === 1}
                onClick={() => bands.remove(index)}
              >
                Remove band {index + 1}
              </Button>
            </div>
          </div>
        ))}
        <Button
          type="button"
          variant="outline"
          onClick={() => bands.append({ upTo: '', price: '' })}
        >
          Add a band
        </Button>
      </fieldset>
      <TextField
        label={`Free from (${currency})`}
        hint="Goods worth at least this much ship free; empty: never free."
        inputMode="decimal"
        error={errors.freeAbove?.message}
        {...form.register('freeAbove')}
      />
      <TextField
        label="Working days to deliver"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        error={errors.workingDays?.message}
        {...form.register('workingDays')}
      />
      <TextField
        label="Daily cut-off"
        type="time"
        hint="Orders placed before this time on a working day leave the same day."
        error={errors.cutOffTime?.message}
        {...form.register('cutOffTime')}
      />
      <label className="flex items-center gap-2 text-sm font-semibold text-stone-800">
        <input type="checkbox" className="size-4" {...form.register('isActive')} />
        Offered to buyers
      </label>
      <SubmitError failure={failure} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" isPending={adding.isPending || updating.isPending}>
          {method ? 'Save changes' : 'Add delivery method'}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
