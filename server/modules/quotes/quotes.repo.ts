import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { formatOrderNumber } from '../../../contract/orders.ts';
import type {
  Quote,
  QuoteLine,
  QuoteMessage,
  QuoteStatus,
  QuoteSummary,
} from '../../../contract/quote-schemas.ts';
import { formatQuoteNumber } from '../../../contract/quotes.ts';
import { readTogether, type Tx } from '../../db/client.ts';
import { companies, orders, quoteLines, quoteMessages, quotes, user } from '../../db/schema.ts';

/** The queries of quotes: one quote as the API sends it, pages of them, and their rows. */

export type QuoteRow = typeof quotes.$inferSelect;

const lineCount = sql<number>`(select count(*)::int from ${quoteLines} where ${quoteLines.quoteId} = ${quotes.id})`;
const listTotal = sql<number>`(select coalesce(sum(${quoteLines.quantity}::bigint * ${quoteLines.listUnitPrice}), 0)::bigint from ${quoteLines} where ${quoteLines.quoteId} = ${quotes.id})`;
const offeredTotal = sql<
  number | null
>`(select case when ${quotes.offeredAt} is null then null else coalesce(sum(${quoteLines.quantity}::bigint * ${quoteLines.offeredUnitPrice}), 0)::bigint end from ${quoteLines} where ${quoteLines.quoteId} = ${quotes.id})`;
/** An offer past its last day: read from the date, never stored. */
const isExpired = sql<boolean>`(${quotes.status} = 'offered' and ${quotes.validUntil} <= now())`;

const summaryColumns = {
  quote: quotes,
  requesterName: user.name,
  requesterEmail: user.email,
  companyName: companies.name,
  orderNumber: orders.number,
  orderStatus: orders.status,
  lineCount,
  listTotal,
  offeredTotal,
  isExpired,
};

function summaryQuery(tx: Tx) {
  return tx
    .select(summaryColumns)
    .from(quotes)
    .innerJoin(user, eq(user.id, quotes.userId))
    .leftJoin(companies, eq(companies.id, quotes.companyId))
    .leftJoin(orders, eq(orders.id, quotes.orderId));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['execute']>>[number];

const iso = (date: Date | null) => date?.toISOString() ?? null;

function toSummary(row: SummaryRow): QuoteSummary {
  const { quote } = row;
  return {
    _id: quote.id,
    number: formatQuoteNumber(quote.number),
    status: quote.status,
    isExpired: row.isExpired,
    requestedBy: { name: row.requesterName, email: row.requesterEmail },
    companyName: row.companyName,
    wantedBy: quote.wantedBy,
    currency: quote.currency,
    lineCount: row.lineCount,
    listTotal: Number(row.listTotal),
    offeredTotal: row.offeredTotal === null ? null : Number(row.offeredTotal),
    offeredAt: iso(quote.offeredAt),
    validUntil: iso(quote.validUntil),
    closedAt: iso(quote.closedAt),
    order:
      quote.orderId && row.orderNumber !== null && row.orderStatus !== null
        ? {
            id: quote.orderId,
            number: formatOrderNumber(row.orderNumber),
            status: row.orderStatus,
          }
        : null,
    createdAt: quote.createdAt.toISOString(),
    updatedAt: quote.updatedAt.toISOString(),
  };
}

/** Whose quotes a list shows: one customer's, and their company's when they may read it. */
export interface QuoteScope {
  userId?: string;
  companyId?: string;
}

/** A page of quotes, newest first, and how many match in all. */
export async function listQuotes(
  tx: Tx,
  filter: { scope?: QuoteScope; status?: QuoteStatus | undefined },
  page: { limit: number; offset: number },
): Promise<{ quotes: QuoteSummary[]; total: number }> {
  const { scope } = filter;
  const whose: SQL | undefined = scope
    ? or(
        scope.userId ? eq(quotes.userId, scope.userId) : undefined,
        scope.companyId ? eq(quotes.companyId, scope.companyId) : undefined,
      )
    : undefined;
  const where = and(whose, filter.status ? eq(quotes.status, filter.status) : undefined);
  const [rows, [counted]] = await readTogether(tx, [
    () =>
      summaryQuery(tx)
        .where(where)
        .orderBy(desc(quotes.createdAt), desc(quotes.number))
        .limit(page.limit)
        .offset(page.offset),
    () => tx.select({ total: sql<number>`count(*)::int` }).from(quotes).where(where),
  ]);
  return { quotes: rows.map(toSummary), total: counted?.total ?? 0 };
}

/** The quote's row, locked until the transaction ends when `lock` (FOR NO KEY UPDATE). */
export async function findQuote(
  tx: Tx,
  id: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<QuoteRow | undefined> {
  const query = tx.select().from(quotes).where(eq(quotes.id, id));
  const [row] = await (lock ? query.for('no key update') : query);
  return row;
}

export async function linesOf(tx: Tx, quoteId: string): Promise<QuoteLine[]> {
  const rows = await tx
    .select()
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, quoteId))
    .orderBy(asc(quoteLines.position));
  return rows.map(({ quoteId: _quote, ...line }) => line);
}

async function messagesOf(tx: Tx, quoteId: string): Promise<QuoteMessage[]> {
  const rows = await tx
    .select()
    .from(quoteMessages)
    .where(eq(quoteMessages.quoteId, quoteId))
    .orderBy(asc(quoteMessages.createdAt), asc(quoteMessages.id));
  return rows.map((row) => ({
    _id: row.id,
    authorName: row.authorName,
    authorSide: row.authorSide,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function countMessages(tx: Tx, quoteId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(quoteMessages)
    .where(eq(quoteMessages.quoteId, quoteId));
  return row?.count ?? 0;
}

/** One quote as the API sends it, with whether the caller may answer it. */
export async function readQuote(tx: Tx, id: string, canAct: boolean): Promise<Quote | undefined> {
  const [row] = await summaryQuery(tx).where(eq(quotes.id, id));
  if (!row) return undefined;
  const [lines, messages] = await readTogether(tx, [
    () => linesOf(tx, id),
    () => messagesOf(tx, id),
  ]);
  return { ...toSummary(row), lines, messages, canAct };
}

export async function addMessage(
  tx: Tx,
  message: typeof quoteMessages.$inferInsert,
): Promise<void> {
  await tx.insert(quoteMessages).values(message);
  await tx.update(quotes).set({ updatedAt: sql`now()` }).where(eq(quotes.id, message.quoteId));
}

/**
 * Moves a quote from one of `from` to `to` (an offer stamps `offeredAt`, a closing `closedAt`);
 * answers the row, or nothing when it was in none of them.
 */
export async function changeStatus(
  tx: Tx,
  id: string,
  from: QuoteStatus[],
  to: QuoteStatus,
  extra: Partial<Pick<QuoteRow, 'orderId' | 'validUntil'>> = {},
): Promise<QuoteRow | undefined> {
  const closes = to !== 'requested' && to !== 'offered';
  const [row] = await tx
    .update(quotes)
    .set({
      status: to,
      ...extra,
      ...(to === 'offered' ? { offeredAt: sql`now()` } : {}),
      ...(closes ? { closedAt: sql`now()` } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(quotes.id, id), inArray(quotes.status, from)))
    .returning();
  return row;
}

/** How many quotes a customer has open (asked for, or offered and not past their last day). */
/** Quotes asked for in the last 24 hours by the person, and in the company's name. */
export async function countLastDay(
  tx: Tx,
  userId: string,
  companyId: string | null,
): Promise<{ byPerson: number; byCompany: number }> {
  const [row] = await tx
    .select({
      byPerson: sql<number>`count(*) filter (where ${quotes.userId} = ${userId})::int`,
      byCompany: sql<number>`count(*) filter (where ${quotes.companyId} = ${companyId})::int`,
    })
    .from(quotes)
    .where(
      and(
        sql`${quotes.createdAt} > now() - interval '1 day'`,
        companyId === null
          ? eq(quotes.userId, userId)
          : or(eq(quotes.userId, userId), eq(quotes.companyId, companyId)),
      ),
    );
  return { byPerson: row?.byPerson ?? 0, byCompany: row?.byCompany ?? 0 };
}

export async function countOpen(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(quotes)
    .where(
      and(
        eq(quotes.userId, userId),
        or(
          eq(quotes.status, 'requested'),
          and(eq(quotes.status, 'offered'), sql`${quotes.validUntil} > now()`),
        ),
      ),
    );
  return row?.count ?? 0;
}

/** The emails of the store's admins, who answer quotes (at most `max`). */
export async function adminEmails(tx: Tx, max: number): Promise<string[]> {
  const rows = await tx
    .select({ email: user.email })
    .from(user)
    .where(eq(user.role, 'Admin'))
    .orderBy(asc(user.createdAt))
    .limit(max);
  return rows.map((row) => row.email);
}

/** Who answers a quote: its asker while they still order for its company, and its owners. */
export async function answererEmails(tx: Tx, quoteId: string): Promise<string[]> {
  const result = await tx.execute<{ email: string }>(sql`
    select u.email from quotes q join "user" u on u.id = q.user_id
    where q.id = ${quoteId} and (q.company_id is null or exists (
      select 1 from company_members m
      where m.user_id = q.user_id and m.company_id = q.company_id and m.role in ('owner', 'buyer')))
    union
    select u.email from quotes q
      join company_members m on m.company_id = q.company_id and m.role = 'owner'
      join "user" u on u.id = m.user_id
    where q.id = ${quoteId}
    order by 1`);
  return result.rows.map((row) => row.email);
}
