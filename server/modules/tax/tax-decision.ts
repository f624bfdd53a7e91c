import { countryInSentence } from '../../../contract/addresses.ts';
import {
  EU_COUNTRIES,
  plainVatNumber,
  postcodeKey,
  type TaxDecision,
  taxPlaceInSentence,
  vatNumberCountry,
} from '../../../contract/tax.ts';
import type { InvoiceSettings } from '../../config-payments.ts';

/**
 * How an order is taxed (docs/decisions/064), decided from where it goes, who buys and the rates as
 * they are: never from anything the browser says about tax.
 */

/** A rate as the decision reads it (tax_rates). */
export interface RateRow {
  country: string;
  region: string | null;
  postcodePrefixes: string[];
  rateBasisPoints: number;
  label: string;
}

/** What a decision is made from. */
export interface TaxFacts {
  /** Where the order goes (orders/delivery.ts `destination`); null when no country is known. */
  destination: { country: string; postcode: string } | null;
  /** The VAT number the order carries (its company's, or the buyer's profile). */
  vatNumber: string | null;
  /**
   * The number an admin verified for the buyer's company (null: none, or no company): the reverse
   * charge applies only while the order's number is this one, never on a number the buyer typed.
   */
  verifiedVatNumber: string | null;
  /** Whether the buyer (their company, or they without one) is marked tax-exempt. */
  exempt: boolean;
  /** The destination country's rates (its own and its regions'). */
  rates: readonly RateRow[];
}

type Settings = Pick<
  InvoiceSettings,
  'taxRateBasisPoints' | 'pricesIncludeTax' | 'euSellerCountry'
>;

/** The rate of a destination: its region's (the longest postcode beginning wins), its country's, or none. */
export function rateOf(
  rates: readonly RateRow[],
  destination: { country: string; postcode: string },
): RateRow | undefined {
  const postcode = postcodeKey(destination.postcode);
  let best: { rate: RateRow; length: number } | undefined;
  for (const rate of rates) {
    if (rate.country !== destination.country) continue;
    if (rate.region === null) {
      if (!best) best = { rate, length: 0 };
      continue;
    }
    for (const prefix of rate.postcodePrefixes) {
      if (postcode.startsWith(prefix) && (!best || prefix.length > best.length))
        best = { rate, length: prefix.length };
    }
  }
  return best?.rate;
}

const percent = (basisPoints: number) => `${basisPoints / 100}%`;

export function decideTax(facts: TaxFacts, settings: Settings): TaxDecision {
  const includedBasisPoints = settings.pricesIncludeTax ? settings.taxRateBasisPoints : 0;
  const country = facts.destination?.country ?? null;
  const untaxed = { rateBasisPoints: 0, includedBasisPoints, country, region: null };
  if (facts.exempt) {
    return {
      treatment: 'exempt',
      ...untaxed,
      sentence: 'You are marked tax-exempt, so this order carries no tax.',
    };
  }
  const vatCountry = vatNumberCountry(facts.vatNumber);
  const isVerified =
    facts.vatNumber !== null &&
    facts.verifiedVatNumber !== null &&
    plainVatNumber(facts.vatNumber) === plainVatNumber(facts.verifiedVatNumber);
  if (
    isVerified &&
    country !== null &&
    settings.euSellerCountry !== null &&
    vatCountry === country &&
    EU_COUNTRIES.has(country) &&
    country !== settings.euSellerCountry
  ) {
    return {
      treatment: 'reverse_charge',
      ...untaxed,
      sentence: `Reverse charge: your VAT number is from ${countryInSentence(country)}, where this order goes, so we charge no VAT and you account for it.`,
    };
  }
  const rate = facts.destination ? rateOf(facts.rates, facts.destination) : undefined;
  const rateBasisPoints = rate?.rateBasisPoints ?? settings.taxRateBasisPoints;
  const label = rate?.label ?? 'Tax';
  const place =
    country === null ? null : taxPlaceInSentence({ country, region: rate?.region ?? null });
  return {
    treatment: 'taxed',
    rateBasisPoints,
    includedBasisPoints,
    country,
    region: rate?.region ?? null,
    sentence:
      rateBasisPoints === 0
        ? `No tax applies${place ? ` to orders to ${place}` : ''}.`
        : `Prices include ${label} at ${percent(rateBasisPoints)}${place ? ` for ${place}` : ''}.`,
  };
}
