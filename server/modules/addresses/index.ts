/** What the address book offers the other modules: an address of a person's book, to order to. */
export { deliveryAddressFor } from './delivery-address.ts';
