import { and, eq, inArray } from 'drizzle-orm';
import { quoteLines, quoteMessages, quotes } from '../db/schema.ts';
import type { TestContext } from './test-app.ts';

/**
 * A quote of `quantity` units of one tool asked for by `userId`, written straight to its tables
 * (the cross-cutting suites need many, past the cap on open quotes): asked for, or offered at
 * 1000 a unit for a week; for a company's buyer, the company they asked for. Dated two days back,
 * so that the suites' many quotes do not count against the requests a person may make in a day.
 */
export async function addQuote(
  t: TestContext,
  userId: string,
  tool: { id: string },
  status: 'requested' | 'offered',
  quantity = 10,
  companyId: string | null = null,
): Promise<{ id: string }> {
  const isOffered = status === 'offered';
  const [row] = await t.db
    .insert(quotes)
    .values({
      userId,
      companyId,
      status,
      currency: 'USD',
      createdAt: new Date(Date.now() - 2 * 86_400_000),
      offeredAt: isOffered ? new Date() : null,
      validUntil: isOffered ? new Date(Date.now() + 7 * 86_400_000) : null,
    })
    .returning();
  if (!row) throw new Error('no quote');
  await t.db.insert(quoteLines).values({
    quoteId: row.id,
    position: 1,
    toolId: tool.id,
    productName: 'Quoted tool',
    sku: 'QT-1',
    quantity,
    listUnitPrice: 1250,
    offeredUnitPrice: isOffered ? 1000 : null,
  });
  await t.db.insert(quoteMessages).values({
    quoteId: row.id,
    authorId: userId,
    authorName: 'Asker',
    authorSide: 'customer',
    body: 'A better price for ten, please.',
  });
  return { id: row.id };
}

/**
 * Closes a customer's open quotes (as withdrawn), so that the cap on open quotes never refuses a
 * fresh request of a test that made many.
 */
export async function closeOpenQuotes(t: TestContext, userId: string): Promise<void> {
  await t.db
    .update(quotes)
    .set({ status: 'withdrawn', closedAt: new Date() })
    .where(and(eq(quotes.userId, userId), inArray(quotes.status, ['requested', 'offered'])));
}
