import { and, eq } from 'drizzle-orm';
import { joinWords } from '../../../contract/format.ts';
import { formatMoney } from '../../../contract/money.ts';
import { MAX_ORDER_TOTAL } from '../../../contract/order-placement.ts';
import type {
  ListQuotesQuery,
  OfferQuoteBody,
  Quote,
  QuoteMessageBody,
  QuoteSummary,
  RefuseQuoteBody,
} from '../../../contract/quote-schemas.ts';
import {
  formatQuoteNumber,
  OFFER_VALIDITY_MAX_DAYS,
  QUOTE_MESSAGES_MAX,
} from '../../../contract/quotes.ts';
import type { Db, Tx } from '../../db/client.ts';
import { quoteLines } from '../../db/schema.ts';
import { fieldError } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import { recordAudit } from '../audit/index.ts';
import {
  assertDayAhead,
  assertOpen,
  endOfDay,
  messagesFull,
  quoteNotFound,
} from './quote-access.ts';
import { offerEmail, refusalEmail, type StoreInfo, storeMessageEmail } from './quote-emails.ts';
import type { QuoteMail } from './quote-mail.ts';
import * as repo from './quotes.repo.ts';

/** The store's side of quotes, for admins: the list, an offer, a refusal, a message. */
export function createQuoteOffers(
  db: Db,
  options: StoreInfo & {
    mail: QuoteMail;
    change: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;
  },
) {
  const { mail, change } = options;

  /** The quote, locked, still open: every change of the store starts here. */
  async function openQuote(tx: Tx, id: string): Promise<repo.QuoteRow> {
    const row = await repo.findQuote(tx, id, { lock: true });
    if (!row) throw quoteNotFound();
    assertOpen(row);
    return row;
  }

  async function storeMessage(tx: Tx, admin: SessionUser, quoteId: string, body: string) {
    await repo.addMessage(tx, {
      quoteId,
      authorId: admin.id,
      authorName: admin.name,
      authorSide: 'store',
      body,
    });
  }

  async function read(tx: Tx, id: string): Promise<Quote> {
    const quote = await repo.readQuote(tx, id, true);
    if (!quote) throw quoteNotFound();
    return quote;
  }

  const audit = (
    tx: Tx,
    admin: SessionUser,
    row: repo.QuoteRow,
    action: 'quote.offered' | 'quote.refused' | 'quote.message_written',
    details?: Record<string, unknown>,
  ) =>
    recordAudit(tx, admin, {
      action,
      target: { type: 'quote', id: row.id, label: formatQuoteNumber(row.number) },
      ...(details ? { details } : {}),
    });

  return {
    listRequests: (query: ListQuotesQuery): Promise<{ quotes: QuoteSummary[]; total: number }> =>
      repo.listQuotes(db, { status: query.status }, query),

    getRequest: (id: string): Promise<Quote> => read(db, id),

    /** Prices every line (null: not offered) and sets the last day; replaces an earlier offer. */
    offer: (admin: SessionUser, id: string, body: OfferQuoteBody): Promise<Quote> => {
      assertDayAhead('validUntil', body.validUntil, OFFER_VALIDITY_MAX_DAYS);
      return change(async (tx) => {
        const row = await openQuote(tx, id);
        const lines = await repo.linesOf(tx, row.id);
        const prices = offeredPrices(lines, body);
        assertAcceptable(lines, prices, row.currency);
        if (body.message && (await repo.countMessages(tx, row.id)) >= QUOTE_MESSAGES_MAX) {
          throw messagesFull(QUOTE_MESSAGES_MAX);
        }
        for (const [position, price] of prices) {
          await tx
            .update(quoteLines)
            .set({ offeredUnitPrice: price })
            .where(and(eq(quoteLines.quoteId, row.id), eq(quoteLines.position, position)));
        }
        await repo.changeStatus(tx, row.id, ['requested', 'offered'], 'offered', {
          validUntil: endOfDay(body.validUntil),
        });
        if (body.message) await storeMessage(tx, admin, row.id, body.message);
        const quote = await read(tx, row.id);
        await audit(tx, admin, row, 'quote.offered', {
          offeredTotal: quote.offeredTotal,
          validUntil: body.validUntil,
        });
        await mail.toBuyer(tx, 'quote_offered', quote._id, offerEmail(options, quote));
        return quote;
      });
    },

    /** No offer: the reason is the buyer's last message from the store (past the cap, once). */
    refuse: (admin: SessionUser, id: string, body: RefuseQuoteBody): Promise<Quote> =>
      change(async (tx) => {
        const row = await openQuote(tx, id);
        await repo.changeStatus(tx, row.id, ['requested', 'offered'], 'refused');
        await storeMessage(tx, admin, row.id, body.reason);
        await audit(tx, admin, row, 'quote.refused');
        const quote = await read(tx, row.id);
        await mail.toBuyer(
          tx,
          'quote_refused',
          quote._id,
          refusalEmail(options, quote, body.reason),
        );
        return quote;
      }),

    writeStoreMessage: (admin: SessionUser, id: string, body: QuoteMessageBody): Promise<Quote> =>
      change(async (tx) => {
        const row = await openQuote(tx, id);
        if ((await repo.countMessages(tx, row.id)) >= QUOTE_MESSAGES_MAX) {
          throw messagesFull(QUOTE_MESSAGES_MAX);
        }
        await storeMessage(tx, admin, row.id, body.body);
        await audit(tx, admin, row, 'quote.message_written');
        const quote = await read(tx, row.id);
        await mail.toBuyer(
          tx,
          'quote_message',
          quote._id,
          storeMessageEmail(options, quote, body.body),
        );
        return quote;
      }),
  };
}

/**
 * An offer is accepted as one order, so it may come to no more than one order holds: a larger
 * one could never be accepted (the order would be refused as too large).
 */
function assertAcceptable(
  lines: { position: number; quantity: number }[],
  prices: Map<number, number | null>,
  currency: string,
): void {
  const total = lines.reduce(
    (sum, line) => sum + (prices.get(line.position) ?? 0) * line.quantity,
    0,
  );
  if (total > MAX_ORDER_TOTAL) {
    throw fieldError(
      'lines',
      `This offer comes to ${formatMoney(total, currency)}, more than one order can hold (${formatMoney(MAX_ORDER_TOTAL, currency)}), so it could never be accepted: offer lower prices or leave lines out.`,
    );
  }
}

/** Each line's offered price by position: every line of the quote once, at least one offered. */
function offeredPrices(
  lines: { position: number }[],
  body: OfferQuoteBody,
): Map<number, number | null> {
  const onQuote = new Set(lines.map((line) => line.position));
  const prices = new Map<number, number | null>();
  for (const [index, line] of body.lines.entries()) {
    if (!onQuote.has(line.position)) {
      throw fieldError(`lines.${index}.position`, `This quote has no line ${line.position}.`);
    }
    if (prices.has(line.position)) {
      throw fieldError(`lines.${index}.position`, `Line ${line.position} is priced twice.`);
    }
    prices.set(line.position, line.offeredUnitPrice);
  }
  const missing = lines.filter((line) => !prices.has(line.position)).map((line) => line.position);
  if (missing.length > 0) {
    const which =
      missing.length === 1 ? `line ${missing[0]} is` : `lines ${joinWords(missing)} are`;
    throw fieldError('lines', `Price every line or leave it out: ${which} missing.`);
  }
  if ([...prices.values()].every((price) => price === null)) {
    throw fieldError('lines', 'Offer at least one line; to offer nothing, refuse the request.');
  }
  return prices;
}
