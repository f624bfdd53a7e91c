import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { CATALOGUE_CHANNEL } from '../http/catalogue-cache.ts';
import { prepareJson } from '../http/response-cache.ts';
import type { TestContext } from './test-app.ts';
import { within } from './within.ts';

/** Waits until the instance hears the change feed (and so keeps answers in memory). */
export async function untilLive(t: TestContext): Promise<void> {
  await within(5_000, () => expect(t.app.changes.isLive).toBe(true));
}

/**
 * Waits until the instance has heard every catalogue change committed so far. What a trigger
 * announces (a tool added straight to the database) arrives a moment after its commit, and would
 * clear an answer a test reads next. A marker is announced after it; PostgreSQL delivers
 * notifications in the order their transactions committed, so once a marker answer kept in the
 * catalogue's memory is gone, the changes before it have been heard.
 */
export async function catalogueChangesHeard(t: TestContext): Promise<void> {
  const { responses } = t.app.catalogue;
  const marker = `heard-${randomUUID()}`;
  await responses.get(marker, async () => prepareJson(marker));
  expect(responses.peek(marker), 'the catalogue keeps answers (its feed is live)').toBeDefined();
  await t.db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, ':all')`);
  await within(5_000, () => expect(responses.peek(marker)).toBeUndefined());
}
