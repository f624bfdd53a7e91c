import { z } from 'zod';
import {
  DeletedCountSchema,
  IdParamsSchema,
  IdSchema,
  PhoneSchema,
  plainText,
  route,
  TimestampSchema,
} from './common.ts';
import { CountrySchema, PostcodeSchema } from './countries.ts';
import { lazily } from './lazily.ts';

/**
 * The address book: delivery addresses a company's members share, or a person's own when they
 * are in no company (decision 052). Owners and buyers change the company's book; approvers and
 * viewers read it. A person without a company changes their own.
 */

/** The most addresses one book holds: a company has a few yards and sites, not a directory. */
export const MAX_BOOK_ADDRESSES = 200;

/** An address's fields, as typed in the book or at checkout. */
const AddressFieldsSchema = z.strictObject({
  label: plainText(1, 60).describe('What people call it: "Main yard", "Site 14, Harbour Road".'),
  recipient: plainText(1, 100),
  line1: plainText(1, 100),
  line2: plainText(0, 100).nullable().optional().describe('Empty or null: none.'),
  postcode: PostcodeSchema,
  city: plainText(1, 60),
  country: CountrySchema,
  phone: PhoneSchema,
});

export const CreateAddressBodySchema = AddressFieldsSchema.extend({
  isDefault: z
    .boolean({ error: 'Must be true or false.' })
    .optional()
    .describe("Make it the book's default (the first address of a book always is)."),
});
export type CreateAddressBody = z.infer<typeof CreateAddressBodySchema>;
export type AddressFields = z.input<typeof AddressFieldsSchema>;

export const AddressSchema = z.object({
  _id: IdSchema,
  label: z.string(),
  recipient: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  postcode: z.string(),
  city: z.string(),
  country: z.string(),
  phone: z.string(),
  isDefault: z.boolean(),
  updatedAt: TimestampSchema,
});
export type Address = z.infer<typeof AddressSchema>;

/** The address a placed order keeps, copied from the book as it was (orders.delivery_address). */
export const DeliveryAddressSchema = AddressSchema.omit({
  _id: true,
  isDefault: true,
  updatedAt: true,
});
export type DeliveryAddress = z.infer<typeof DeliveryAddressSchema>;

export const AddressBookSchema = z.object({
  /** Whose book it is: the company's (shared by its members) or the person's own. */
  owner: z.enum(['company', 'personal']),
  /** The company's name for a company's book; null for a personal one. */
  companyName: z.string().nullable(),
  /** Whether the caller may add, change and delete addresses (owners and buyers of a company). */
  canChange: z.boolean(),
  /** The default first, then by label. */
  addresses: z.array(AddressSchema).max(MAX_BOOK_ADDRESSES),
  max: z.int().describe('The most addresses the book may hold.'),
});
export type AddressBook = z.infer<typeof AddressBookSchema>;

const NO_ADDRESS = 'No address with this id in your address book.';
const READ_ONLY =
  "forbidden: the caller is an approver or a viewer of their company, who read the company's address book but do not change it.";

export const addressRoutes = {
  book: route({
    method: 'GET',
    path: '/addresses',
    access: 'user',
    summary: "Read the caller's address book",
    description: `The delivery addresses of the caller's company (every member reads them), or the caller's own when they are in no company; the default first, then by label. A book holds at most ${MAX_BOOK_ADDRESSES} addresses, so it comes whole.`,
    returns: 'The book, whose it is, and whether the caller may change it.',
    tags: ['addresses'],
    response: AddressBookSchema,
  }),
  create: route({
    method: 'POST',
    path: '/addresses',
    access: 'user',
    summary: 'Add an address to the book',
    description: `Adds a delivery address to the caller's book (their company's, or their own). The first address of a book becomes its default; \`isDefault\` makes another one the default. At most ${MAX_BOOK_ADDRESSES} per book.`,
    returns: 'The address added.',
    tags: ['addresses'],
    body: CreateAddressBodySchema,
    response: AddressSchema,
    status: 201,
    errors: {
      403: READ_ONLY,
      409: `address_book_full: the book already holds ${MAX_BOOK_ADDRESSES} addresses; delete one first.`,
      429: 'rate_limited: too many changes by this customer in a short time.',
    },
  }),
  update: route({
    method: 'PUT',
    path: '/addresses/:id',
    access: 'user',
    summary: 'Change an address of the book',
    description:
      "Replaces an address of the caller's book with these fields. Orders placed to it keep the copy they were placed with.",
    returns: 'The address as it is now.',
    tags: ['addresses'],
    params: IdParamsSchema,
    body: AddressFieldsSchema,
    response: AddressSchema,
    errors: {
      403: READ_ONLY,
      404: `not_found: ${NO_ADDRESS}`,
      429: 'rate_limited: too many changes by this customer in a short time.',
    },
  }),
  remove: route({
    method: 'DELETE',
    path: '/addresses/:id',
    access: 'user',
    summary: 'Delete an address from the book',
    description:
      "Deletes an address of the caller's book; when it was the default, the oldest address left becomes the default. Orders placed to it keep their copy.",
    returns: 'How many addresses were deleted (1).',
    tags: ['addresses'],
    params: IdParamsSchema,
    response: DeletedCountSchema,
    errors: {
      403: READ_ONLY,
      404: `not_found: ${NO_ADDRESS}`,
      429: 'rate_limited: too many changes by this customer in a short time.',
    },
  }),
  makeDefault: route({
    method: 'POST',
    path: '/addresses/:id/default',
    access: 'user',
    summary: "Make an address the book's default",
    description:
      "Makes this address the default of the caller's book (checkout offers it first); the one before stops being the default.",
    returns: 'The address, now the default.',
    tags: ['addresses'],
    params: IdParamsSchema,
    response: AddressSchema,
    errors: {
      403: READ_ONLY,
      404: `not_found: ${NO_ADDRESS}`,
      429: 'rate_limited: too many changes by this customer in a short time.',
    },
  }),
} as const;

const countryNames = lazily(() => new Intl.DisplayNames(['en'], { type: 'region' }));

/** A country's English name from its code: `GB` is "United Kingdom". */
export function countryName(code: string): string {
  try {
    return countryNames().of(code) ?? code;
  } catch {
    return code;
  }
}

/** Countries whose English names take "the" inside a sentence, beyond the patterns below. */
const THE_COUNTRIES = new Set(['BS', 'BQ', 'GM', 'KM', 'MV', 'NL', 'PH']);

/** Names of places within countries that take "the", beyond the patterns below: plurals. */
const THE_PLACES = new Set([
  'azores',
  'balearics',
  'canaries',
  'cyclades',
  'dodecanese',
  'hebrides',
  'orkneys',
  'shetlands',
]);

/** Kingdoms, states, republics, emirates, islands and isles take "the", however they are typed. */
const TAKES_THE = /^United |\b(?:Republic|Islands|Isles|Emirates)\b/i;

/**
 * A place's name as a sentence says it after "to", "of" or "for": "the Canary Islands", "the
 * Azores", "Madeira", "Germany". A name written with its article ("The Azores", as an admin may
 * type a region) keeps it, in lower case: a sentence never begins with the name.
 */
export function placeInSentence(name: string): string {
  const bare = name.replace(/^the\s+/i, '');
  const takesThe = bare !== name || THE_PLACES.has(bare.toLowerCase()) || TAKES_THE.test(bare);
  return takesThe ? `the ${bare}` : name;
}

/**
 * A country's name as a sentence says it: "to the United Kingdom", "for the Netherlands",
 * "serves Germany" (placeInSentence, and the countries whose names say nothing of it).
 */
export function countryInSentence(code: string): string {
  const name = countryName(code);
  return THE_COUNTRIES.has(code) ? `the ${name}` : placeInSentence(name);
}

/**
 * An address as it is printed on a parcel, one line each: the recipient, the street lines, the
 * postcode and city, the country. An order placed to a book's address keeps these as its text.
 */
export function addressLines(
  address: Pick<DeliveryAddress, 'recipient' | 'line1' | 'line2' | 'postcode' | 'city' | 'country'>,
): string[] {
  return [
    address.recipient,
    address.line1,
    ...(address.line2 ? [address.line2] : []),
    `${address.postcode} ${address.city}`,
    countryName(address.country),
  ];
}

/**
 * Where an order goes, as its page and invoice print it. An address of the book was kept with its
 * postcode and country in its lines; a typed one is the buyer's text, with the postcode and country
 * sent beside it (which its delivery and tax went by) added when the text does not already say them.
 */
export function orderAddressText(order: {
  address: string;
  deliveryAddress: unknown;
  deliveryCountry: string | null;
  deliveryPostcode: string | null;
}): string {
  if (order.deliveryAddress !== null) return order.address;
  const said = order.address.toLowerCase();
  const postcode = order.deliveryPostcode;
  const country = order.deliveryCountry === null ? null : countryName(order.deliveryCountry);
  return [
    order.address,
    ...(postcode && !said.includes(postcode.toLowerCase()) ? [postcode] : []),
    ...(country && !said.includes(country.toLowerCase()) ? [country] : []),
  ].join('\n');
}
