import { useEffect } from 'react';
import type { Path, PathValue, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { TextAreaField, TextField } from '#web/components/ui/field.tsx';

/** Where an order goes: the phone (from the profile when saved) and the delivery address. */
export function DeliveryFields({
  phone,
  address,
  phoneError,
  addressError,
  savedPhone,
}: {
  phone: UseFormRegisterReturn<'phone'>;
  address: UseFormRegisterReturn<'address'>;
  phoneError: string | undefined;
  addressError: string | undefined;
  savedPhone: string | null | undefined;
}) {
  return (
    <>
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        placeholder="e.g. +1 555 010 2000"
        hint={savedPhone ? 'From your profile; change it for this order if you like.' : undefined}
        error={phoneError}
        {...phone}
      />
      <TextAreaField
        label="Delivery address"
        autoComplete="street-address"
        rows={3}
        error={addressError}
        {...address}
      />
    </>
  );
}

/** The profile may answer after the form is on screen: fill the phone unless they typed one. */
export function useSavedPhone<T extends { phone: string }>(
  // biome-ignore lint/suspicious/noExplicitAny: any form with a phone field, whatever it outputs
  form: UseFormReturn<T, any, any>,
  savedPhone: string | null | undefined,
): void {
  useEffect(() => {
    const phone = 'phone' as Path<T>;
    if (savedPhone && !form.getFieldState(phone).isDirty && !form.getValues(phone)) {
      form.setValue(phone, savedPhone as PathValue<T, Path<T>>);
    }
  }, [savedPhone, form]);
}
