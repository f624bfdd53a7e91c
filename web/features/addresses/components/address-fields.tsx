import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { CreateAddressBodySchema } from '#contract/addresses.ts';
import { CountryField } from '#web/components/country-field.tsx';
import { TextField } from '#web/components/ui/field.tsx';

/** The book's address form: the contract's body (an empty second line is none). */
export const AddressFormSchema = CreateAddressBodySchema;
export type AddressFormInput = z.input<typeof AddressFormSchema>;
export type AddressFormValues = z.output<typeof AddressFormSchema>;

export const ADDRESS_FIELDS = [
  'label',
  'recipient',
  'line1',
  'line2',
  'postcode',
  'city',
  'country',
  'phone',
] as const;

export const EMPTY_ADDRESS: AddressFormInput = {
  label: '',
  recipient: '',
  line1: '',
  line2: '',
  postcode: '',
  city: '',
  country: '',
  phone: '',
};

/** The fields of an address, laid out for a phone and a desk alike. */
export function AddressFields({
  form,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: whatever the form outputs
  form: UseFormReturn<AddressFormInput, any, any>;
}) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Label"
        hint="What your team calls it: Main yard, Site 14…"
        autoComplete="off"
        error={errors.label?.message}
        className="sm:col-span-2"
        {...form.register('label')}
      />
      <TextField
        label="Recipient"
        autoComplete="name"
        error={errors.recipient?.message}
        {...form.register('recipient')}
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      <TextField
        label="Address line 1"
        autoComplete="address-line1"
        error={errors.line1?.message}
        className="sm:col-span-2"
        {...form.register('line1')}
      />
      <TextField
        label="Address line 2 (optional)"
        autoComplete="address-line2"
        error={errors.line2?.message}
        className="sm:col-span-2"
        {...form.register('line2')}
      />
      <TextField
        label="Postcode"
        autoComplete="postal-code"
        error={errors.postcode?.message}
        {...form.register('postcode')}
      />
      <TextField
        label="City"
        autoComplete="address-level2"
        error={errors.city?.message}
        {...form.register('city')}
      />
      <CountryField
        error={errors.country?.message}
        className="sm:col-span-2"
        {...form.register('country')}
      />
    </div>
  );
}
