import { sql } from 'drizzle-orm';
import { formatFullDate } from '#contract/dates.ts';
import type { AcceptQuoteBody, Quote } from '../../../contract/quote-schemas.ts';
import { formatQuoteNumber } from '../../../contract/quotes.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, assertEmailVerified, conflict } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import { recordAudit } from '../audit/index.ts';
import type { OrdersService } from '../orders/index.ts';
import { assertCanAct, assertOpen, quoteNotFound } from './quote-access.ts';
import { acceptedEmail, type StoreInfo } from './quote-emails.ts';
import type { QuoteMail } from './quote-mail.ts';
import * as repo from './quotes.repo.ts';

/**
 * Accepting an offer: the order of the offered lines at the offered prices, placed by the orders
 * module's rules in the transaction that marks the quote accepted and names the order. The quote's
 * row is locked first: of two acceptances at once (a double click, two tabs) the second waits,
 * then finds the quote accepted and answers it, placing nothing. A refused order (a line short of
 * stock, a cap) rolls everything back: the quote stays offered.
 */
export async function acceptQuote(
  orders: Pick<OrdersService, 'withAgreedOrder'>,
  context: StoreInfo & { mail: QuoteMail },
  request: { user: SessionUser; id: string; delivery: AcceptQuoteBody },
): Promise<Quote> {
  const { user, id, delivery } = request;
  assertEmailVerified(user, 'placing an order');
  return orders.withAgreedOrder(async (tx, place) => {
    const row = await assertCanAct(tx, user, await repo.findQuote(tx, id, { lock: true }));
    if (row.status === 'accepted') return read(tx, row.id);
    assertOpen(row);
    if (row.status !== 'offered') {
      throw conflict(
        'quote_not_offered',
        'We have not made an offer on this quote yet, so there is nothing to accept.',
      );
    }
    await assertNotExpired(tx, row);
    const offered = (await repo.linesOf(tx, row.id)).flatMap((line) =>
      line.offeredUnitPrice === null ? [] : [{ ...line, offeredUnitPrice: line.offeredUnitPrice }],
    );
    const order = await place(
      user,
      { lines: offered.map(({ toolId, quantity }) => ({ toolId, quantity })), ...delivery },
      new Map(offered.map((line) => [line.toolId, line.offeredUnitPrice])),
    ).catch((error: unknown) => {
      throw explained(error);
    });
    await repo.changeStatus(tx, row.id, ['offered'], 'accepted', { orderId: order._id });
    await recordAudit(tx, user, {
      action: 'quote.accepted',
      target: { type: 'quote', id: row.id, label: formatQuoteNumber(row.number) },
      details: { orderId: order._id, orderNumber: order.number },
    });
    const quote = await read(tx, row.id);
    await context.mail.toStore(
      tx,
      'quote_accepted',
      acceptedEmail(context, quote, order.totalAmount),
    );
    return quote;
  });
}

async function read(tx: Tx, id: string): Promise<Quote> {
  const quote = await repo.readQuote(tx, id, true);
  if (!quote) throw quoteNotFound();
  return quote;
}

/** An offer past its last day (the database's clock, as every reader's) cannot be accepted. */
async function assertNotExpired(tx: Tx, row: repo.QuoteRow): Promise<void> {
  const result = await tx.execute<{ expired: boolean }>(
    sql`select ${row.validUntil} <= now() as expired`,
  );
  if (!result.rows[0]?.expired) return;
  throw conflict(
    'quote_expired',
    `This offer held until the end of ${formatFullDate(row.validUntil ?? new Date(), 'UTC')} (UTC) and can no longer be accepted. Write to us on the quote and we will look at a new offer.`,
  );
}

/** A line short of stock, in the words of a quote: nothing was ordered, the offer still holds. */
function explained(error: unknown): unknown {
  if (!(error instanceof AppError) || error.code !== 'out_of_stock') return error;
  const short = error.details?.lines ?? [];
  const names = short.map(
    (line) => `${line.productName} (${line.available === 0 ? 'none' : line.available} in stock)`,
  );
  return new AppError(
    409,
    'out_of_stock',
    `We do not have the stock for this offer right now${names.length > 0 ? `: ${names.join(', ')}` : ''}. Nothing was ordered and the offer still holds until its last day; write to us on the quote.`,
    undefined,
    undefined,
    error.details,
  );
}
