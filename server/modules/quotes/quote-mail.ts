import type { Tx } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { MailContent } from '../../mail/templates.ts';
import { adminEmails, answererEmails } from './quotes.repo.ts';

/** The most admins one message to the store goes to. */
const STORE_RECIPIENTS_MAX = 20;

/**
 * A quote's emails, queued in the transaction that makes the change (they exist exactly when it
 * does). The store has no address of its own: what goes to the store goes to its admins.
 */
export function quoteMail(mailer: Mailer) {
  return {
    async toStore(tx: Tx, kind: string, content: MailContent): Promise<void> {
      for (const to of await adminEmails(tx, STORE_RECIPIENTS_MAX)) {
        await mailer.enqueue({ kind, to, ...content }, tx);
      }
    },
    /**
     * To those who answer the quote (quote-access.ts): its asker while they still order for its
     * company (or buy on their own), and the company's owners; never a former member.
     */
    async toBuyer(tx: Tx, kind: string, quoteId: string, content: MailContent): Promise<void> {
      for (const to of await answererEmails(tx, quoteId)) {
        await mailer.enqueue({ kind, to, ...content }, tx);
      }
    },
    /** Once the transaction committed: send what it queued. */
    sent: () => mailer.nudge(),
  };
}

export type QuoteMail = ReturnType<typeof quoteMail>;
