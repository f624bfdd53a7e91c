import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { Address } from '#contract/addresses.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SubmitError } from '#web/components/ui/field.tsx';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import { useAddAddress, useUpdateAddress } from '../api/address-book.ts';
import {
  ADDRESS_FIELDS,
  AddressFields,
  type AddressFormInput,
  AddressFormSchema,
  type AddressFormValues,
  EMPTY_ADDRESS,
} from './address-fields.tsx';

const OUTCOME = {
  notDone: 'Nothing was saved.',
  unknown: 'We cannot tell whether the address was saved: look at the book before adding it again.',
};

function formValues(address: Address | null): AddressFormInput {
  if (!address) return EMPTY_ADDRESS;
  const { label, recipient, line1, line2, postcode, city, country, phone } = address;
  return { label, recipient, line1, line2: line2 ?? '', postcode, city, country, phone };
}

/** Adding an address to the book, or changing one (`address`). */
export function AddressForm({
  address,
  onSaved,
  onCancel,
}: {
  address: Address | null;
  onSaved: (saved: Address) => void;
  onCancel: () => void;
}) {
  const adding = useAddAddress();
  const updating = useUpdateAddress();
  const form = useForm<AddressFormInput, unknown, AddressFormValues>({
    resolver: zodResolver(AddressFormSchema),
    defaultValues: formValues(address),
    mode: 'onTouched',
  });
  const { failure, fail, clear } = useSubmitFailure(form.setError, ADDRESS_FIELDS, OUTCOME);
  const isPending = adding.isPending || updating.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    clear();
    try {
      const { isDefault: _isDefault, ...fields } = values;
      const saved = address
        ? await updating.mutateAsync({ id: address._id, body: fields })
        : await adding.mutateAsync(values);
      onSaved(saved);
    } catch (error) {
      fail(error);
    }
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="space-y-5">
      <AddressFields form={form} />
      <SubmitError failure={failure} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" isPending={isPending}>
          {address ? 'Save changes' : 'Add address'}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
