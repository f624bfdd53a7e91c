import { paymentTerms } from '../db/schema.ts';
import type { TestContext } from './test-app.ts';

/** Payment terms for a customer without a company (net 30, a limit of 1,000.00), written straight in. */
export async function addTerms(
  t: Pick<TestContext, 'db'>,
  userId: string,
  values: { netDays?: number; creditLimit?: number } = {},
): Promise<{ id: string }> {
  const [row] = await t.db
    .insert(paymentTerms)
    .values({ userId, netDays: 30, creditLimit: 100_000, ...values })
    .returning({ id: paymentTerms.id });
  if (!row) throw new Error('no payment terms');
  return row;
}
