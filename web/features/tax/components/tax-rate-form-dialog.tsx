import { type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { countryInSentence } from '#contract/addresses.ts';
import {
  type CreateTaxRateBody,
  CreateTaxRateBodySchema,
  type TaxRate,
  taxPlaceInSentence,
  type UpdateTaxRateBody,
  UpdateTaxRateBodySchema,
} from '#contract/tax.ts';
import { CountryField } from '#web/components/country-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { SelectField, SubmitError, TextField } from '#web/components/ui/field.tsx';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import { useAddTaxRate, useUpdateTaxRate } from '../api/tax.ts';

/** Adding a rate (`rate` null), or changing one. */
export type TaxRateEdit = { rate: TaxRate | null };

/** The form as typed: the rate and the postcode beginnings as text. */
interface RateFormValues {
  country: string;
  scope: 'country' | 'region';
  region: string;
  postcodePrefixes: string;
  rate: string;
  label: string;
}

const FIELDS = [
  'country',
  'region',
  'postcodePrefixes',
  'rate',
  'label',
] as const satisfies readonly Path<RateFormValues>[];

const OUTCOME = {
  notDone: 'Nothing was saved.',
  unknown: 'We cannot tell whether the rate was saved: look at the list before adding it again.',
};

function formValues(rate: TaxRate | null): RateFormValues {
  return {
    country: rate?.country ?? '',
    scope: rate?.region ? 'region' : 'country',
    region: rate?.region ?? '',
    postcodePrefixes: rate?.postcodePrefixes.join(', ') ?? '',
    rate: rate ? String(rate.rate) : '',
    label: rate?.label ?? 'VAT',
  };
}

/** The fields every body has, from what was typed ("7,5" is 7.5; an empty rate is no number). */
function fieldsOf(values: RateFormValues) {
  const typedRate = values.rate.trim().replace(',', '.');
  const isRegion = values.scope === 'region';
  return {
    region: isRegion ? values.region : null,
    postcodePrefixes: isRegion ? values.postcodePrefixes.split(/[\s,;]+/).filter(Boolean) : [],
    rate: typedRate === '' ? Number.NaN : Number(typedRate),
    label: values.label.trim() || 'VAT',
  };
}

export function TaxRateFormDialog({
  edit,
  onClose,
  onSaved,
}: {
  edit: TaxRateEdit | null;
  onClose: () => void;
  onSaved: (rate: TaxRate, isNew: boolean) => void;
}) {
  const rate = edit?.rate ?? null;
  return (
    <Dialog
      open={edit !== null}
      onClose={onClose}
      title={rate ? `Change the rate of ${taxPlaceInSentence(rate)}` : 'Add a tax rate'}
      size="lg"
    >
      {edit && (
        <TaxRateForm key={rate?._id ?? 'new'} rate={rate} onCancel={onClose} onSaved={onSaved} />
      )}
    </Dialog>
  );
}

function TaxRateForm({
  rate,
  onCancel,
  onSaved,
}: {
  rate: TaxRate | null;
  onCancel: () => void;
  onSaved: (rate: TaxRate, isNew: boolean) => void;
}) {
  const adding = useAddTaxRate();
  const updating = useUpdateTaxRate();
  const isPending = adding.isPending || updating.isPending;
  const form = useForm<RateFormValues>({ defaultValues: formValues(rate) });
  const { failure, fail, clear } = useSubmitFailure(form.setError, FIELDS, OUTCOME);
  const { errors } = form.formState;
  const scope = form.watch('scope');

  /** The contract's own rules, before anything is sent: each problem under its field. */
  const checked = <T,>(result: z.ZodSafeParseResult<T>): T | undefined => {
    if (result.success) return result.data;
    let isFirst = true;
    for (const issue of result.error.issues) {
      const field = FIELDS.find((name) => name === issue.path[0]);
      if (!field) continue;
      form.setError(field, { message: issue.message }, { shouldFocus: isFirst });
      isFirst = false;
    }
    return undefined;
  };

  const onSubmit = form.handleSubmit(async (values) => {
    clear();
    const fields = fieldsOf(values);
    try {
      if (rate) {
        const body = checked<UpdateTaxRateBody>(
          UpdateTaxRateBodySchema.safeParse(
            rate.region === null ? { rate: fields.rate, label: fields.label } : fields,
          ),
        );
        if (body) onSaved(await updating.mutateAsync({ id: rate._id, body }), false);
        return;
      }
      const body = checked<CreateTaxRateBody>(
        CreateTaxRateBodySchema.safeParse({ country: values.country, ...fields }),
      );
      if (body) onSaved(await adding.mutateAsync(body), true);
    } catch (error) {
      fail(error);
    }
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      {rate ? (
        <p className="text-stone-700 sm:col-span-2">
          {rate.region === null
            ? `The rate of all of ${countryInSentence(rate.country)}, but for its regions with rates of their own.`
            : `A region of ${countryInSentence(rate.country)}.`}
        </p>
      ) : (
        <>
          <CountryField
            autoComplete="off"
            error={errors.country?.message}
            {...form.register('country')}
          />
          <SelectField label="Applies to" {...form.register('scope')}>
            <option value="country">The whole country</option>
            <option value="region">A region, by its postcodes</option>
          </SelectField>
        </>
      )}
      {scope === 'region' && (
        <>
          <TextField
            label="Region"
            autoComplete="off"
            hint="Its name, as invoices show it: Canary Islands."
            error={errors.region?.message}
            {...form.register('region')}
          />
          <TextField
            label="Postcodes beginning with"
            autoComplete="off"
            hint="Separated by commas: 35, 38. The longest beginning a postcode has wins."
            error={errors.postcodePrefixes?.message}
            {...form.register('postcodePrefixes')}
          />
        </>
      )}
      <TextField
        label="Rate (%)"
        inputMode="decimal"
        autoComplete="off"
        hint="0 to 100, at most two decimals: 20, 7.5."
        error={errors.rate?.message}
        {...form.register('rate')}
      />
      <TextField
        label="Called"
        autoComplete="off"
        hint="What the checkout calls this tax: VAT, GST, Sales tax."
        error={errors.label?.message}
        {...form.register('label')}
      />
      <div className="flex flex-col gap-4 sm:col-span-2">
        <SubmitError failure={failure} onRetry={onSubmit} isRetrying={isPending} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="outline" onClick={onCancel} disabled={isPending}>
            Close
          </Button>
          <Button type="submit" variant="secondary" isPending={isPending}>
            {rate ? 'Save changes' : 'Add rate'}
          </Button>
        </div>
      </div>
    </form>
  );
}
