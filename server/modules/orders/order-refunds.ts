import { and, desc, eq, or, sql } from 'drizzle-orm';
import { formatMoney } from '../../../contract/money.ts';
import { formatCreditNoteNumber, type NoteRefundBody } from '../../../contract/order-refunds.ts';
import { formatOrderNumber, type Order } from '../../../contract/orders.ts';
import type { Db, Tx } from '../../db/client.ts';
import { creditNoteNumbers, orderRefunds, orders, payments } from '../../db/schema.ts';
import { AppError, conflict, idempotencyKeyReused, notFound } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import { recordAudit } from '../audit/index.ts';
import { settleIfCredited } from './credit-notes.ts';
import { refundEmail, type StoreInfo } from './order-emails.ts';
import type { Happened, OrderEvents } from './order-events.ts';
import type { Lifecycle } from './order-lifecycle.ts';
import { asOrder, isUnansweredRefund } from './orders.repo.ts';
import type { RefundAnswer, RefundReport, SendRefund } from './refund-gateway.ts';
import {
  priceRefundLines,
  refundedSoFar,
  refundLinesOf,
  returnRefundedStock,
  storeRefundLines,
} from './refund-lines.ts';

type StoreMail = StoreInfo & Pick<Lifecycle, 'mailer'>;

/**
 * The next credit note number: the counter's one row is made by the first and stays locked until
 * the transaction ends, so numbers are handed out one at a time and a rollback gives its back.
 */
async function nextCreditNoteNumber(tx: Tx): Promise<number> {
  const [row] = await tx
    .insert(creditNoteNumbers)
    .values({ id: true, last: 1 })
    .onConflictDoUpdate({
      target: creditNoteNumbers.id,
      set: { last: sql`${creditNoteNumbers.last} + 1` },
    })
    .returning({ last: creditNoteNumbers.last });
  return (row as { last: number }).last;
}

/**
 * A refund went through: it issues its credit note (the next number), its returned units go back
 * into stock if the admin said so, and the buyer is emailed, in the transaction that settled it
 * (the mail outbox commits with it, so the mail goes out exactly when the refund is known done,
 * and a rollback takes the number and the stock back).
 */
async function issueCreditNote(tx: Tx, life: StoreMail, refundId: string): Promise<void> {
  const creditNote = await nextCreditNoteNumber(tx);
  await returnRefundedStock(tx, refundId);
  await tx
    .update(orderRefunds)
    .set({ creditNoteNumber: creditNote, creditNoteIssuedAt: sql`now()` })
    .where(eq(orderRefunds.id, refundId));
  const [row] = await tx
    .select({ order: orders, amount: orderRefunds.amount, provider: orderRefunds.provider })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(eq(orderRefunds.id, refundId));
  if (!row) return;
  await settleIfCredited(tx, row.order);
  const order = await asOrder(tx, row.order);
  const lines = (await refundLinesOf(tx, [refundId])).get(refundId) ?? [];
  const notice = refundEmail(life, order, {
    amount: row.amount,
    provider: row.provider as 'manual' | 'test' | 'stripe',
    creditNote: formatCreditNoteNumber(creditNote),
    lines,
  });
  await life.mailer.enqueue({ kind: 'order_refunded', to: order.email, ...notice }, tx);
}

/**
 * Paid, shipped, or on account (invoiced, decision 056): a refund of an order on account is a
 * credit note that lowers what the buyer owes.
 */
const REFUNDABLE = new Set<string>(['paid', 'shipped', 'on_account']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The payment an order was paid with at a provider; none for an order paid outside the store. */
async function paymentOf(tx: Tx, orderId: string) {
  const [payment] = await tx
    .select({ provider: payments.provider, reference: payments.reference })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return payment as { provider: 'test' | 'stripe'; reference: string } | undefined;
}

/** The refund of the order that an earlier request named by `key`, if any. */
async function refundByKey(tx: Tx, orderId: string, key: string) {
  const [row] = await tx
    .select({
      id: orderRefunds.id,
      amount: orderRefunds.amount,
      note: orderRefunds.note,
      returnToStock: orderRefunds.returnToStock,
      status: orderRefunds.status,
      providerReference: orderRefunds.providerReference,
      isBeingSent: isBeingSent(),
    })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.idempotencyKey, key)));
  return row;
}

/**
 * Until when at most an attempt sends a refund and waits for the provider's answer: longer than
 * Stripe's library takes with its retries (three tries of at most 15 s, and waits between), so an
 * attempt still waiting is never overtaken; a store that died while sending lets the refund be
 * sent again once it passes.
 */
const sendingLease = () => sql`now() + interval '2 minutes'`;

/** Whether an attempt is sending the refund now (its lease has not passed). */
const isBeingSent = () => sql<boolean>`coalesce(${orderRefunds.sendingUntil} > now(), false)`;

/**
 * Takes the sending of a refund the provider never answered for, under the order's lock: refused
 * while another attempt is still waiting for the provider's answer (it may yet come, and a second
 * request to Stripe under the same key meanwhile is refused by Stripe, not answered), so a refund
 * is sent by one attempt at a time.
 */
async function claimSending(tx: Tx, refund: { id: string; isBeingSent: boolean }): Promise<void> {
  if (refund.isBeingSent) {
    throw conflict(
      'refund_being_sent',
      'This refund is still being sent to the payment provider by an earlier attempt, which waits for its answer. Nothing was sent again: reload the order in a moment to see how it went.',
    );
  }
  await tx
    .update(orderRefunds)
    .set({ sendingUntil: sendingLease() })
    .where(eq(orderRefunds.id, refund.id));
}

/** Whether `refund` asks for what `earlier` was made of: its amount or its lines, and its note. */
async function isSameRefund(
  tx: Tx,
  earlier: NonNullable<Awaited<ReturnType<typeof refundByKey>>>,
  refund: NoteRefundBody,
): Promise<boolean> {
  const unitsOf = (lines: readonly { toolId: string; quantity: number }[]) =>
    lines
      .map((line) => `${line.toolId.toLowerCase()}:${line.quantity}`)
      .sort()
      .join(',');
  const had = unitsOf((await refundLinesOf(tx, [earlier.id])).get(earlier.id) ?? []);
  const asked = refund.lines ? unitsOf(refund.lines) : '';
  return (
    refund.note === earlier.note &&
    refund.returnToStock === earlier.returnToStock &&
    asked === had &&
    (refund.lines !== undefined || refund.amount === earlier.amount)
  );
}

/**
 * Records a refund on a paid or shipped order, in one transaction that holds the order's row
 * locked while the refunds so far (all but the failed) are added up: two admins refunding at once
 * cannot together pass the total. A refund of an order paid through a provider starts `pending`;
 * one paid outside the store is returned by hand and counts as done.
 */
async function recordRefund(
  db: Db,
  events: OrderEvents,
  life: StoreMail,
  admin: SessionUser,
  id: string,
  refund: NoteRefundBody,
  idempotencyKey: string | undefined,
) {
  return events.transaction(db, async (tx, happened) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!order) throw notFound('This order does not exist.');
    // Asked again with its key (a retry after a lost answer, a double click): under the order's
    // lock, the refund the first attempt made is found, and nothing moves a second time.
    const earlier = idempotencyKey ? await refundByKey(tx, id, idempotencyKey) : undefined;
    if (earlier) {
      if (!(await isSameRefund(tx, earlier, refund))) {
        throw idempotencyKeyReused(
          'made a refund of this order with another amount or note',
          'another refund',
        );
      }
      // One the provider never answered for is sent again: under the refund's own id, Stripe's
      // idempotency key, it is made once whether or not the first request reached it. One that
      // an attempt is still sending (still waiting for the answer) is not: 409.
      const payment = isUnansweredRefund(earlier) ? await paymentOf(tx, id) : undefined;
      if (payment) await claimSending(tx, earlier);
      return { refundId: earlier.id, order, payment, amount: earlier.amount };
    }
    if (!REFUNDABLE.has(order.status)) {
      throw conflict(
        'order_not_refundable',
        order.status === 'unpaid' || order.status === 'awaiting_approval'
          ? 'This order is not paid yet, so there is nothing to refund; cancel it instead.'
          : 'This order was cancelled before it was paid, so there is nothing to refund.',
      );
    }
    const byLines = refund.lines ? await priceRefundLines(tx, id, refund.lines) : null;
    const amount = byLines?.amount ?? refund.amount ?? 0;
    const refunded = await refundedSoFar(tx, id);
    const left = order.totalAmount - refunded;
    if (amount > left) {
      throw conflict(
        'refund_exceeds_total',
        left === 0
          ? `This order's whole total of ${formatMoney(order.totalAmount, order.currency)} is already refunded.`
          : `At most ${formatMoney(left, order.currency)} of this order is left to refund (${formatMoney(refunded, order.currency)} of ${formatMoney(order.totalAmount, order.currency)} already is).`,
      );
    }
    const payment = await paymentOf(tx, id);
    const [row] = await tx
      .insert(orderRefunds)
      .values({
        orderId: id,
        amount,
        note: refund.note,
        returnToStock: refund.returnToStock,
        recordedBy: admin.id,
        idempotencyKey: idempotencyKey ?? null,
        provider: payment?.provider ?? 'manual',
        status: payment ? 'pending' : 'succeeded',
        sendingUntil: payment ? sendingLease() : null,
      })
      .returning({ id: orderRefunds.id });
    await recordAudit(tx, admin, {
      action: 'order.refund_noted',
      target: { type: 'order', id, label: formatOrderNumber(order.number) },
      details: {
        amount,
        currency: order.currency,
        note: refund.note,
        ...(refund.lines ? { lines: refund.lines, returnToStock: refund.returnToStock } : {}),
      },
    });
    happened('refunded', order.userId);
    const refundId = (row as { id: string }).id;
    await storeRefundLines(tx, refundId, id, byLines?.rows ?? []);
    if (!payment) await issueCreditNote(tx, life, refundId);
    return { refundId, order, payment, amount };
  });
}

/**
 * Stores the provider's first answer to the refund `refundId`, unless a report settled it already
 * (Stripe's webhook can come before the answer to the request that made the refund).
 */
async function storeAnswer(
  tx: Tx,
  happened: Happened,
  life: StoreMail,
  refundId: string,
  answer: RefundAnswer,
): Promise<void> {
  const [row] = await tx
    .select({ userId: orders.userId, status: orderRefunds.status })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(eq(orderRefunds.id, refundId))
    .for('update', { of: orderRefunds });
  if (!row) return;
  const isSettled = row.status !== 'pending';
  await tx
    .update(orderRefunds)
    .set({
      providerReference: sql`coalesce(${orderRefunds.providerReference}, ${answer.reference})`,
      sendingUntil: null,
      ...(isSettled ? {} : { status: answer.status, failureReason: answer.failureReason }),
    })
    .where(eq(orderRefunds.id, refundId));
  // Even a pending answer changes what the order shows: answered, it is no longer to send again.
  if (!isSettled) happened('refunded', row.userId);
  if (!isSettled && answer.status === 'succeeded') await issueCreditNote(tx, life, refundId);
}

/**
 * A provider's report on a refund (Stripe's webhook), in the caller's transaction: the last word
 * on its status. False when no refund here matches (one made in Stripe's dashboard, say).
 */
export async function applyRefundReport(
  tx: Tx,
  happened: Happened,
  life: StoreMail,
  report: RefundReport,
): Promise<boolean> {
  const byId = report.refundId && UUID.test(report.refundId) ? report.refundId : null;
  const [row] = await tx
    .select({ id: orderRefunds.id, userId: orders.userId, status: orderRefunds.status })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(
      and(
        eq(orderRefunds.provider, report.provider),
        or(
          eq(orderRefunds.providerReference, report.reference),
          byId ? eq(orderRefunds.id, byId) : sql`false`,
        ),
      ),
    )
    .for('update', { of: orderRefunds });
  if (!row) return false;
  await tx
    .update(orderRefunds)
    .set({
      providerReference: report.reference,
      status: report.status,
      failureReason: report.status === 'failed' ? report.failureReason : null,
    })
    .where(eq(orderRefunds.id, row.id));
  if (row.status !== report.status) happened('refunded', row.userId);
  if (row.status !== 'succeeded' && report.status === 'succeeded') {
    await issueCreditNote(tx, life, row.id);
  }
  return true;
}

/** How long an attempt waits for another one that is sending the same refund. */
const WAIT_FOR_SENDING_MS = 3000;

/**
 * Runs `claim` (a transaction that may take a refund's sending) again while another attempt is
 * sending that refund, for a few seconds: a double click or a retry at once gets the first
 * attempt's outcome (its answer is stored by then); one still waiting for a slow provider after
 * that is answered 409 refund_being_sent. No lock or connection is held while it waits.
 */
async function whenNotBeingSent<T>(claim: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + WAIT_FOR_SENDING_MS;
  for (;;) {
    try {
      return await claim();
    } catch (error) {
      const isBeingSent = error instanceof AppError && error.code === 'refund_being_sent';
      if (!isBeingSent || Date.now() >= deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A refund to send to the provider its order was paid with, its sending taken (claimSending). */
interface Sending {
  refundId: string;
  order: typeof orders.$inferSelect;
  payment: { provider: 'test' | 'stripe'; reference: string };
  amount: number;
}

/**
 * Sends a refund to its provider outside any transaction and stores the answer; the sending's
 * lease ends with it, answered or not. No answer leaves the refund pending (502); a refusal leaves
 * it failed (409 refund_refused).
 */
async function sendToProvider(
  db: Db,
  events: OrderEvents,
  life: StoreMail,
  sendRefund: SendRefund,
  { refundId, order, payment, amount }: Sending,
): Promise<void> {
  let answer: RefundAnswer | null = null;
  try {
    answer = await sendRefund(payment.provider, {
      refundId,
      orderId: order.id,
      paymentReference: payment.reference,
      amount,
      currency: order.currency,
    });
  } catch {
    answer = null;
  }
  // No answer says nothing of the money: the request may have reached the provider and been
  // made. The refund stays pending, its amount held, until the provider reports on it (Stripe's
  // webhook) or it is sent again (the same request with its Idempotency-Key, or "Send again");
  // never failed, which would free its amount for a second refund of money that may already be
  // back.
  if (!answer) {
    // Free to be sent again at once (should this fail, the lease passes by itself).
    await db
      .update(orderRefunds)
      .set({ sendingUntil: null })
      .where(eq(orderRefunds.id, refundId))
      .catch(() => undefined);
    throw new AppError(
      502,
      'payment_provider_error',
      'The payment provider did not answer, so we cannot tell yet whether the money went back. The refund stays pending until the provider reports on it: try again to ask it once more (it never refunds twice), rather than recording a new refund.',
    );
  }
  const answered = answer;
  await events.transaction(db, (tx, happened) =>
    storeAnswer(tx, happened, life, refundId, answered),
  );
  if (answer.status === 'failed') {
    throw conflict(
      'refund_refused',
      `The payment provider refused this refund: ${answer.failureReason ?? 'no reason given.'} Nothing was refunded.`,
    );
  }
}

/** The order as it is now, as the API sends it. */
async function freshOrder(db: Db, order: typeof orders.$inferSelect): Promise<Order> {
  const [fresh] = await db.select().from(orders).where(eq(orders.id, order.id));
  return asOrder(db, fresh ?? order);
}

/**
 * Refunds a paid or shipped order: recorded first (the cap holds under the order's lock), then
 * sent to the provider outside any transaction, then its answer stored. A provider that refuses
 * leaves the refund `failed` (it no longer counts against the total); one that does not answer
 * leaves it `pending`, its amount held, until the provider reports on it or it is sent again (the
 * request with its Idempotency-Key, or sendRefundAgain). The admin is told in a sentence; Stripe's
 * idempotency key is the refund's id, so nothing moves twice, and one attempt at a time sends it.
 */
export async function refundOrder(
  db: Db,
  events: OrderEvents,
  life: StoreMail,
  sendRefund: SendRefund,
  admin: SessionUser,
  id: string,
  refund: NoteRefundBody,
  idempotencyKey?: string,
): Promise<Order> {
  const { payment, ...recorded } = await whenNotBeingSent(() =>
    recordRefund(db, events, life, admin, id, refund, idempotencyKey),
  );
  if (payment) await sendToProvider(db, events, life, sendRefund, { ...recorded, payment });
  return freshOrder(db, recorded.order);
}

/** Why a refund is not one to send again, in a sentence. */
function whyNotResendable(refund: { status: string; providerReference: string | null }): string {
  if (refund.status === 'succeeded') {
    return 'This refund went through already, so there is nothing to send again.';
  }
  if (refund.status === 'failed') {
    return 'The payment provider refused this refund and nothing was refunded, so there is nothing to send again: make a new refund instead.';
  }
  return 'The payment provider has this refund and reports on it shortly, so there is nothing to send again.';
}

/**
 * Sends again a refund its provider never answered for ("Send again" on the order's page), which
 * else holds its amount for ever: under the refund's own id, Stripe's idempotency key, so it is
 * made at most once however often it is sent. Only a pending refund without the provider's
 * reference, one attempt at a time (claimSending, under the order's lock as a refund is recorded).
 */
export async function sendRefundAgain(
  db: Db,
  events: OrderEvents,
  life: StoreMail,
  sendRefund: SendRefund,
  admin: SessionUser,
  orderId: string,
  refundId: string,
): Promise<Order> {
  const sending = await whenNotBeingSent(() =>
    db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!order) throw notFound('This order does not exist.');
      const [refund] = await tx
        .select({
          id: orderRefunds.id,
          amount: orderRefunds.amount,
          status: orderRefunds.status,
          providerReference: orderRefunds.providerReference,
          isBeingSent: isBeingSent(),
        })
        .from(orderRefunds)
        .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.orderId, orderId)));
      if (!refund) throw notFound('This order has no such refund.');
      const payment = isUnansweredRefund(refund) ? await paymentOf(tx, orderId) : undefined;
      if (!payment) throw conflict('refund_not_resendable', whyNotResendable(refund));
      await claimSending(tx, refund);
      await recordAudit(tx, admin, {
        action: 'order.refund_sent_again',
        target: { type: 'order', id: orderId, label: formatOrderNumber(order.number) },
        details: { amount: refund.amount, currency: order.currency },
      });
      return { refundId: refund.id, order, payment, amount: refund.amount };
    }),
  );
  await sendToProvider(db, events, life, sendRefund, sending);
  return freshOrder(db, sending.order);
}
