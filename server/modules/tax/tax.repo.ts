import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  type CompanyVatNumber,
  plainVatNumber,
  type TaxExemption,
  type TaxRate,
  vatNumberCountry,
} from '../../../contract/tax.ts';
import type { Tx } from '../../db/client.ts';
import { companies, taxExemptions, taxRates, user } from '../../db/schema.ts';
import type { RateRow } from './tax-decision.ts';

export type TaxRateRow = typeof taxRates.$inferSelect;

export function toTaxRate(row: TaxRateRow): TaxRate {
  return {
    _id: row.id,
    country: row.country,
    region: row.region,
    postcodePrefixes: row.postcodePrefixes,
    rate: row.rateBasisPoints / 100,
    label: row.label,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listRates(tx: Tx): Promise<TaxRateRow[]> {
  return tx
    .select()
    .from(taxRates)
    .orderBy(asc(taxRates.country), sql`${taxRates.region} is not null`, asc(taxRates.region));
}

export async function countRates(tx: Tx): Promise<number> {
  const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(taxRates);
  return row?.count ?? 0;
}

/** A region of `country` other than `exceptId` that already claims one of these postcode beginnings. */
export async function prefixClaimedBy(
  tx: Tx,
  country: string,
  prefixes: readonly string[],
  exceptId?: string,
): Promise<{ region: string; prefix: string } | undefined> {
  if (prefixes.length === 0) return undefined;
  const rows = await tx
    .select({ id: taxRates.id, region: taxRates.region, prefixes: taxRates.postcodePrefixes })
    .from(taxRates)
    .where(
      and(
        eq(taxRates.country, country),
        sql`${taxRates.postcodePrefixes} && array[${sql.join(
          prefixes.map((prefix) => sql`${prefix}`),
          sql`, `,
        )}]::text[]`,
      ),
    );
  const other = rows.find((row) => row.id !== exceptId);
  const prefix = other?.prefixes.find((each) => prefixes.includes(each));
  return other && prefix ? { region: other.region ?? '', prefix } : undefined;
}

/** A country's rates, its own and its regions', in the order they were made. */
export async function ratesOf(tx: Tx, country: string): Promise<RateRow[]> {
  return tx
    .select({
      country: taxRates.country,
      region: taxRates.region,
      postcodePrefixes: taxRates.postcodePrefixes,
      rateBasisPoints: taxRates.rateBasisPoints,
      label: taxRates.label,
    })
    .from(taxRates)
    .where(eq(taxRates.country, country))
    .orderBy(asc(taxRates.createdAt), asc(taxRates.id));
}

/**
 * Whether a buyer orders tax-exempt: a member under their company's exemption, anyone else under
 * their own (as toolyard_order_context reads it for a placement).
 */
export async function isExempt(
  tx: Tx,
  buyer: { userId: string; companyId: string | null },
): Promise<boolean> {
  const [row] = await tx
    .select({ id: taxExemptions.id })
    .from(taxExemptions)
    .where(
      buyer.companyId
        ? eq(taxExemptions.companyId, buyer.companyId)
        : eq(taxExemptions.userId, buyer.userId),
    );
  return row !== undefined;
}

const exemptionColumns = {
  id: taxExemptions.id,
  companyId: taxExemptions.companyId,
  userId: taxExemptions.userId,
  reference: taxExemptions.reference,
  updatedAt: taxExemptions.updatedAt,
  companyName: companies.name,
  userName: user.name,
  userEmail: user.email,
};

function joinedExemptions(tx: Tx) {
  return tx
    .select(exemptionColumns)
    .from(taxExemptions)
    .leftJoin(companies, eq(companies.id, taxExemptions.companyId))
    .leftJoin(user, eq(user.id, taxExemptions.userId));
}

type ExemptionJoined = Awaited<ReturnType<typeof joinedExemptions>>[number];

function toExemption(row: ExemptionJoined): TaxExemption {
  return {
    _id: row.id,
    buyer: row.companyId
      ? { type: 'company', id: row.companyId, name: row.companyName ?? '', email: null }
      : { type: 'customer', id: row.userId ?? '', name: row.userName ?? '', email: row.userEmail },
    reference: row.reference,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listExemptions(
  tx: Tx,
  page: { limit: number; offset: number },
): Promise<{ exemptions: TaxExemption[]; total: number }> {
  const [rows, [count]] = [
    await joinedExemptions(tx)
      .orderBy(asc(sql`lower(coalesce(${companies.name}, ${user.name}))`), asc(taxExemptions.id))
      .limit(page.limit)
      .offset(page.offset),
    await tx.select({ total: sql<number>`count(*)::int` }).from(taxExemptions),
  ];
  return { exemptions: rows.map(toExemption), total: count?.total ?? 0 };
}

export async function findExemption(tx: Tx, id: string): Promise<TaxExemption | undefined> {
  const [row] = await joinedExemptions(tx).where(eq(taxExemptions.id, id));
  return row && toExemption(row);
}

/** Inserts or replaces the buyer's exemption (one per company, one per customer). */
export async function upsertExemption(
  tx: Tx,
  buyer: { companyId: string } | { userId: string },
  reference: string,
): Promise<string> {
  const isCompany = 'companyId' in buyer;
  const [row] = await tx
    .insert(taxExemptions)
    .values({ ...buyer, reference })
    .onConflictDoUpdate({
      target: isCompany ? taxExemptions.companyId : taxExemptions.userId,
      targetWhere: isCompany ? sql`company_id is not null` : sql`user_id is not null`,
      set: { reference, updatedAt: sql`now()` },
    })
    .returning({ id: taxExemptions.id });
  if (!row) throw new Error('upserting a tax exemption returned no row');
  return row.id;
}

export async function deleteExemption(tx: Tx, id: string): Promise<boolean> {
  const deleted = await tx
    .delete(taxExemptions)
    .where(eq(taxExemptions.id, id))
    .returning({ id: taxExemptions.id });
  return deleted.length > 0;
}

/** Whether another rate names the same country and region (null: the country's own). */
export async function placeTaken(
  tx: Tx,
  place: { country: string; region: string | null },
  exceptId?: string,
): Promise<boolean> {
  const rows = await tx
    .select({ id: taxRates.id })
    .from(taxRates)
    .where(
      and(
        eq(taxRates.country, place.country),
        place.region === null
          ? isNull(taxRates.region)
          : sql`lower(${taxRates.region}) = lower(${place.region})`,
      ),
    );
  return rows.some((row) => row.id !== exceptId);
}

// ---- Companies' VAT numbers (the reverse charge) -----------------------------------------------

type CompanyVatRow = {
  id: string;
  name: string;
  vatNumber: string | null;
  verifiedVatNumber: string | null;
  vatVerifiedAt: Date | null;
};

function toCompanyVatNumber(row: CompanyVatRow): CompanyVatNumber {
  const vatNumber = row.vatNumber ?? '';
  return {
    companyId: row.id,
    companyName: row.name,
    vatNumber,
    country: vatNumberCountry(vatNumber),
    verifiedVatNumber: row.verifiedVatNumber,
    verifiedAt: row.vatVerifiedAt?.toISOString() ?? null,
    isVerified:
      row.verifiedVatNumber !== null &&
      plainVatNumber(vatNumber) === plainVatNumber(row.verifiedVatNumber),
  };
}

const vatColumns = {
  id: companies.id,
  name: companies.name,
  vatNumber: companies.vatNumber,
  verifiedVatNumber: companies.verifiedVatNumber,
  vatVerifiedAt: companies.vatVerifiedAt,
};

/** The number as compared in SQL: capitals, without spaces, dots, dashes or slashes. */
const plainSql = (column: unknown) => sql`upper(regexp_replace(${column}, '[\s./-]', '', 'g'))`;

/**
 * A page of the companies whose VAT number starts like a member state's (the form itself is
 * checked per row), verified (the number given is the one verified) or not.
 */
export async function listVatNumbers(
  tx: Tx,
  query: { state: 'unverified' | 'verified'; limit: number; offset: number },
): Promise<{ companies: CompanyVatNumber[]; total: number }> {
  const matches = sql`${plainSql(companies.vatNumber)} ~ '^(AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK)'`;
  const verified = sql`${companies.verifiedVatNumber} is not null and ${plainSql(companies.verifiedVatNumber)} = ${plainSql(companies.vatNumber)}`;
  const where =
    query.state === 'verified'
      ? sql`${matches} and ${verified}`
      : sql`${matches} and not coalesce(${verified}, false)`;
  const [rows, [count]] = [
    await tx
      .select(vatColumns)
      .from(companies)
      .where(where)
      .orderBy(asc(sql`lower(${companies.name})`), asc(companies.id))
      .limit(query.limit)
      .offset(query.offset),
    await tx.select({ total: sql<number>`count(*)::int` }).from(companies).where(where),
  ];
  return { companies: rows.map(toCompanyVatNumber), total: count?.total ?? 0 };
}

/** The company's VAT numbers, its row locked against a change of its details meanwhile. */
export async function lockCompanyVat(
  tx: Tx,
  companyId: string,
): Promise<CompanyVatRow | undefined> {
  const [row] = await tx
    .select(vatColumns)
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  return row;
}

export async function setVerifiedVat(tx: Tx, companyId: string, vatNumber: string | null) {
  await tx
    .update(companies)
    .set({ verifiedVatNumber: vatNumber, vatVerifiedAt: vatNumber === null ? null : sql`now()` })
    .where(eq(companies.id, companyId));
}

export async function companyVatNumber(tx: Tx, companyId: string): Promise<CompanyVatNumber> {
  const [row] = await tx.select(vatColumns).from(companies).where(eq(companies.id, companyId));
  if (!row) throw new Error('a company vanished in its own transaction');
  return toCompanyVatNumber(row);
}
