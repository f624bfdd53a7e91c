import { type Path, useFieldArray, useForm } from 'react-hook-form';
import { CountrySchema } from '#contract/countries.ts';
import type { CreateDeliveryMethodBody, DeliveryMethod } from '#contract/delivery-methods.ts';
import { joinWords } from '#contract/format.ts';
import { fractionDigits, fromMinorUnits, toMinorUnits } from '#contract/money.ts';
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

const codesOf = (typed: string) =>
  typed
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((code) => code.toUpperCase());

/**
 * What only typing can get wrong, said before anything is sent: a code that is no country's, an
 * amount or a weight that is no number. The contract's rules (ranges, bands that rise) stay the
 * store's, and its answers land under the fields they name.
 */
function checks(currency: string) {
  const example = fractionDigits(currency) > 0 ? '12.50' : '1250';
  const amount = (typed: string) =>
    toMinorUnits(typed, currency) !== undefined || `Enter an amount such as ${example}.`;
  return {
    countries: (typed: string) => {
      const unknown = codesOf(typed).filter((code) => !CountrySchema.safeParse(code).success);
      if (unknown.length === 0) return true;
      const which =
        unknown.length === 1
          ? `${unknown[0]} is not a country's code`
          : `${joinWords(unknown)} are not countries' codes`;
      const hint = unknown.includes('UK') ? ' (the United Kingdom is GB)' : '';
      return `${which}${hint}: use two-letter ISO codes such as GB, DE, FR.`;
    },
    price: amount,
    upTo: (typed: string, values: MethodFormValues) =>
      typed.trim() === '' ||
      (values.priceBasis === 'weight'
        ? /^\s*\d+\s*$/.test(typed) || 'Enter a whole number of grams, such as 2000.'
        : amount(typed)),
    freeAbove: (typed: string) => typed.trim() === '' || amount(typed),
  };
}

/** The body the API takes, from values the form has checked. */
function bodyOf(values: MethodFormValues, currency: string): CreateDeliveryMethodBody {
  const money = (text: string) => toMinorUnits(text, currency) ?? -1;
  return {
    name: values.name.trim(),
    countries: codesOf(values.countries) as CreateDeliveryMethodBody['countries'],
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
  // The store names a band's field by its place (bands.1.upTo): its answer goes under it.
  const fields = [
    ...FIELDS,
    ...bands.fields.flatMap((_, index) => [`bands.${index}.upTo`, `bands.${index}.price`] as const),
  ];
  const { failure, fail, clear } = useSubmitFailure(form.setError, fields, OUTCOME);
  const errors = form.formState.errors;
  const basis = form.watch('priceBasis');
  const check = checks(currency);
  // The bands' limits are read by the basis (grams or an amount): once the form has been sent,
  // another basis checks them again, so no error of the other stays under them.
  const recheckBands = () => {
    if (!form.formState.isSubmitted) return;
    void form.trigger(bands.fields.map((_, index) => `bands.${index}.upTo` as const));
  };

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
        {...form.register('countries', { validate: check.countries })}
      />
      <SelectField
        label="Priced by"
        error={errors.priceBasis?.message}
        {...form.register('priceBasis', { onChange: recheckBands })}
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
              {...form.register(`bands.${index}.upTo`, { validate: check.upTo })}
            />
            <TextField
              label={`Band ${index + 1}: price (${currency})`}
              inputMode="decimal"
              error={errors.bands?.[index]?.price?.message}
              {...form.register(`bands.${index}.price`, { validate: check.price })}
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
        {...form.register('freeAbove', { validate: check.freeAbove })}
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
