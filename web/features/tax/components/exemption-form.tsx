import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SetTaxExemptionBodySchema, type TaxExemption } from '#contract/tax.ts';
import { BUYER_FIELDS, BuyerFields, buyerOf, checkBuyer } from '#web/components/buyer-fields.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { SubmitError, TextField } from '#web/components/ui/field.tsx';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import { useSetTaxExemption } from '../api/tax.ts';

const FIELDS = ['companyId', 'email', 'reference'] as const;
const OUTCOME = {
  notDone: 'No one was marked tax-exempt.',
  unknown: 'We cannot tell whether the exemption was saved: look at the list before trying again.',
};

const exemptionSchema = z
  .object({ ...BUYER_FIELDS, reference: SetTaxExemptionBodySchema.shape.reference })
  .superRefine(checkBuyer);
type ExemptionInput = z.input<typeof exemptionSchema>;
type ExemptionValues = z.output<typeof exemptionSchema>;

/** An admin marks a company, or a customer without one, tax-exempt, with what it rests on. */
export function ExemptionForm({ onSaved }: { onSaved: (exemption: TaxExemption) => void }) {
  const setExemption = useSetTaxExemption();
  const form = useForm<ExemptionInput, unknown, ExemptionValues>({
    resolver: zodResolver(exemptionSchema),
    defaultValues: { buyerType: 'company', companyId: '', email: '', reference: '' },
    mode: 'onTouched',
  });
  const { failure, fail, clear } = useSubmitFailure(form.setError, FIELDS, OUTCOME);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const buyer = await buyerOf(values, form.setError);
    if (!buyer) return;
    setExemption.mutate(
      { ...buyer, reference: values.reference },
      {
        onSuccess: (saved) => {
          clear();
          form.reset();
          onSaved(saved);
        },
        onError: fail,
      },
    );
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="exemption-form-title"
      className="grid max-w-3xl gap-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:grid-cols-2"
    >
      <h3 id="exemption-form-title" className="text-base font-bold text-navy-900 sm:col-span-2">
        Mark a buyer tax-exempt
      </h3>
      <BuyerFields form={form} />
      <TextField
        label="Reference"
        autoComplete="off"
        className="sm:col-span-2"
        hint="What the exemption rests on: the certificate's number, or the law."
        error={errors.reference?.message}
        {...form.register('reference')}
      />
      <div className="sm:col-span-2">
        <SubmitError failure={failure} onRetry={onSubmit} isRetrying={setExemption.isPending} />
        <Button type="submit" variant="secondary" isPending={setExemption.isPending}>
          Mark tax-exempt
        </Button>
      </div>
    </form>
  );
}
