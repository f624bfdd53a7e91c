import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { toMinorUnits } from '#contract/money.ts';
import type { PaymentTerms } from '#contract/payment-terms.ts';
import { BUYER_FIELDS, BuyerFields, buyerOf, checkBuyer } from '#web/components/buyer-fields.tsx';
import { SelectField, TextField } from '#web/components/ui/field.tsx';
import { FormPanel } from '#web/components/ui/form-panel.tsx';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import { useCurrency } from '#web/lib/store-config.ts';
import { useSetTerms } from '../api/terms.ts';

const FIELDS = ['companyId', 'email', 'netDays', 'creditLimit'] as const;
const OUTCOME = {
  notDone: 'No terms were given.',
  unknown: 'We cannot tell whether the terms were saved: look at the list before trying again.',
};

function termsSchema(currency: string) {
  return z
    .object({
      ...BUYER_FIELDS,
      netDays: z.enum(['15', '30', '60']).transform(Number),
      creditLimit: z.string().transform((value, context) => {
        const minor = toMinorUnits(value, currency);
        if (minor === undefined) {
          context.addIssue({ code: 'custom', message: 'Enter an amount such as 5000.00.' });
          return z.NEVER;
        }
        return minor;
      }),
    })
    .superRefine(checkBuyer);
}
type TermsInput = z.input<ReturnType<typeof termsSchema>>;
type TermsValues = z.output<ReturnType<typeof termsSchema>>;

/** An admin gives a company, or a customer without one, net 15, 30 or 60 and a credit limit. */
export function TermsForm({ onSaved }: { onSaved: (terms: PaymentTerms) => void }) {
  const currency = useCurrency();
  const setTerms = useSetTerms();
  const form = useForm<TermsInput, unknown, TermsValues>({
    resolver: zodResolver(termsSchema(currency)),
    defaultValues: {
      buyerType: 'company',
      companyId: '',
      email: '',
      netDays: '30',
      creditLimit: '',
    },
    mode: 'onTouched',
  });
  const { failure, fail, clear } = useSubmitFailure(form.setError, FIELDS, OUTCOME);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const terms = { netDays: values.netDays as 15 | 30 | 60, creditLimit: values.creditLimit };
    const buyer = await buyerOf(values, form.setError);
    if (!buyer) return;
    setTerms.mutate(
      { ...buyer, ...terms },
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
      title="Give payment terms"
      headingLevel={2}
      columns={2}
      onSubmit={onSubmit}
      submitLabel="Save terms"
      isPending={setTerms.isPending}
      failure={failure}
    >
      <BuyerFields form={form} />
      <SelectField label="Invoices due" {...form.register('netDays')}>
        <option value="15">Net 15 days</option>
        <option value="30">Net 30 days</option>
        <option value="60">Net 60 days</option>
      </SelectField>
      <TextField
        label={`Credit limit (${currency})`}
        inputMode="decimal"
        autoComplete="off"
        hint="The most the buyer may owe at once."
        error={errors.creditLimit?.message}
        {...form.register('creditLimit')}
      />
    </FormPanel>
  );
}
