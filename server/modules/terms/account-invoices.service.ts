import { asc, eq } from 'drizzle-orm';
import { readsCompanyOrders } from '../../../contract/companies.ts';
import {
  type AccountInvoice,
  type InvoicePageQuery,
  type MyPaymentTerms,
  type OrderAccount,
  STATEMENT_ROWS_MAX,
  type StatementQuery,
} from '../../../contract/invoices-on-account.ts';
import type { Order } from '../../../contract/orders.ts';
import type { Db, Tx } from '../../db/client.ts';
import { invoicePayments, orders, paymentTerms, type SellerDetails } from '../../db/schema.ts';
import { AppError, conflict } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import { membershipOf } from '../companies/index.ts';
import { creditedAmount } from '../orders/index.ts';
import * as repo from './account-invoices.repo.ts';
import { invoiceBalance } from './invoice-payments.ts';
import { renderStatementPdf } from './statement-pdf.ts';
import { owedSql, owedToBuyerSql } from './terms.repo.ts';

export interface AccountInvoicesOptions {
  currency: string;
  seller: SellerDetails;
  /** Reads an order as its reader may (the orders service's get: 403/404 otherwise). */
  readOrder: (user: SessionUser, id: string) => Promise<Order>;
}

/**
 * Whose invoices the caller reads: their company's (a buyer of it reads their own), or their own
 * outside any company; and whose terms they order on.
 */
async function scopeOf(tx: Tx, user: SessionUser) {
  const membership = await membershipOf(tx, user.id);
  if (!membership) {
    return { scope: { kind: 'customer', userId: user.id } as const, membership, name: user.name };
  }
  const scope: repo.Scope = readsCompanyOrders(membership.role)
    ? { kind: 'company', companyId: membership.companyId }
    : { kind: 'member', companyId: membership.companyId, userId: user.id };
  return { scope, membership, name: membership.companyName };
}

const statementTooLong = () => {
  const sentence = `This period has more than ${STATEMENT_ROWS_MAX.toLocaleString('en-US')} invoices, payments and credit notes, more than one statement lists. Ask for a shorter period, such as a quarter or a month.`;
  return new AppError(422, 'statement_too_long', sentence, [
    { field: 'to', in: 'query', message: sentence },
  ]);
};

/** What buyers and admins read of invoices on account (decisions 056 and 061). */
export function createAccountInvoicesService(db: Db, options: AccountInvoicesOptions) {
  return {
    async myTerms(user: SessionUser): Promise<MyPaymentTerms | null> {
      const { membership, name } = await scopeOf(db, user);
      const [terms] = await db
        .select({
          netDays: paymentTerms.netDays,
          creditLimit: paymentTerms.creditLimit,
          owed: owedSql,
          owedToBuyer: owedToBuyerSql,
        })
        .from(paymentTerms)
        .where(
          membership
            ? eq(paymentTerms.companyId, membership.companyId)
            : eq(paymentTerms.userId, user.id),
        );
      if (!terms) return null;
      const owed = Math.max(0, terms.owed);
      return {
        buyerName: name,
        isCompany: membership !== null,
        netDays: terms.netDays,
        creditLimit: terms.creditLimit,
        owed,
        left: Math.max(0, terms.creditLimit - owed),
        owedToBuyer: terms.owedToBuyer,
      };
    },

    async open(user: SessionUser, page: InvoicePageQuery) {
      const { scope } = await scopeOf(db, user);
      return repo.openInvoices(db, scope, page);
    },

    overdue: (page: InvoicePageQuery): Promise<{ invoices: AccountInvoice[]; total: number }> =>
      repo.overdueInvoices(db, page),

    async statementPdf(user: SessionUser, period: StatementQuery) {
      const { scope, name } = await scopeOf(db, user);
      const { opening, entries } = await repo.statementOf(db, scope, period, STATEMENT_ROWS_MAX);
      if (entries.length > STATEMENT_ROWS_MAX) throw statementTooLong();
      const pdf = await renderStatementPdf({
        seller: options.seller,
        buyer: { name, email: user.email },
        period,
        currency: options.currency,
        opening,
        entries,
      });
      return { fileName: `statement-${period.from}-${period.to}.pdf`, pdf };
    },

    async orderAccount(user: SessionUser, orderId: string): Promise<OrderAccount> {
      const order = await options.readOrder(user, orderId);
      if (order.paymentMethod !== 'account') {
        throw conflict('not_on_account', 'This order is paid by card, not on account.');
      }
      const [row] = await db
        .select({ settledAt: orders.settledAt })
        .from(orders)
        .where(eq(orders.id, order._id));
      const payments = await db
        .select()
        .from(invoicePayments)
        .where(eq(invoicePayments.orderId, order._id))
        .orderBy(asc(invoicePayments.receivedOn), asc(invoicePayments.createdAt));
      // A payout's amount is negative: what the rows add up to is what the buyer paid, net.
      const paid = payments.reduce((sum, payment) => sum + payment.amount, 0);
      // Credit notes lower what is owed (decision 063).
      const credited = await creditedAmount(db, order._id);
      const { left, owedToBuyer } = invoiceBalance(
        { id: order._id, totalAmount: order.totalAmount },
        paid,
        credited,
        null,
      );
      return {
        orderId: order._id,
        dueAt: order.invoice?.dueAt ?? null,
        total: order.totalAmount,
        paid,
        credited,
        left,
        owedToBuyer,
        settledAt: row?.settledAt?.toISOString() ?? null,
        payments: payments.map((payment) => ({
          kind: payment.kind,
          amount: Math.abs(payment.amount),
          receivedOn: payment.receivedOn,
          reference: payment.reference,
          recordedAt: payment.createdAt.toISOString(),
        })),
      };
    },
  };
}

export type AccountInvoicesService = ReturnType<typeof createAccountInvoicesService>;
