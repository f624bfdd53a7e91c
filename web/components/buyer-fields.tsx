import type { Path, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { findCustomerByEmail } from '#web/lib/buyer-choices.ts';
import { CompanyChoice } from './company-choice.tsx';
import { SelectField, TextField } from './ui/field.tsx';

/**
 * Naming a buyer on an admin's form (payment terms, a tax exemption): a company from the list, or a
 * customer without a company by their email. The form's schema spreads `BUYER_FIELDS` and refines
 * with `checkBuyer`; `BuyerFields` draws them; `buyerOf` answers whom to send.
 */
export const BUYER_FIELDS = {
  buyerType: z.enum(['company', 'customer']),
  companyId: z.string(),
  email: z.string().trim(),
};

interface BuyerValues {
  buyerType: 'company' | 'customer';
  companyId: string;
  email: string;
}

/** The company chosen, or a customer's email typed: each as the buyer type asks. */
export function checkBuyer(values: BuyerValues, context: z.RefinementCtx): void {
  if (values.buyerType === 'company' && !values.companyId)
    context.addIssue({ code: 'custom', path: ['companyId'], message: 'Choose a company.' });
  if (values.buyerType === 'customer' && !values.email.includes('@'))
    context.addIssue({ code: 'custom', path: ['email'], message: "Enter the customer's email." });
}

/** The "For" choice and the company or the customer's email it asks for. */
export function BuyerFields<F extends BuyerValues>({
  form,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: its context and output are the form's own
  form: UseFormReturn<F, any, any>;
}) {
  const field = (name: keyof BuyerValues) => name as Path<F>;
  const errors: Partial<Record<string, { message?: unknown }>> = form.formState.errors;
  const message = (name: string) => {
    const text = errors[name]?.message;
    return typeof text === 'string' ? text : undefined;
  };
  const buyerType = form.watch(field('buyerType'));
  return (
    <>
      <SelectField label="For" {...form.register(field('buyerType'))}>
        <option value="company">A company</option>
        <option value="customer">A customer without a company</option>
      </SelectField>
      {buyerType === 'company' ? (
        <CompanyChoice error={message('companyId')} select={form.register(field('companyId'))} />
      ) : (
        <TextField
          label="Customer's email"
          type="email"
          autoComplete="off"
          error={message('email')}
          {...form.register(field('email'))}
        />
      )}
    </>
  );
}

/** Whom the form names: the company, or the customer with that email; null (said on the field) when none has it. */
export async function buyerOf(
  values: BuyerValues,
  setError: (name: 'email', error: { message: string }) => void,
): Promise<{ companyId: string } | { userId: string } | null> {
  if (values.buyerType === 'company') return { companyId: values.companyId };
  const userId = await findCustomerByEmail(values.email).catch(() => null);
  if (userId) return { userId };
  setError('email', { message: 'No customer has this email.' });
  return null;
}

/** A buyer in a table: the company's or the customer's name, and the customer's email. */
export function BuyerCell({ buyer }: { buyer: { name: string; email: string | null } }) {
  return (
    <span>
      <span className="block font-semibold text-navy-900">{buyer.name}</span>
      <span className="block text-xs break-all text-stone-600">{buyer.email ?? 'Company'}</span>
    </span>
  );
}
