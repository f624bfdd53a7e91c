import { eq, sql } from 'drizzle-orm';
import { countryInSentence, countryName, placeInSentence } from '../../../contract/addresses.ts';
import {
  type CompanyVatNumber,
  type CreateTaxRateBody,
  type DestinationQuery,
  type ExemptionPageQuery,
  MAX_TAX_RATES,
  plainVatNumber,
  type SetTaxExemptionBody,
  type TaxDecision,
  type TaxExemption,
  type TaxRate,
  type UpdateTaxRateBody,
  type VatNumberPageQuery,
  type VerifyVatNumberBody,
  vatNumberCountry,
} from '../../../contract/tax.ts';
import type { DestinationCache } from '../../cache/destination-cache.ts';
import type { InvoiceSettings } from '../../config-payments.ts';
import type { Db, Tx } from '../../db/client.ts';
import { taxRates } from '../../db/schema.ts';
import { conflict, fieldError, notFound } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import { type AuditActor, recordAudit } from '../audit/index.ts';
import { membershipOf } from '../companies/index.ts';
import { namedBuyer } from '../terms/index.ts';
import * as repo from './tax.repo.ts';
import { decideTax, type RateRow } from './tax-decision.ts';

const rateNotFound = () => notFound('No tax rate has this id.');
const placeTaken = (country: string, region: string | null) =>
  conflict(
    'tax_rate_exists',
    region === null
      ? `All of ${countryInSentence(country)} has a rate already: change that one.`
      : `There is a rate for ${placeInSentence(region)} in ${countryInSentence(country)} already: change that one.`,
  );
/** Two regions of one country claiming one postcode beginning would make the rate a matter of luck. */
async function assertPrefixesFree(
  tx: Tx,
  country: string,
  prefixes: readonly string[],
  exceptId?: string,
): Promise<void> {
  const claimed = await repo.prefixClaimedBy(tx, country, prefixes, exceptId);
  if (claimed) {
    throw conflict(
      'postcode_prefix_taken',
      `Postcodes beginning ${claimed.prefix} belong to ${placeInSentence(claimed.region)} already: take them from there first.`,
    );
  }
}

/** A rate's place as the audit log names it: "Portugal", "Azores, Portugal". */
const placeLabel = (row: { country: string; region: string | null }) =>
  row.region === null ? countryName(row.country) : `${row.region}, ${countryName(row.country)}`;

/**
 * Tax by destination (docs/decisions/064): the admin's rates and exemptions (each change audited
 * in its transaction), and the decision a buyer's order to a destination carries.
 */
export function createTaxService(
  db: Db,
  options: { invoicing: InvoiceSettings; destinations: DestinationCache },
) {
  const { destinations } = options;
  /** Serializes rate changes, so the count cap and the one-rate-per-place rule hold. */
  const lockRates = (tx: Tx) => tx.execute(sql`lock table ${taxRates} in share row exclusive mode`);

  return {
    async listRates(): Promise<TaxRate[]> {
      return (await repo.listRates(db)).map(repo.toTaxRate);
    },

    createRate(body: CreateTaxRateBody, actor: AuditActor): Promise<TaxRate> {
      return destinations.changing(
        db.transaction(async (tx) => {
          await lockRates(tx);
          const region = body.region ?? null;
          if (await repo.placeTaken(tx, { country: body.country, region }))
            throw placeTaken(body.country, region);
          if (region !== null)
            await assertPrefixesFree(tx, body.country, body.postcodePrefixes ?? []);
          if ((await repo.countRates(tx)) >= MAX_TAX_RATES)
            throw conflict(
              'too_many_tax_rates',
              `The store keeps at most ${MAX_TAX_RATES} tax rates: delete one first.`,
            );
          const [row] = await tx
            .insert(taxRates)
            .values({
              country: body.country,
              region,
              postcodePrefixes: region === null ? [] : (body.postcodePrefixes ?? []),
              rateBasisPoints: Math.round(body.rate * 100),
              ...(body.label ? { label: body.label } : {}),
            })
            .returning();
          if (!row) throw new Error('inserting a tax rate returned no row');
          await recordAudit(tx, actor, {
            action: 'tax_rate.created',
            target: { type: 'tax_rate', id: row.id, label: placeLabel(row) },
            details: { fields: body },
          });
          return repo.toTaxRate(row);
        }),
      );
    },

    updateRate(id: string, changes: UpdateTaxRateBody, actor: AuditActor): Promise<TaxRate> {
      return destinations.changing(
        db.transaction(async (tx) => {
          await lockRates(tx);
          const [current] = await tx.select().from(taxRates).where(eq(taxRates.id, id));
          if (!current) throw rateNotFound();
          const region = changes.region === undefined ? current.region : changes.region;
          const prefixes =
            region === null ? [] : (changes.postcodePrefixes ?? current.postcodePrefixes);
          if (region !== null && prefixes.length === 0)
            throw fieldError(
              'postcodePrefixes',
              'Name the beginnings of the postcodes the region covers.',
            );
          if (region === null && (changes.postcodePrefixes ?? []).length > 0)
            throw fieldError('region', 'Name the region these postcodes make up.');
          if (await repo.placeTaken(tx, { country: current.country, region }, id))
            throw placeTaken(current.country, region);
          await assertPrefixesFree(tx, current.country, prefixes, id);
          const [row] = await tx
            .update(taxRates)
            .set({
              region,
              postcodePrefixes: prefixes,
              ...(changes.rate === undefined
                ? {}
                : { rateBasisPoints: Math.round(changes.rate * 100) }),
              ...(changes.label === undefined ? {} : { label: changes.label }),
              updatedAt: sql`now()`,
            })
            .where(eq(taxRates.id, id))
            .returning();
          if (!row) throw rateNotFound();
          await recordAudit(tx, actor, {
            action: 'tax_rate.updated',
            target: { type: 'tax_rate', id, label: placeLabel(row) },
            details: { changes },
          });
          return repo.toTaxRate(row);
        }),
      );
    },

    removeRate(id: string, actor: AuditActor): Promise<{ deletedCount: number }> {
      return destinations.changing(
        db.transaction(async (tx) => {
          const [row] = await tx.delete(taxRates).where(eq(taxRates.id, id)).returning();
          if (!row) throw rateNotFound();
          await recordAudit(tx, actor, {
            action: 'tax_rate.deleted',
            target: { type: 'tax_rate', id, label: placeLabel(row) },
          });
          return { deletedCount: 1 };
        }),
      );
    },

    listExemptions(query: ExemptionPageQuery) {
      return repo.listExemptions(db, query);
    },

    setExemption(admin: SessionUser, body: SetTaxExemptionBody): Promise<TaxExemption> {
      return db.transaction(async (tx) => {
        const { key, target } = await namedBuyer(
          tx,
          body,
          'orders under its tax status: mark the company tax-exempt instead',
        );
        const id = await repo.upsertExemption(tx, key, body.reference);
        await recordAudit(tx, admin, {
          action: 'tax_exemption.set',
          target: { type: target.type, id: target.id, label: target.name },
          details: { reference: body.reference },
        });
        const exemption = await repo.findExemption(tx, id);
        if (!exemption) throw new Error('a tax exemption vanished in its own transaction');
        return exemption;
      });
    },

    clearExemption(admin: SessionUser, id: string): Promise<null> {
      return db.transaction(async (tx) => {
        const exemption = await repo.findExemption(tx, id);
        if (!exemption || !(await repo.deleteExemption(tx, id)))
          throw notFound('No tax exemption has this id.');
        await recordAudit(tx, admin, {
          action: 'tax_exemption.cleared',
          target: {
            type: exemption.buyer.type === 'company' ? 'company' : 'user',
            id: exemption.buyer.id,
            label: exemption.buyer.email ?? exemption.buyer.name,
          },
        });
        return null;
      });
    },

    listVatNumbers(query: VatNumberPageQuery) {
      return repo.listVatNumbers(db, query);
    },

    /** The admin checked the company's number with the tax office: the reverse charge applies. */
    verifyVatNumber(
      admin: SessionUser,
      companyId: string,
      body: VerifyVatNumberBody,
    ): Promise<CompanyVatNumber> {
      return db.transaction(async (tx) => {
        const company = await repo.lockCompanyVat(tx, companyId);
        if (!company) throw notFound('No company has this id.');
        const given = company.vatNumber;
        if (
          given === null ||
          vatNumberCountry(given) === null ||
          plainVatNumber(given) !== plainVatNumber(body.vatNumber)
        ) {
          throw conflict(
            'vat_number_changed',
            given === null
              ? `${company.name} gives no VAT number now: there is nothing to verify.`
              : vatNumberCountry(given) === null
                ? `${company.name}'s VAT number ${given} does not look valid for any EU member state.`
                : `${company.name} gives the VAT number ${given} now, not ${body.vatNumber}: check that one.`,
          );
        }
        await repo.setVerifiedVat(tx, companyId, given);
        await recordAudit(tx, admin, {
          action: 'tax_vat_number.verified',
          target: { type: 'company', id: companyId, label: company.name },
          details: { vatNumber: given },
        });
        return repo.companyVatNumber(tx, companyId);
      });
    },

    /** The company's orders are taxed at their destination again. */
    unverifyVatNumber(admin: SessionUser, companyId: string): Promise<CompanyVatNumber> {
      return db.transaction(async (tx) => {
        const company = await repo.lockCompanyVat(tx, companyId);
        if (!company) throw notFound('No company has this id.');
        await repo.setVerifiedVat(tx, companyId, null);
        await recordAudit(tx, admin, {
          action: 'tax_vat_number.withdrawn',
          target: { type: 'company', id: companyId, label: company.name },
          details: { vatNumber: company.verifiedVatNumber },
        });
        return repo.companyVatNumber(tx, companyId);
      });
    },

    /** How the caller's order to a destination is taxed, as placement would decide it now. */
    async destination(user: SessionUser, query: DestinationQuery): Promise<TaxDecision> {
      // No country: an address typed without one, taken to be in the store's country (decision 072).
      const country = query.country ?? options.invoicing.sellerCountry;
      const { rates } = await taxFactsOf(db, country, destinations);
      const companyId = (await membershipOf(db, user.id))?.companyId ?? null;
      return decideTax(
        {
          destination: country ? { country, postcode: query.postcode ?? '' } : null,
          ...(await vatNumberOf(db, user.id, companyId)),
          exempt: await repo.isExempt(db, { userId: user.id, companyId }),
          rates,
        },
        options.invoicing,
      );
    },
  };
}

export type TaxService = ReturnType<typeof createTaxService>;

/**
 * The rates placement decides an order's tax from, read before its transaction takes its locks (no
 * country known: none, and no round trip); whether the buyer is exempt is read under the locks
 * (toolyard_order_context).
 */
export async function taxFactsOf(
  tx: Tx,
  country: string | null,
  kept: DestinationCache,
): Promise<TaxFactsRead> {
  return {
    rates: country === null ? [] : await kept.rates(country, () => repo.ratesOf(tx, country)),
  };
}
export interface TaxFactsRead {
  rates: RateRow[];
}

/** The VAT number an order of the caller's carries, and the one verified for their company. */
async function vatNumberOf(tx: Tx, userId: string, companyId: string | null) {
  const rows = await tx.execute<{ vat: string | null; verified: string | null }>(
    companyId
      ? sql`select vat_number as vat, verified_vat_number as verified from companies where id = ${companyId}`
      : sql`select vat_number as vat, null as verified from "user" where id = ${userId}`,
  );
  const row = rows.rows[0];
  return { vatNumber: row?.vat ?? null, verifiedVatNumber: row?.verified ?? null };
}
