import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { CATALOGUE_CHANNEL } from '../cache/catalogue-cache.ts';
import { prepareJson } from '../cache/response-cache.ts';
import { buildTestApp, type TestContext } from './test-app.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { within } from './within.ts';

/** Waits until the instance hears the change feed (and so keeps answers in memory). */
export async function untilLive(t: TestContext): Promise<void> {
  await within(5_000, () => expect(t.app.changes.isLive).toBe(true));
}

/**
 * Waits until instance `t` has heard every catalogue change announced so far: what a trigger
 * announced from inside a committed transaction (a tool added straight to the database) or, given
 * `announcedBy`, what that instance announced (a review posted through it, coalesced with the
 * changes after it). Either would otherwise arrive later and clear an answer a test reads next.
 * A marker is announced after them the same way; PostgreSQL delivers notifications in the order
 * they were committed, so once the marker has cleared a marker answer kept in `t`'s catalogue
 * memory, the changes before it have been heard.
 */
export async function catalogueChangesHeard(
  t: TestContext,
  { announcedBy }: { announcedBy?: TestContext } = {},
): Promise<void> {
  const { responses } = t.app.catalogue;
  const marker = `heard-${randomUUID()}`;
  await responses.get(marker, async () => prepareJson(marker));
  expect(responses.peek(marker), 'the catalogue keeps answers (its feed is live)').toBeDefined();
  if (announcedBy) announcedBy.app.changes.announce(CATALOGUE_CHANNEL, 'all');
  else await t.db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, ':all')`);
  await within(5_000, () => expect(responses.peek(marker)).toBeUndefined());
}

export interface InstancePair {
  database: TestDatabase;
  first: TestContext;
  second: TestContext;
  /** Closes both instances and drops their database. */
  close(): Promise<void>;
}

/**
 * Two test instances of the store sharing one fresh database, as behind a load balancer, each
 * hearing the change feed (so each keeps answers in memory): for tests of what a change through
 * one does to what the other serves. (Load through two instances: two-instances.ts.)
 */
export async function instancePair(): Promise<InstancePair> {
  const database = await createTestDatabase();
  const first = await buildTestApp({}, { database });
  const second = await buildTestApp({}, { database });
  await untilLive(first);
  await untilLive(second);
  return {
    database,
    first,
    second,
    async close() {
      await first.close();
      await second.close();
      await database.drop();
    },
  };
}
