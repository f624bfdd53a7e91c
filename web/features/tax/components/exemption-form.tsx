import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SetTaxExemptionBodySchema, type TaxExemption } from '#contract/tax.ts';
import { BUYER_FIELDS, BuyerFields, buyerOf, checkBuyer } from '#web/components/buyer-fields.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { FormPanel } from '#web/components/ui/form-panel.tsx';
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
    <FormPanel
      title="Mark a buyer tax-exempt"
      headingLevel={3}
      columns={2}
      onSubmit={onSubmit}
      submitLabel="Mark tax-exempt"
      isPending={setExemption.isPending}
      failure={failure}
    >
      <BuyerFields form={form} />
      <TextField
        label="Reference"
        autoComplete="off"
        className="sm:col-span-2"
        hint="What the exemption rests on: the certificate's number, or the law."
        error={errors.reference?.message}
        {...form.register('reference')}
      />
    </FormPanel>
  );
}
