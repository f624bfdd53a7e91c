import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  type UpdateCompanyDetailsBody,
  UpdateCompanyDetailsBodySchema,
  type UserDetails,
} from '#contract/users.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SubmitError, TextAreaField, TextField } from '#web/components/ui/field.tsx';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import { useUpdateCompanyDetails } from '../api/users.ts';

const OUTCOME = {
  notDone: 'Nothing was saved.',
  unknown: 'Your changes may not be saved yet: try again (saving twice does no harm).',
};
const FIELDS = ['companyName', 'vatNumber', 'billingAddress'] as const;

/**
 * The company details for orders and invoices of someone who buys on their own: saved on their
 * own, whatever the personal profile still lacks.
 */
export function CompanyDetailsForm({
  details,
  onSaved,
}: {
  details: UserDetails;
  onSaved: () => void;
}) {
  const save = useUpdateCompanyDetails();
  const form = useForm<UpdateCompanyDetailsBody>({
    resolver: zodResolver(UpdateCompanyDetailsBodySchema),
    defaultValues: {
      email: details.email,
      companyName: details.companyName ?? '',
      vatNumber: details.vatNumber ?? '',
      billingAddress: details.billingAddress ?? '',
    },
    mode: 'onTouched',
  });
  const { failure, fail, clear } = useSubmitFailure(form.setError, FIELDS, OUTCOME);
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => {
        clear();
        onSaved();
      },
      onError: fail,
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2">
      <p className="text-sm text-stone-600 sm:col-span-2">
        For your orders and invoices. Leave a field empty to clear it.
      </p>
      <TextField
        label="Company name"
        autoComplete="organization"
        error={errors.companyName?.message}
        {...form.register('companyName')}
      />
      <TextField
        label="VAT or tax number"
        placeholder="e.g. GB123456789"
        error={errors.vatNumber?.message}
        {...form.register('vatNumber')}
      />
      <TextAreaField
        label="Billing address"
        className="sm:col-span-2"
        rows={3}
        autoComplete="street-address"
        error={errors.billingAddress?.message}
        {...form.register('billingAddress')}
      />
      <div className="flex flex-col gap-4 sm:col-span-2">
        <SubmitError failure={failure} onRetry={onSubmit} isRetrying={save.isPending} />
        <Button
          type="submit"
          variant="secondary"
          isPending={save.isPending}
          className="sm:self-start"
        >
          Save company details
        </Button>
      </div>
    </form>
  );
}
