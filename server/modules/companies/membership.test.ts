import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyMembers } from '../../db/schema.ts';
import { buildTestApp, type TestContext } from '../../testing/test-app.ts';
import { membershipOf } from './index.ts';

let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('membershipOf', () => {
  it('reads a person’s company and role from the database, and nothing for one without', async () => {
    const loner = await t.signUp({ name: 'Lone Buyer' });
    expect(await membershipOf(t.db, loner.id)).toBeNull();

    const buyer = await t.signUp({ name: 'Crew Buyer' });
    const [company] = await t.db.insert(companies).values({ name: 'Harbour Builders' }).returning();
    if (!company) throw new Error('no company');
    await t.db
      .insert(companyMembers)
      .values({ userId: buyer.id, companyId: company.id, role: 'buyer', orderLimit: 50_000 });
    expect(await membershipOf(t.db, buyer.id)).toEqual({
      companyId: company.id,
      companyName: 'Harbour Builders',
      role: 'buyer',
      orderLimit: 50_000,
      monthlyLimit: null,
    });

    await t.db.delete(companyMembers).where(eq(companyMembers.userId, buyer.id));
    expect(await membershipOf(t.db, buyer.id)).toBeNull();
  });

  it('refuses a second company for one person', async () => {
    const person = await t.signUp({ name: 'Two Hats' });
    const made = await t.db
      .insert(companies)
      .values([{ name: 'First Ltd' }, { name: 'Second Ltd' }])
      .returning();
    await t.db
      .insert(companyMembers)
      .values({ userId: person.id, companyId: made[0]?.id ?? '', role: 'owner' });
    await expect(
      t.db
        .insert(companyMembers)
        .values({ userId: person.id, companyId: made[1]?.id ?? '', role: 'buyer' }),
    ).rejects.toThrow();
  });
});
