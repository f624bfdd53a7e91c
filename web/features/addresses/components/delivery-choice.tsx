import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type AddressBook, addressLines } from '#contract/addresses.ts';
import { type CountryCode, PostcodeSchema } from '#contract/countries.ts';
import { PlaceOrderBodySchema } from '#contract/order-placement.ts';
import { CountryField } from '#web/components/country-field.tsx';
import { FormError, TextField } from '#web/components/ui/field.tsx';
import { errorMessage, isApiError } from '#web/lib/api-error.ts';
import { useStoreConfig } from '#web/lib/store-config.ts';
import { useAddAddress } from '../api/address-book.ts';
import { type DeliveryPick, type EarlierDelivery, firstPick } from '../utils/delivery-pick.ts';
import {
  ADDRESS_FIELDS,
  AddressFields,
  type AddressFormInput,
  AddressFormSchema,
  type AddressFormValues,
  EMPTY_ADDRESS,
} from './address-fields.tsx';

/**
 * Where a typed address is (decision 072): its country, the store's own offered first, and its
 * postcode where a region has a tax rate of its own. Delivery methods and tax go by them.
 */
const TypedPlaceSchema = z.object({
  country: PlaceOrderBodySchema.shape.country.unwrap(),
  // Optional: left empty, or only spaces, it is none.
  postcode: z.string().trim().pipe(z.literal('').or(PostcodeSchema)),
});
type TypedPlaceInput = z.input<typeof TypedPlaceSchema>;
interface TypedPlace {
  country: CountryCode;
  postcode?: string;
}

/** What checkout sends: a book's address by id, or where the address typed into its form is. */
export type ChosenDelivery = { addressId: string } | { typed: TypedPlace };

/**
 * The delivery address at checkout: the book's addresses (the default first, or the one an order
 * bought again went to), a new address saved to the book when the order is placed, or one typed
 * for this order only. `choose` answers what to send, saving a new address first; null when the
 * new address or the typed one's country needs changes (its fields say why). `country` and
 * `postcode` are the chosen address's, which delivery methods and tax go by.
 */
export function useDeliveryChoice(book: AddressBook | undefined, earlier: EarlierDelivery | null) {
  const [pick, setPick] = useState<DeliveryPick | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const adding = useAddAddress();
  const newAddress = useForm<AddressFormInput, unknown, AddressFormValues>({
    resolver: zodResolver(AddressFormSchema),
    defaultValues: EMPTY_ADDRESS,
    mode: 'onTouched',
  });
  // Until the person picks, the pick follows the book as it answers (the default first).
  const current = pick ?? firstPick(book, earlier);
  const typedPlace = useForm<TypedPlaceInput, unknown, z.output<typeof TypedPlaceSchema>>({
    resolver: zodResolver(TypedPlaceSchema),
    // An order bought again goes where it went: its country (the store's is offered otherwise)
    // and the postcode its tax went by.
    defaultValues: { country: earlier?.country ?? '', postcode: earlier?.postcode ?? '' },
    mode: 'onTouched',
  });
  useStoreCountry(typedPlace);
  const place =
    current.kind === 'book'
      ? book?.addresses.find((address) => address._id === current.addressId)
      : current.kind === 'new'
        ? newAddress.watch()
        : typedPlace.watch();
  // Delivery methods go by the country of the address the order goes to; tax by its postcode too.
  const country = place?.country || null;
  const postcode = place?.postcode?.trim() || null;

  const choose = async (): Promise<ChosenDelivery | null> => {
    setFailure(null);
    if (current.kind === 'book') return { addressId: current.addressId };
    if (current.kind === 'typed') {
      if (!(await typedPlace.trigger(undefined, { shouldFocus: true }))) return null;
      const typed = TypedPlaceSchema.parse(typedPlace.getValues());
      return {
        typed: { country: typed.country, ...(typed.postcode ? { postcode: typed.postcode } : {}) },
      };
    }
    if (!(await newAddress.trigger(undefined, { shouldFocus: true }))) return null;
    try {
      const saved = await adding.mutateAsync(AddressFormSchema.parse(newAddress.getValues()));
      setPick({ kind: 'book', addressId: saved._id });
      newAddress.reset(EMPTY_ADDRESS);
      return { addressId: saved._id };
    } catch (error) {
      setFailure(`The address was not saved, and nothing was ordered. ${errorMessage(error)}`);
      for (const fieldError of isApiError(error) ? error.errors : []) {
        const field = ADDRESS_FIELDS.find((name) => name === fieldError.field);
        if (field) newAddress.setError(field, { type: 'server', message: fieldError.message });
      }
      return null;
    }
  };

  return {
    book,
    pick: current,
    country,
    postcode,
    setPick,
    newAddress,
    typedPlace,
    failure,
    choose,
  };
}

/** The store's country arrives with its settings: offered for a typed address unless one was chosen. */
function useStoreCountry(form: ReturnType<typeof useForm<TypedPlaceInput, unknown, unknown>>) {
  const storeCountry = useStoreConfig()?.country;
  useEffect(() => {
    if (storeCountry && !form.getFieldState('country').isDirty && !form.getValues('country'))
      form.setValue('country', storeCountry);
  }, [storeCountry, form]);
}

export type DeliveryChoiceState = ReturnType<typeof useDeliveryChoice>;

function Option({
  name,
  checked,
  onChange,
  title,
  children,
}: {
  name: string;
  checked: boolean;
  onChange: () => void;
  title: string;
  children?: React.ReactNode;
}) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className={`flex cursor-pointer gap-3 rounded-md border p-3 text-sm ${checked ? 'border-navy-600 bg-navy-50' : 'border-stone-300 bg-white hover:border-stone-400'}`}
    >
      <input
        id={id}
        type="radio"
        name={name}
        checked={checked}
        onChange={onChange}
        className="mt-0.5 size-4 shrink-0 accent-navy-700"
      />
      <span className="min-w-0">
        <span className="block font-semibold text-stone-900 wrap-anywhere">{title}</span>
        {children}
      </span>
    </label>
  );
}

/** The choice itself: one radio per book address, a new one to save, or one typed this once. */
export function DeliveryChoice({ choice }: { choice: DeliveryChoiceState }) {
  const name = useId();
  const { book, pick, setPick, newAddress, failure } = choice;
  const canSave = book?.canChange ?? false;
  // A person who may not add to the book cannot pick "new": they type the address instead.
  useEffect(() => {
    if (pick.kind === 'new' && !canSave) setPick({ kind: 'typed' });
  }, [pick.kind, canSave, setPick]);

  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-semibold text-stone-800">Deliver to</legend>
      {book?.addresses.map((address) => (
        <Option
          key={address._id}
          name={name}
          checked={pick.kind === 'book' && pick.addressId === address._id}
          onChange={() => setPick({ kind: 'book', addressId: address._id })}
          title={`${address.label}${address.isDefault ? ' (default)' : ''}`}
        >
          <span className="block text-stone-700 wrap-anywhere">
            {addressLines(address).join(', ')} · {address.phone}
          </span>
        </Option>
      ))}
      {canSave && (
        <Option
          name={name}
          checked={pick.kind === 'new'}
          onChange={() => setPick({ kind: 'new' })}
          title="A new address, saved to the address book"
        />
      )}
      <Option
        name={name}
        checked={pick.kind === 'typed'}
        onChange={() => setPick({ kind: 'typed' })}
        title="Type an address for this order only"
      />
      {pick.kind === 'new' && (
        <div className="rounded-md border border-stone-200 bg-stone-50 p-4">
          <p className="mb-4 text-sm text-stone-700">
            Saved to {book?.owner === 'company' ? "your company's" : 'your'} address book when you
            place the order.
          </p>
          <AddressFields form={newAddress} />
        </div>
      )}
      {failure && <FormError>{failure}</FormError>}
    </fieldset>
  );
}

/** Where the address typed for this order is: its country and postcode (decision 072). */
export function TypedPlaceFields({ choice }: { choice: DeliveryChoiceState }) {
  const { register, formState } = choice.typedPlace;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Postcode (optional)"
        autoComplete="postal-code"
        hint="Some regions have a tax rate of their own."
        error={formState.errors.postcode?.message}
        {...register('postcode')}
      />
      <CountryField
        hint="Delivery methods and tax go by it."
        error={formState.errors.country?.message}
        {...register('country')}
      />
    </div>
  );
}
