import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { CATALOGUE_CHANNEL } from '../cache/catalogue-cache.ts';
import { prepareJson } from '../cache/response-cache.ts';
import type { TestContext } from './test-app.ts';
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
