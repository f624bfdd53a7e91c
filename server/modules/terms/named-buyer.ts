import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { companies, user } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import { membershipOf } from '../companies/index.ts';

/**
 * The company, or the customer without one, an admin gives something to (payment terms, a tax
 * exemption): its key and how the audit log labels it. Throws when there is none, and when the
 * customer belongs to a company, whose settings they order under (`underCompany` ends the
 * sentence: "orders on its terms: give the company payment terms instead").
 */
export async function namedBuyer(
  tx: Tx,
  body: { companyId?: string | undefined; userId?: string | undefined },
  underCompany: string,
) {
  if (body.companyId !== undefined) {
    const [company] = await tx
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(eq(companies.id, body.companyId));
    if (!company) throw notFound('No company has this id.');
    return { key: { companyId: company.id }, target: { type: 'company' as const, ...company } };
  }
  const userId = body.userId ?? '';
  const [person] = await tx
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(eq(user.id, userId));
  if (!person) throw notFound('No customer has this id.');
  const membership = await membershipOf(tx, person.id);
  if (membership) {
    throw conflict(
      'in_company',
      `${person.name} belongs to ${membership.companyName} and ${underCompany}.`,
    );
  }
  return {
    key: { userId: person.id },
    target: { type: 'user' as const, id: person.id, name: person.email },
  };
}
