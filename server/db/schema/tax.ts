import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './accounts.ts';
import { timestamps } from './columns.ts';
import { companies } from './companies.ts';

/** Tax by destination (decision 064): rates by country and region, and tax-exempt buyers. */

/**
 * A country's tax rate (region null), or a region's: the postcodes that begin with one of its
 * prefixes (capitals, no spaces). One country rate per country, one rate per region name.
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    country: text('country').notNull(),
    region: text('region'),
    postcodePrefixes: text('postcode_prefixes').array().notNull().default(sql`'{}'`),
    rateBasisPoints: integer('rate_basis_points').notNull(),
    label: text('label').notNull().default('VAT'),
    ...timestamps,
  },
  (t) => [
    check('tax_rates_rate_check', sql`${t.rateBasisPoints} between 0 and 10000`),
    check(
      'tax_rates_region_check',
      sql`(${t.region} is null) = (cardinality(${t.postcodePrefixes}) = 0)`,
    ),
    uniqueIndex('tax_rates_place_idx').on(t.country, sql`coalesce(${t.region}, '')`),
  ],
);

/**
 * A company, or a customer without one, an admin marked tax-exempt, with the reference it rests
 * on (an exemption certificate's number).
 */
export const taxExemptions = pgTable(
  'tax_exemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    ...timestamps,
  },
  (t) => [
    check('tax_exemptions_one_buyer_check', sql`(${t.companyId} is null) <> (${t.userId} is null)`),
    uniqueIndex('tax_exemptions_company_idx')
      .on(t.companyId)
      .where(sql`${t.companyId} is not null`),
    uniqueIndex('tax_exemptions_user_idx').on(t.userId).where(sql`${t.userId} is not null`),
  ],
);
