import { eq, inArray, sql } from 'drizzle-orm';
import { unitPriceFor } from '../../../contract/pricing.ts';
import type { FieldError } from '../../../contract/problem.ts';
import { ruleSentence } from '../../../contract/quantity-rules.ts';
import type {
  AcceptQuoteBody,
  ListQuotesQuery,
  Quote,
  QuoteMessageBody,
  QuoteSummary,
  RequestQuoteBody,
} from '../../../contract/quote-schemas.ts';
import {
  COMPANY_QUOTE_REQUESTS_PER_DAY_MAX,
  formatQuoteNumber,
  OPEN_QUOTES_MAX,
  QUOTE_MESSAGES_MAX,
  QUOTE_REQUESTS_PER_DAY_MAX,
  WANTED_BY_MAX_DAYS,
} from '../../../contract/quotes.ts';
import type { DestinationCache } from '../../cache/destination-cache.ts';
import type { Db, Tx } from '../../db/client.ts';
import { carts, quoteLines, quotes, tools } from '../../db/schema.ts';
import { AppError, assertEmailVerified, badRequest, conflict } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { recordAudit } from '../audit/index.ts';
import { lockedMembershipOf } from '../companies/index.ts';
import { assertMayOrder, type OrdersService } from '../orders/index.ts';
import { deliveryOptionsForLines } from '../shipping/index.ts';
import { acceptQuote } from './quote-acceptance.ts';
import {
  assertCanAct,
  assertCanRead,
  assertDayAhead,
  assertOpen,
  messagesFull,
  quoteNotFound,
  scopeOf,
} from './quote-access.ts';
import { customerMessageEmail, quoteRequestedEmail, type StoreInfo } from './quote-emails.ts';
import { quoteMail } from './quote-mail.ts';
import { createQuoteOffers } from './quote-offers.ts';
import * as repo from './quotes.repo.ts';

export interface QuotesOptions extends StoreInfo {
  currency: string;
  /** The store's time zone, in which delivery days are promised. */
  timeZone: string;
  /** The delivery methods, kept in memory (server/cache/destination-cache.ts). */
  destinations: DestinationCache;
  mailer: Mailer;
  /** Places the order an accepted offer makes, in the quote's transaction. */
  orders: Pick<OrdersService, 'withAgreedOrder'>;
}

/** Reads a quote for the answer; it was just written in this transaction. */
async function answer(tx: Tx, id: string, canAct: boolean): Promise<Quote> {
  const quote = await repo.readQuote(tx, id, canAct);
  if (!quote) throw quoteNotFound();
  return quote;
}

/** Quotes: a buyer asks from the cart, both sides write, the buyer answers the store's offer. */
export function createQuotesService(db: Db, options: QuotesOptions) {
  const mail = quoteMail(options.mailer);
  /** One change in one transaction; its emails are sent once it commits. */
  async function change<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await db.transaction(work);
    mail.sent();
    return result;
  }
  const audit = (tx: Tx, user: SessionUser, row: repo.QuoteRow, action: QuoteAction) =>
    recordAudit(tx, user, {
      action,
      target: { type: 'quote', id: row.id, label: formatQuoteNumber(row.number) },
    });

  return {
    /** A quote of every line of the customer's cart as stored; the cart stays as it is. */
    request: (user: SessionUser, body: RequestQuoteBody): Promise<Quote> => {
      assertEmailVerified(user, 'asking for a quote');
      if (body.wantedBy) assertDayAhead('wantedBy', body.wantedBy, WANTED_BY_MAX_DAYS);
      return change(async (tx) => {
        // The customer's requests queue here, so a burst cannot pass the cap together.
        await tx.execute(sql`select 1 from "user" where id = ${user.id} for no key update`);
        const open = await repo.countOpen(tx, user.id);
        if (open >= OPEN_QUOTES_MAX) {
          throw conflict(
            'quote_limit',
            `You have ${open} quotes open, the most one customer can have at once. Wait for our answer, or withdraw or decline one, before asking for another.`,
          );
        }
        // Then the company's, as a placement takes them (person, then company): its people's
        // requests queue there, so members racing cannot pass the company's cap together.
        const membership = await lockedMembershipOf(tx, user.id);
        // A quote is an order to be: asked for by those who may place one.
        assertMayOrder(membership);
        await assertRequestsLeft(tx, user.id, membership?.companyId ?? null);
        const lines = await cartLines(tx, user.id);
        const [row] = await tx
          .insert(quotes)
          .values({
            userId: user.id,
            companyId: membership?.companyId ?? null,
            wantedBy: body.wantedBy ?? null,
            currency: options.currency,
          })
          .returning();
        if (!row) throw new Error('the quote was not written');
        await tx.insert(quoteLines).values(lines.map((line) => ({ ...line, quoteId: row.id })));
        await repo.addMessage(tx, {
          quoteId: row.id,
          authorId: user.id,
          authorName: user.name,
          authorSide: 'customer',
          body: body.message,
        });
        await audit(tx, user, row, 'quote.requested');
        const quote = await answer(tx, row.id, true);
        await mail.toStore(
          tx,
          'quote_requested',
          quoteRequestedEmail(options, quote, body.message),
        );
        return quote;
      });
    },

    /** The customer's quotes, and their company's when they may read them: a page. */
    async listMine(
      user: SessionUser,
      query: ListQuotesQuery,
    ): Promise<{ quotes: QuoteSummary[]; total: number }> {
      return repo.listQuotes(db, { scope: await scopeOf(db, user), status: query.status }, query);
    },

    async get(user: SessionUser, id: string): Promise<Quote> {
      const { quote, canAct } = await assertCanRead(db, user, await repo.findQuote(db, id));
      return answer(db, quote.id, canAct);
    },

    /** The delivery options of the order accepting the offer would place (its offered prices). */
    async deliveryOptions(user: SessionUser, id: string, country: string) {
      const { quote } = await assertCanRead(db, user, await repo.findQuote(db, id));
      assertOpen(quote);
      if (quote.status !== 'offered')
        throw notOffered('deliver', 'delivery is quoted once we make our offer');
      const offered = (await repo.linesOf(db, quote.id)).flatMap((line) =>
        line.offeredUnitPrice === null
          ? []
          : [{ ...line, offeredUnitPrice: line.offeredUnitPrice }],
      );
      return deliveryOptionsForLines(
        db,
        options.destinations,
        options.timeZone,
        country,
        offered.map(({ toolId, quantity }) => ({ toolId, quantity })),
        new Map(offered.map((line) => [line.toolId, line.offeredUnitPrice])),
      );
    },

    writeMessage: (user: SessionUser, id: string, body: QuoteMessageBody): Promise<Quote> =>
      change(async (tx) => {
        const row = await assertCanAct(tx, user, await repo.findQuote(tx, id, { lock: true }));
        assertOpen(row);
        if ((await repo.countMessages(tx, row.id)) >= QUOTE_MESSAGES_MAX) {
          throw messagesFull(QUOTE_MESSAGES_MAX);
        }
        await repo.addMessage(tx, {
          quoteId: row.id,
          authorId: user.id,
          authorName: user.name,
          authorSide: 'customer',
          body: body.body,
        });
        await audit(tx, user, row, 'quote.message_written');
        const quote = await answer(tx, row.id, true);
        await mail.toStore(tx, 'quote_message', customerMessageEmail(options, quote, body.body));
        return quote;
      }),

    /** A request the store has not offered on yet. */
    withdraw: (user: SessionUser, id: string): Promise<Quote> =>
      change(async (tx) => {
        const row = await assertCanAct(tx, user, await repo.findQuote(tx, id, { lock: true }));
        assertOpen(row);
        if (row.status === 'offered') {
          throw conflict(
            'quote_offered',
            'We have made an offer on this quote: decline it instead.',
          );
        }
        await repo.changeStatus(tx, row.id, ['requested'], 'withdrawn');
        await audit(tx, user, row, 'quote.withdrawn');
        return answer(tx, row.id, true);
      }),

    /** The store's offer, expired or not. */
    decline: (user: SessionUser, id: string): Promise<Quote> =>
      change(async (tx) => {
        const row = await assertCanAct(tx, user, await repo.findQuote(tx, id, { lock: true }));
        assertOpen(row);
        if (row.status !== 'offered') throw notOffered('decline', 'withdraw the request instead');
        await repo.changeStatus(tx, row.id, ['offered'], 'declined');
        await audit(tx, user, row, 'quote.declined');
        return answer(tx, row.id, true);
      }),

    /** The store's offer becomes an order at its prices (quote-acceptance.ts). */
    accept: (user: SessionUser, id: string, delivery: AcceptQuoteBody): Promise<Quote> =>
      acceptQuote(options.orders, { ...options, mail }, { user, id, delivery }),

    ...createQuoteOffers(db, { ...options, mail, change }),
  };
}

type QuoteAction = Parameters<typeof recordAudit>[2]['action'];

const notOffered = (toDo: string, instead: string) =>
  conflict(
    'quote_not_offered',
    `We have not made an offer on this quote yet, so there is nothing to ${toDo}; ${instead}.`,
  );

/**
 * Each request mails the store, withdrawn or not: QUOTE_REQUESTS_PER_DAY_MAX a person and
 * COMPANY_QUOTE_REQUESTS_PER_DAY_MAX a company may ask for in 24 hours.
 */
async function assertRequestsLeft(tx: Tx, userId: string, companyId: string | null) {
  const { byPerson, byCompany } = await repo.countLastDay(tx, userId, companyId);
  const over = (sentence: string) => new AppError(429, 'rate_limited', sentence);
  if (byPerson >= QUOTE_REQUESTS_PER_DAY_MAX) {
    throw over(
      `You have asked for ${QUOTE_REQUESTS_PER_DAY_MAX} quotes in the last 24 hours, the most one person may. Try again tomorrow, or write to us on a quote you have.`,
    );
  }
  if (byCompany >= COMPANY_QUOTE_REQUESTS_PER_DAY_MAX) {
    throw over(
      `Your company has asked for ${COMPANY_QUOTE_REQUESTS_PER_DAY_MAX} quotes in the last 24 hours, the most it may. Try again tomorrow.`,
    );
  }
}

/** The cart's lines as a quote's, each with its list price for its quantity now. */
async function cartLines(tx: Tx, userId: string) {
  const [cart] = await tx
    .select({ lines: carts.lines })
    .from(carts)
    .where(eq(carts.userId, userId));
  const wanted = cart?.lines ?? [];
  if (wanted.length === 0) {
    throw conflict('cart_empty', 'Your cart is empty: add the tools you want a quote for first.');
  }
  const found = await tx
    .select()
    .from(tools)
    .where(
      inArray(
        tools.id,
        wanted.map((line) => line.toolId),
      ),
    );
  const byId = new Map(found.map((tool) => [tool.id, tool]));
  const broken: FieldError[] = [];
  const lines = wanted.map((line, index) => {
    const tool = byId.get(line.toolId);
    if (!tool || tool.deletedAt !== null) {
      throw badRequest(
        `${tool?.name ?? 'A tool in your cart'} is no longer in the catalogue; remove it from the cart first.`,
      );
    }
    // The pack, minimum and maximum hold as for an order (checked again when it is accepted):
    // a quote for a quantity no order may have could never be accepted. Stock may fall short.
    const rule = ruleSentence(tool, tool.name, line.quantity);
    if (rule) broken.push({ field: `lines.${index}.quantity`, in: 'body', message: rule });
    return {
      position: index + 1,
      toolId: tool.id,
      productName: tool.name,
      sku: tool.sku,
      quantity: line.quantity,
      listUnitPrice: unitPriceFor(tool, line.quantity),
    };
  });
  if (broken.length > 0) {
    throw badRequest(
      'Some quantities in your cart cannot be ordered as they are: change them in the cart first.',
      broken,
    );
  }
  return lines;
}

export type QuotesService = ReturnType<typeof createQuotesService>;
