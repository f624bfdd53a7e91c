import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaxDecisionSchema } from '../../contract/tax.ts';
import { type InstancePair, instancePair } from '../testing/change-feed.ts';
import { type Client, client } from '../testing/http.ts';
import type { TestContext } from '../testing/test-app.ts';
import type { TestDatabase } from '../testing/test-database.ts';
import { within } from '../testing/within.ts';
import { createDestinationCache, type KeptRate } from './destination-cache.ts';

const rate = (country: string, rateBasisPoints: number): KeptRate => ({
  country,
  region: null,
  postcodePrefixes: [],
  rateBasisPoints,
  label: 'VAT',
});

describe('the destination cache', () => {
  it('reads once while nothing changes, and again after any change', async () => {
    const cache = createDestinationCache();
    cache.setEnabled(true);
    let reads = 0;
    const read = async () => {
      reads += 1;
      return [rate('FR', 2000 + reads)];
    };
    expect(await cache.rates('FR', read)).toEqual([rate('FR', 2001)]);
    expect(await cache.rates('FR', read)).toEqual([rate('FR', 2001)]);
    expect(reads).toBe(1);
    cache.heard('all');
    expect(await cache.rates('FR', read)).toEqual([rate('FR', 2002)]);
    expect(reads).toBe(2);
  });

  it('forgets at once after a change made here has committed, and not when it failed', async () => {
    const cache = createDestinationCache();
    cache.setEnabled(true);
    let reads = 0;
    const read = async () => {
      reads += 1;
      return [rate('AT', 2000)];
    };
    await cache.rates('AT', read);
    await expect(cache.changing(Promise.reject(new Error('rolled back')))).rejects.toThrow();
    await cache.rates('AT', read);
    expect(reads, 'a failed change changed nothing').toBe(1);
    expect(await cache.changing(Promise.resolve('committed'))).toBe('committed');
    await cache.rates('AT', read);
    expect(reads).toBe(2);
  });

  it('never keeps a read that began before a change', async () => {
    const cache = createDestinationCache();
    cache.setEnabled(true);
    let release = () => {};
    const slow = cache.methods(
      () =>
        new Promise((resolve) => {
          release = () => resolve([]);
        }),
    );
    cache.heard('all');
    release();
    await slow;
    let reads = 0;
    await cache.methods(async () => {
      reads += 1;
      return [];
    });
    expect(reads, 'the read that raced the change was not kept').toBe(1);
  });

  it('keeps nothing while changes cannot be heard, and what it keeps cannot be changed', async () => {
    const cache = createDestinationCache();
    let reads = 0;
    const read = async () => {
      reads += 1;
      return [rate('DE', 1900)];
    };
    await cache.rates('DE', read);
    await cache.rates('DE', read);
    expect(reads).toBe(2);
    cache.setEnabled(true);
    await cache.rates('DE', read);
    const kept = await cache.rates('DE', read);
    expect(reads).toBe(3);
    expect(() => kept.push(rate('DE', 0))).toThrow(TypeError);
  });
});

describe('the delivery methods and tax rates across two instances', () => {
  let database: TestDatabase;
  let first: TestContext;
  let second: TestContext;
  let adminOnFirst: Client;
  let buyerOnFirst: Client;
  let buyerOnSecond: Client;

  const rateFor = async (via: Client, country: string) => {
    const said = await via.get(`/tax/destination?country=${country}`);
    expect(said.statusCode, said.body).toBe(200);
    return TaxDecisionSchema.parse(said.json()).rateBasisPoints;
  };

  let instances: InstancePair;

  beforeAll(async () => {
    instances = await instancePair();
    ({ database, first, second } = instances);
    adminOnFirst = client(first.app, await first.signUp({ role: 'Admin' }));
    const buyer = await first.signUp();
    buyerOnFirst = client(first.app, buyer);
    buyerOnSecond = client(second.app, buyer);
  });
  afterAll(() => instances.close());

  it("show an admin's change at once where it was made, and within a second on the other", async () => {
    const created = await adminOnFirst.post('/tax-rates', { country: 'PT', rate: 23 });
    expect(created.statusCode, created.body).toBe(201);
    // Both instances now keep Portugal's rates.
    expect(await rateFor(buyerOnFirst, 'PT')).toBe(2300);
    expect(await rateFor(buyerOnSecond, 'PT')).toBe(2300);
    const { _id } = created.json() as { _id: string };
    const changed = await adminOnFirst.patch(`/tax-rates/${_id}`, { rate: 13 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await rateFor(buyerOnFirst, 'PT'), 'the instance that made it, at once').toBe(1300);
    const heard = await within(1_000, async () => {
      expect(await rateFor(buyerOnSecond, 'PT')).toBe(1300);
    });
    expect(heard).toBeLessThan(1_000);
  });

  it('hear a change made straight in the database (its trigger announces it)', async () => {
    expect(await rateFor(buyerOnSecond, 'LU')).not.toBe(1700);
    await database.db.execute(
      sql`insert into tax_rates (country, rate_basis_points, label) values ('LU', 1700, 'VAT')`,
    );
    await within(1_000, async () => {
      expect(await rateFor(buyerOnFirst, 'LU')).toBe(1700);
      expect(await rateFor(buyerOnSecond, 'LU')).toBe(1700);
    });
  });
});
