import type {
  InvoiceBalance,
  PaymentTerms,
  RecordPaymentBody,
  RecordPayoutBody,
  SetPaymentTermsBody,
  TermsPageQuery,
} from '../../../contract/payment-terms.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import { recordAudit } from '../audit/index.ts';
import { recordPayment, recordPayout } from './invoice-payments.ts';
import { namedBuyer } from './named-buyer.ts';
import * as repo from './terms.repo.ts';

/** Admins give, change and take away payment terms (decision 056); each change is audited. */
export function createTermsService(db: Db, options: { currency: string }) {
  return {
    list: (page: TermsPageQuery): Promise<{ terms: PaymentTerms[]; total: number }> =>
      repo.listTerms(db, page),

    recordPayment: (
      admin: SessionUser,
      orderId: string,
      body: RecordPaymentBody,
      idempotencyKey?: string,
    ): Promise<InvoiceBalance> =>
      recordPayment(db, admin, orderId, body, options.currency, idempotencyKey),

    recordPayout: (
      admin: SessionUser,
      orderId: string,
      body: RecordPayoutBody,
      idempotencyKey?: string,
    ): Promise<InvoiceBalance> =>
      recordPayout(db, admin, orderId, body, options.currency, idempotencyKey),

    async set(admin: SessionUser, body: SetPaymentTermsBody): Promise<PaymentTerms> {
      return db.transaction(async (tx) => {
        const { key, target } = await namedBuyer(
          tx,
          body,
          'orders on its terms: give the company payment terms instead',
        );
        const values = { netDays: body.netDays, creditLimit: body.creditLimit };
        const id = await repo.upsertTerms(tx, key, values);
        await recordAudit(tx, admin, {
          action: 'payment_terms.set',
          target: { type: target.type, id: target.id, label: target.name },
          details: values,
        });
        const terms = await repo.findTerms(tx, id);
        if (!terms) throw new Error('payment terms vanished in their own transaction');
        return terms;
      });
    },

    async clear(admin: SessionUser, id: string): Promise<null> {
      return db.transaction(async (tx) => {
        const terms = await repo.findTerms(tx, id);
        if (!terms) throw notFound('No payment terms have this id.');
        await repo.deleteTerms(tx, id);
        await recordAudit(tx, admin, {
          action: 'payment_terms.cleared',
          target: {
            type: terms.buyer.type === 'company' ? 'company' : 'user',
            id: terms.buyer.id,
            label: terms.buyer.email ?? terms.buyer.name,
          },
        });
        return null;
      });
    },
  };
}

export type TermsService = ReturnType<typeof createTermsService>;
