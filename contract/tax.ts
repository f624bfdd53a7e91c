import { z } from 'zod';
import { countryInSentence, placeInSentence } from './addresses.ts';
import {
  DeletedCountSchema,
  IdParamsSchema,
  IdSchema,
  pageFields,
  plainText,
  route,
  TimestampSchema,
} from './common.ts';
import { CountrySchema, PostcodeSchema } from './countries.ts';

/**
 * Tax by destination (docs/decisions/064): a rate per country, and per region of a country named by
 * the beginnings of its postcodes; the reverse charge for a business buyer with a VAT number in
 * another EU country; buyers an admin marks tax-exempt. The store's prices are stored including tax
 * at the store's rate (TAX_RATE) or excluding tax (PRICES_INCLUDE_TAX=false); what a buyer pays is
 * decided here, the same way on the server and on the checkout screen.
 */

/** How an order is taxed: at its destination's rate, or not at all (and why). */
export const TAX_TREATMENTS = ['taxed', 'reverse_charge', 'exempt'] as const;
export type TaxTreatment = (typeof TAX_TREATMENTS)[number];

/** The EU's member states, by their ISO 3166-1 code. */
export const EU_COUNTRIES: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
]);

/**
 * What a VAT number looks like in each member state after its prefix (the European Commission's
 * VIES formats). Greece's prefix is EL, not its ISO code GR.
 */
const VAT_FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

/**
 * The member state (ISO code) of a VAT number that looks valid for it ("DE 123 456 789",
 * "de123456789", "EL-123456789"), or null. Only the form is checked: whether the number is
 * registered is the tax office's to say (VIES), which the admin can check before an order ships.
 */
export function vatNumberCountry(vatNumber: string | null | undefined): string | null {
  if (!vatNumber) return null;
  const plain = plainVatNumber(vatNumber);
  const prefix = plain.slice(0, 2);
  const format = VAT_FORMATS[prefix];
  if (!format?.test(plain.slice(2))) return null;
  return prefix === 'EL' ? 'GR' : prefix;
}

/** A VAT number as it is compared: capitals, without spaces, dots, dashes or slashes. */
export function plainVatNumber(vatNumber: string): string {
  return vatNumber.toUpperCase().replace(/[\s.\-/]/g, '');
}

/** What a postcode is compared by: capitals, without spaces or dashes. */
export function postcodeKey(postcode: string): string {
  return postcode.toUpperCase().replace(/[\s-]/g, '');
}

/**
 * Where a rate applies, as a sentence says it after "to", "of" or "for": its region ("the Canary
 * Islands", "Madeira"), else its country ("the Netherlands").
 */
export function taxPlaceInSentence(place: { country: string; region: string | null }): string {
  return place.region === null ? countryInSentence(place.country) : placeInSentence(place.region);
}

/** The tax an order to a destination carries: how, at what rate, and what the prices include. */
export const TaxDecisionSchema = z.object({
  treatment: z.enum(TAX_TREATMENTS),
  /** Basis points of tax charged (2000 = 20 %); 0 for the reverse charge and exempt buyers. */
  rateBasisPoints: z.int().min(0).max(10_000),
  /** Basis points of tax the store's stored prices include (0 when they exclude tax). */
  includedBasisPoints: z.int().min(0).max(10_000),
  /** The destination's country; null when none is known (the store's own rate applies). */
  country: z.string().nullable(),
  /** The region whose rate applies ("Canary Islands"), or null for the country's own. */
  region: z.string().nullable(),
  /** For people: how the order is taxed, in a sentence. */
  sentence: z.string(),
});
export type TaxDecision = z.infer<typeof TaxDecisionSchema>;

/** The sentence an invoice and a credit note print under their totals for an untaxed order. */
export const TREATMENT_NOTES: Record<Exclude<TaxTreatment, 'taxed'>, string> = {
  reverse_charge:
    'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).',
  exempt: 'Tax exempt: no tax is charged on this supply, as the buyer is exempt.',
};

/** What an order's page says of an untaxed order's tax, beside its 0.00. */
export const TREATMENT_LABELS: Record<Exclude<TaxTreatment, 'taxed'>, string> = {
  reverse_charge: 'Reverse charge: no VAT charged',
  exempt: 'Tax exempt: no tax charged',
};

/** One rate of an invoice or credit note: what was taxed at it, and the tax. */
export const TaxLineSchema = z.object({
  /** Percent, e.g. 20 or 7.5. */
  rate: z.number().min(0).max(100),
  base: z.int(),
  amount: z.int(),
});

// ---- Rates -------------------------------------------------------------------------------------

/** The most rates the store keeps (a country and a few regions each is far below it). */
export const MAX_TAX_RATES = 1000;

const PostcodePrefixSchema = z
  .string()
  .trim()
  .transform(postcodeKey)
  .pipe(
    z
      .string()
      .min(1, { error: 'Must not be empty.' })
      .max(10, { error: 'Must be at most 10 characters.' })
      .regex(/^[A-Z0-9]+$/, { error: 'Only letters and digits.' }),
  );

const TaxRateFieldsSchema = z.strictObject({
  country: CountrySchema,
  /** A region's name; null or absent: the country's own rate. */
  region: plainText(1, 60).nullable().optional(),
  /** The postcodes of the region, by their beginnings ("35", "38"); only with a region. */
  postcodePrefixes: z
    .array(PostcodePrefixSchema)
    .max(50, { error: 'At most 50 postcode beginnings.' })
    .optional(),
  /** Percent of tax: 0 to 100, at most two decimals (20, 7.7, 5.5). */
  rate: z
    .number({ error: 'Must be a number.' })
    .min(0, { error: 'Must be 0 or more.' })
    .max(100, { error: 'Must be at most 100.' })
    .refine((rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-9, {
      error: 'At most two decimals.',
    }),
  /** What invoices call the tax: "VAT", "GST", "Sales tax". */
  label: plainText(1, 20).optional(),
});

function regionNeedsPostcodes(
  body: { region?: string | null | undefined; postcodePrefixes?: string[] | undefined },
  context: z.RefinementCtx,
): void {
  const hasRegion = body.region != null;
  const prefixes = body.postcodePrefixes ?? [];
  if (hasRegion && prefixes.length === 0)
    context.addIssue({
      code: 'custom',
      path: ['postcodePrefixes'],
      message: 'Name the beginnings of the postcodes the region covers.',
    });
  if (!hasRegion && prefixes.length > 0)
    context.addIssue({
      code: 'custom',
      path: ['region'],
      message: 'Name the region these postcodes make up.',
    });
}

export const CreateTaxRateBodySchema = TaxRateFieldsSchema.superRefine(regionNeedsPostcodes);
export type CreateTaxRateBody = z.infer<typeof CreateTaxRateBodySchema>;

/** The fields sent change; the region and its postcodes are judged with what they leave (the service). */
export const UpdateTaxRateBodySchema = TaxRateFieldsSchema.omit({ country: true }).partial();
export type UpdateTaxRateBody = z.infer<typeof UpdateTaxRateBodySchema>;

export const TaxRateSchema = z.object({
  _id: IdSchema,
  country: z.string(),
  region: z.string().nullable(),
  postcodePrefixes: z.array(z.string()),
  rate: z.number(),
  label: z.string(),
  updatedAt: TimestampSchema,
});
export type TaxRate = z.infer<typeof TaxRateSchema>;

// ---- Exemptions --------------------------------------------------------------------------------

/** Who is exempt: a company, or a customer without one. */
const ExemptBuyerSchema = z.object({
  type: z.enum(['company', 'customer']),
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
});

export const TaxExemptionSchema = z.object({
  _id: IdSchema,
  buyer: ExemptBuyerSchema,
  /** Why: the exemption certificate's number or the law it rests on. */
  reference: z.string(),
  updatedAt: TimestampSchema,
});
export type TaxExemption = z.infer<typeof TaxExemptionSchema>;

export const SetTaxExemptionBodySchema = z
  .strictObject({
    companyId: IdSchema.optional(),
    userId: z.string().trim().min(1).max(100).optional(),
    reference: plainText(1, 140),
  })
  .refine((body) => (body.companyId === undefined) !== (body.userId === undefined), {
    error: 'Name either a company (companyId) or a customer (userId).',
    path: ['companyId'],
  });
export type SetTaxExemptionBody = z.infer<typeof SetTaxExemptionBodySchema>;

const PAGE_MAX = 100;
/** A page of a list: at most PAGE_MAX at a time, 20 unless asked. */
const PAGE_FIELDS = pageFields({ max: PAGE_MAX, fallback: 20 });

const ExemptionPageQuerySchema = z.strictObject(PAGE_FIELDS);
export type ExemptionPageQuery = z.output<typeof ExemptionPageQuerySchema>;

// ---- Verified VAT numbers ----------------------------------------------------------------------

/**
 * A company's VAT number as an admin sees it for the reverse charge: the number the company gives
 * now, whether it looks valid for a member state, and the number an admin verified (with the tax
 * office's VIES), if any. Only a company whose number is the one verified gets the reverse charge.
 */
export const CompanyVatNumberSchema = z.object({
  companyId: IdSchema,
  companyName: z.string(),
  vatNumber: z.string(),
  /** The member state the number looks valid for, or null. */
  country: z.string().nullable(),
  verifiedVatNumber: z.string().nullable(),
  verifiedAt: TimestampSchema.nullable(),
  /** Whether the number given now is the one verified: the reverse charge applies. */
  isVerified: z.boolean(),
});
export type CompanyVatNumber = z.infer<typeof CompanyVatNumberSchema>;

const VatNumberPageQuerySchema = z.strictObject({
  /** `unverified`: EU VAT numbers not (or no longer) verified, the admin's to check; `verified`. */
  state: z.enum(['unverified', 'verified']).default('unverified'),
  ...PAGE_FIELDS,
});
export type VatNumberPageQuery = z.output<typeof VatNumberPageQuerySchema>;

const VerifyVatNumberBodySchema = z.strictObject({
  /** The number the admin checked: refused (409) if the company changed it meanwhile. */
  vatNumber: z.string().trim().min(1).max(64),
});
export type VerifyVatNumberBody = z.infer<typeof VerifyVatNumberBodySchema>;

const CompanyIdParamsSchema = z.strictObject({ companyId: IdSchema });

const DestinationQuerySchema = z.strictObject({
  country: CountrySchema.optional(),
  postcode: PostcodeSchema.optional(),
});
export type DestinationQuery = z.infer<typeof DestinationQuerySchema>;

const AUDITED = 'Written to the audit log';
const NO_RATE = 'not_found: no tax rate has this id.';

export const taxRoutes = {
  listRates: route({
    method: 'GET',
    path: '/tax-rates',
    access: 'admin',
    summary: 'List tax rates',
    description: `Every tax rate, by country, then the country's own rate before its regions. A destination without a rate of its own is taxed at the store's rate (TAX_RATE). At most ${MAX_TAX_RATES}.`,
    returns: 'The tax rates.',
    tags: ['tax'],
    response: z.array(TaxRateSchema),
  }),
  createRate: route({
    method: 'POST',
    path: '/tax-rates',
    access: 'admin',
    summary: 'Add a tax rate',
    description: `A country's rate, or a region's (named by the beginnings of its postcodes; the longest beginning a postcode has wins). Orders placed before keep the rate they were placed with. ${AUDITED} (tax_rate.created).`,
    returns: 'The tax rate as stored.',
    tags: ['tax'],
    body: CreateTaxRateBodySchema,
    response: TaxRateSchema,
    status: 201,
    errors: {
      409: 'tax_rate_exists: the country (or this region of it) has a rate already. postcode_prefix_taken: another region of the country claims one of these postcode beginnings. too_many_tax_rates: the store keeps at most 1000.',
    },
  }),
  updateRate: route({
    method: 'PATCH',
    path: '/tax-rates/:id',
    access: 'admin',
    summary: 'Change a tax rate',
    description: `Changes the fields sent. Orders placed before keep the rate they were placed with. ${AUDITED} (tax_rate.updated).`,
    returns: 'The tax rate as it is now.',
    tags: ['tax'],
    params: IdParamsSchema,
    body: UpdateTaxRateBodySchema,
    response: TaxRateSchema,
    errors: {
      404: NO_RATE,
      409: 'tax_rate_exists: the region has a rate already. postcode_prefix_taken: another region of the country claims one of these postcode beginnings.',
    },
  }),
  removeRate: route({
    method: 'DELETE',
    path: '/tax-rates/:id',
    access: 'admin',
    summary: 'Delete a tax rate',
    description: `The destination is taxed at the country's own rate, or the store's, from now on. ${AUDITED} (tax_rate.deleted).`,
    returns: 'How many tax rates were deleted: 1.',
    tags: ['tax'],
    params: IdParamsSchema,
    response: DeletedCountSchema,
    errors: { 404: NO_RATE },
  }),
  listExemptions: route({
    method: 'GET',
    path: '/tax-exemptions',
    access: 'admin',
    summary: 'List tax-exempt buyers',
    description:
      'A page of the companies and customers marked tax-exempt, by name; X-Total-Count says how many in all.',
    returns: 'The exemptions on this page.',
    tags: ['tax'],
    query: ExemptionPageQuerySchema,
    response: z.array(TaxExemptionSchema),
    responseHeaders: ['X-Total-Count'],
  }),
  setExemption: route({
    method: 'PUT',
    path: '/tax-exemptions',
    access: 'admin',
    summary: 'Mark a buyer tax-exempt',
    description: `Marks a company, or a customer without a company, tax-exempt with the reference it rests on (a certificate's number); its orders from now on carry no tax. ${AUDITED} (tax_exemption.set).`,
    returns: 'The exemption as it is now.',
    tags: ['tax'],
    body: SetTaxExemptionBodySchema,
    response: TaxExemptionSchema,
    errors: {
      404: 'not_found: no company or customer has this id.',
      409: 'in_company: the customer belongs to a company, whose exemption they order under.',
    },
  }),
  clearExemption: route({
    method: 'DELETE',
    path: '/tax-exemptions/:id',
    access: 'admin',
    summary: 'End a tax exemption',
    description: `The buyer's orders carry tax again from now on; orders placed before keep theirs. ${AUDITED} (tax_exemption.cleared).`,
    returns: 'Nothing.',
    tags: ['tax'],
    params: IdParamsSchema,
    response: z.null(),
    errors: { 404: 'not_found: no tax exemption has this id.' },
  }),
  listVatNumbers: route({
    method: 'GET',
    path: '/tax/vat-numbers',
    access: 'admin',
    summary: "List companies' VAT numbers for the reverse charge",
    description:
      'A page of the companies whose VAT number looks valid for an EU member state, by name: `unverified` (the default) those whose number is not, or no longer, the one an admin verified; `verified` the others. X-Total-Count says how many in all. Only a verified number gets the reverse charge.',
    returns: 'The companies on this page with their VAT numbers.',
    tags: ['tax'],
    query: VatNumberPageQuerySchema,
    response: z.array(CompanyVatNumberSchema),
    responseHeaders: ['X-Total-Count'],
  }),
  verifyVatNumber: route({
    method: 'PUT',
    path: '/tax/vat-numbers/:companyId',
    access: 'admin',
    summary: "Mark a company's VAT number verified",
    description: `The admin checked the number with the tax office (VIES): the company's orders to its member state get the reverse charge from now on, as long as the company keeps this number. ${AUDITED} (tax_vat_number.verified).`,
    returns: "The company's VAT number as it is now.",
    tags: ['tax'],
    params: CompanyIdParamsSchema,
    body: VerifyVatNumberBodySchema,
    response: CompanyVatNumberSchema,
    errors: {
      404: 'not_found: no company has this id.',
      409: 'vat_number_changed: the company gives another VAT number now (or none, or one that does not look valid for a member state); look again.',
    },
  }),
  unverifyVatNumber: route({
    method: 'DELETE',
    path: '/tax/vat-numbers/:companyId',
    access: 'admin',
    summary: "Withdraw a company's verified VAT number",
    description: `The company's orders are taxed at their destination's rate from now on. ${AUDITED} (tax_vat_number.withdrawn).`,
    returns: "The company's VAT number as it is now.",
    tags: ['tax'],
    params: CompanyIdParamsSchema,
    response: CompanyVatNumberSchema,
    errors: { 404: 'not_found: no company has this id.' },
  }),
  destination: route({
    method: 'GET',
    path: '/tax/destination',
    access: 'user',
    summary: "How the caller's order to a destination is taxed",
    description:
      "The tax an order of the caller's to `country` (and `postcode`) carries: at the destination's rate, the reverse charge (the buyer's company has a VAT number of that EU country, not the store's, that an admin verified), or none for a tax-exempt buyer; with the rate the store's prices include, so the checkout can show each price as it will be charged. Without `country`: the store's own country (SELLER_COUNTRY), as for an address typed without one. The order's placement decides again.",
    returns: 'The tax decision.',
    tags: ['tax'],
    query: DestinationQuerySchema,
    response: TaxDecisionSchema,
  }),
} as const;
