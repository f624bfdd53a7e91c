import { sql } from 'drizzle-orm';
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

/** What a customer without a company owes on account, as the store counts it. */
export async function owedOnAccount(t: Pick<TestContext, 'db'>, userId: string): Promise<number> {
  const { rows } = await t.db.execute<{ owed: number }>(
    sql`select toolyard_owed_on_account(null, ${userId})::int as owed`,
  );
  return rows[0]?.owed ?? 0;
}
