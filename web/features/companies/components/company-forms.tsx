import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  type CreateCompanyBody,
  CreateCompanyBodySchema,
  type MyCompany,
} from '#contract/company-details.ts';
import { fromMinorUnits, toMinorUnits } from '#contract/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SubmitError, TextAreaField, TextField } from '#web/components/ui/field.tsx';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import { useCurrency } from '#web/lib/store-config.ts';
import { useCreateCompany, useUpdateCompany } from '../api/companies.ts';
import { budgetSchema } from './money-limit.ts';

const OUTCOME = {
  notDone: 'Nothing was saved.',
  unknown: 'Your changes may not be saved yet: reload the page to see.',
};
const FIELDS = ['name', 'vatNumber', 'billingAddress'] as const;

function CompanyFields({ form }: { form: ReturnType<typeof useForm<CreateCompanyBody>> }) {
  const { errors } = form.formState;
  return (
    <>
      <TextField
        label="Company name"
        autoComplete="organization"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextField
        label="VAT or tax number (optional)"
        placeholder="e.g. GB123456789"
        error={errors.vatNumber?.message}
        {...form.register('vatNumber')}
      />
      <TextAreaField
        label="Billing address (optional)"
        className="sm:col-span-2"
        rows={3}
        autoComplete="street-address"
        error={errors.billingAddress?.message}
        {...form.register('billingAddress')}
      />
    </>
  );
}

/** Makes a company with the caller as its owner. */
export function CreateCompanyForm({ onCreated }: { onCreated: () => void }) {
  const create = useCreateCompany();
  const form = useForm<CreateCompanyBody>({
    resolver: zodResolver(CreateCompanyBodySchema),
    defaultValues: { name: '', vatNumber: '', billingAddress: '' },
    mode: 'onTouched',
  });
  const { failure, fail, clear } = useSubmitFailure(form.setError, FIELDS, OUTCOME);
  const onSubmit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: () => {
        clear();
        onCreated();
      },
      onError: fail,
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2">
      <CompanyFields form={form} />
      <div className="flex flex-col gap-4 sm:col-span-2">
        <SubmitError failure={failure} onRetry={onSubmit} isRetrying={create.isPending} />
        <Button type="submit" isPending={create.isPending} className="sm:self-start">
          Create company
        </Button>
      </div>
    </form>
  );
}

type DetailsValues = CreateCompanyBody & { monthlyLimit: string };

/** An owner's form for the company's details and its monthly budget. */
export function CompanyDetailsForm({
  company,
  onSaved,
}: {
  company: MyCompany;
  onSaved: () => void;
}) {
  const currency = useCurrency();
  const update = useUpdateCompany();
  const form = useForm<DetailsValues>({
    resolver: zodResolver(CreateCompanyBodySchema.extend({ monthlyLimit: budgetSchema(currency) })),
    defaultValues: {
      name: company.name,
      vatNumber: company.vatNumber ?? '',
      billingAddress: company.billingAddress ?? '',
      monthlyLimit:
        company.monthlyLimit === null ? '' : fromMinorUnits(company.monthlyLimit, currency),
    },
    mode: 'onTouched',
  });
  const { failure, fail, clear } = useSubmitFailure(form.setError, FIELDS, OUTCOME);
  const onSubmit = form.handleSubmit(({ monthlyLimit, ...details }) =>
    update.mutate(
      {
        ...details,
        vatNumber: details.vatNumber ?? null,
        billingAddress: details.billingAddress ?? null,
        monthlyLimit: monthlyLimit === '' ? null : (toMinorUnits(monthlyLimit, currency) ?? null),
      },
      {
        onSuccess: () => {
          clear();
          onSaved();
        },
        onError: fail,
      },
    ),
  );
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2">
      <CompanyFields form={form as unknown as ReturnType<typeof useForm<CreateCompanyBody>>} />
      <TextField
        label={`Monthly budget in ${currency} (optional)`}
        inputMode="decimal"
        hint="What the whole company may spend in a calendar month; above it, orders wait for approval. Empty: no budget."
        error={errors.monthlyLimit?.message}
        {...form.register('monthlyLimit')}
      />
      <div className="flex flex-col gap-4 sm:col-span-2">
        <SubmitError failure={failure} onRetry={onSubmit} isRetrying={update.isPending} />
        <Button
          type="submit"
          variant="secondary"
          isPending={update.isPending}
          className="sm:self-start"
        >
          Save company details
        </Button>
      </div>
    </form>
  );
}
