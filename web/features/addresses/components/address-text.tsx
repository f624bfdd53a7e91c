import { addressLines, type DeliveryAddress } from '#contract/addresses.ts';

/** An address as printed on a parcel, with its phone. */
export function AddressText({ address }: { address: DeliveryAddress }) {
  return (
    <p className="text-sm whitespace-pre-line text-stone-700 wrap-anywhere">
      {addressLines(address).join('\n')}
      {'\n'}
      {address.phone}
    </p>
  );
}
