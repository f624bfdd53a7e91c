import type { InvoiceSettings } from '../config-payments.ts';

/**
 * A store that sells from Ireland with prices including Ireland's 23 % VAT: the tax tests' store
 * (docs/decisions/064, 072). A buyer in Ireland pays the shelf price; elsewhere, their country's.
 */
export const IRISH_STORE: InvoiceSettings = {
  taxRateBasisPoints: 2300,
  pricesIncludeTax: true,
  sellerCountry: 'IE',
  euSellerCountry: 'IE',
  seller: { name: 'Toolyard Ireland Ltd', address: 'Dublin', taxId: 'IE6388047V', email: null },
};
