import { and, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { CreditNoteSummary, ListCreditNotesQuery } from '../../../contract/credit-notes.ts';
import { formatCreditNoteNumber } from '../../../contract/order-refunds.ts';
import { formatInvoiceNumber, formatOrderNumber } from '../../../contract/orders.ts';
import type { Db, Tx } from '../../db/client.ts';
import { invoicePayments, orderRefunds, orders, type SellerDetails } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import { companyReadOf } from './company-orders.ts';
import { renderCreditNotePdf } from './credit-note-pdf.ts';
import { asOrder, type OrderRow } from './orders.repo.ts';

/** What the credit notes of an order come to (refunds that succeeded and issued one). */
export async function creditedAmount(tx: Tx, orderId: string): Promise<number> {
  const [sum] = await tx
    .select({ credited: sql<number>`coalesce(sum(${orderRefunds.amount}), 0)::int` })
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.orderId, orderId),
        eq(orderRefunds.status, 'succeeded'),
        isNotNull(orderRefunds.creditNoteNumber),
      ),
    );
  return sum?.credited ?? 0;
}

/** What the buyer of an order on account has paid, net: the payments received less the payouts. */
export async function paidOnAccount(tx: Tx, orderId: string): Promise<number> {
  const [sum] = await tx
    .select({ paid: sql<number>`coalesce(sum(${invoicePayments.amount}), 0)::int` })
    .from(invoicePayments)
    .where(eq(invoicePayments.orderId, orderId));
  return sum?.paid ?? 0;
}

/**
 * A credit note lowers what an order on account owes (decision 063): once the payments received
 * and the credit notes reach its total, it is settled, in the transaction that issued the note.
 */
export async function settleIfCredited(tx: Tx, order: OrderRow): Promise<void> {
  if (order.paymentMethod !== 'account' || order.settledAt !== null) return;
  const covered = (await paidOnAccount(tx, order.id)) + (await creditedAmount(tx, order.id));
  if (covered < order.totalAmount) return;
  await tx
    .update(orders)
    .set({ settledAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(orders.id, order.id), isNull(orders.settledAt)));
}

/** A refund's credit note, found by its number: the refund's order and the note as the API shows it. */
async function findCreditNote(db: Db, number: number) {
  const [found] = await db
    .select({ order: orders })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(eq(orderRefunds.creditNoteNumber, number));
  return found?.order;
}

/** About 30 KB each. */
const RENDERED_CREDIT_NOTES_KEPT = 32;

/**
 * One answer for a number never issued and for a note the caller may not read: a 403 for the
 * latter would tell anyone how many credit notes the store has issued.
 */
const noSuchCreditNote = () => notFound('No credit note has this number.');

/**
 * The credit notes: a buyer's list of their own, and each one's PDF for whoever may read its order
 * (`assertCanRead`: the buyer, their company's readers, admins).
 */
export function createCreditNotes(
  db: Db,
  options: { invoicing: { seller: SellerDetails } },
  assertCanRead: (user: SessionUser, order: OrderRow) => Promise<void>,
) {
  /** What a credit note says is fixed when it is issued: each is drawn once, however often asked. */
  const rendered = new LRUCache<number, Promise<{ fileName: string; pdf: Buffer }>>({
    max: RENDERED_CREDIT_NOTES_KEPT,
  });
  return {
    async creditNotePdf(
      user: SessionUser,
      number: number,
    ): Promise<{ fileName: string; pdf: Buffer }> {
      const row = await findCreditNote(db, number);
      if (!row) throw noSuchCreditNote();
      try {
        await assertCanRead(user, row);
      } catch (error) {
        if (error instanceof AppError && error.status === 403) throw noSuchCreditNote();
        throw error;
      }
      const cached = rendered.get(number);
      if (cached) return cached;
      const rendering = (async () => {
        const order = await asOrder(db, row);
        const name = formatCreditNoteNumber(number);
        const refund = order.refunds.find((candidate) => candidate.creditNote?.number === name);
        if (!refund) throw noSuchCreditNote();
        const seller = row.seller ?? options.invoicing.seller;
        return {
          fileName: `${name}.pdf`,
          pdf: await renderCreditNotePdf({ order, refund, seller }),
        };
      })();
      rendered.set(number, rendering);
      rendering.catch(() => rendered.delete(number));
      return rendering;
    },

    /**
     * The credit notes of the caller's own orders and, for a company's owners, approvers and
     * viewers, of every order placed for it (as they read its orders and invoices), newest first,
     * a page at a time.
     */
    async listCreditNotes(
      user: SessionUser,
      { limit, offset }: ListCreditNotesQuery,
    ): Promise<{ notes: CreditNoteSummary[]; total: number }> {
      const companyId = await companyReadOf(db, user);
      const mine = and(
        companyId === null
          ? eq(orders.userId, user.id)
          : or(eq(orders.userId, user.id), eq(orders.companyId, companyId)),
        isNotNull(orderRefunds.creditNoteNumber),
      );
      const [rows, [count]] = await Promise.all([
        db
          .select({
            number: orderRefunds.creditNoteNumber,
            issuedAt: orderRefunds.creditNoteIssuedAt,
            amount: orderRefunds.amount,
            currency: orders.currency,
            orderId: orders.id,
            orderNumber: orders.number,
            invoiceNumber: orders.invoiceNumber,
            orderedBy: orders.customerName,
          })
          .from(orderRefunds)
          .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
          .where(mine)
          .orderBy(desc(orderRefunds.creditNoteNumber))
          .limit(limit)
          .offset(offset),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(orderRefunds)
          .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
          .where(mine),
      ]);
      const notes = rows.map((row) => ({
        number: formatCreditNoteNumber(row.number ?? 0),
        issuedAt: (row.issuedAt ?? new Date(0)).toISOString(),
        amount: row.amount,
        currency: row.currency,
        orderId: row.orderId,
        orderNumber: formatOrderNumber(row.orderNumber),
        invoiceNumber: row.invoiceNumber === null ? '' : formatInvoiceNumber(row.invoiceNumber),
        orderedBy: row.orderedBy,
      }));
      return { notes, total: count?.total ?? 0 };
    },
  };
}
