import { and, eq, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type Db, isPoolExhausted } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { MailContent } from './templates.ts';
import type { MailTransport } from './transport.ts';

const MAX_ATTEMPTS = 8;
const BATCH = 20;

export interface Mailer {
  /** Queues a message (in the caller's transaction when given one) and nudges the sender. */
  enqueue(
    message: MailContent & { to: string; kind: string },
    tx?: Pick<Db, 'insert'>,
  ): Promise<void>;
  /** Sends what is due now; returns how many were sent. */
  drain(): Promise<number>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

/**
 * The store's one mailer. Messages are stored first, then sent; a failed send is logged and retried
 * with growing delays, and after the last try it is kept as `failed` (never dropped silently).
 */
export function createMailer(options: {
  db: Db;
  transport: MailTransport;
  from: string;
  log: Logger;
}): Mailer {
  const { db, transport, from, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let draining: Promise<number> | undefined;
  let stopped = false;

  async function drainOnce(): Promise<number> {
    let sent = 0;
    // Each message is claimed in its own short transaction, so instances never send one twice.
    for (let i = 0; i < BATCH; i += 1) {
      const outcome = await db.transaction(async (tx) => {
        const [mail] = await tx
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
          .orderBy(mailOutbox.nextAttemptAt)
          .limit(1)
          .for('update', { skipLocked: true });
        if (!mail) return 'empty' as const;
        try {
          await transport.send({
            from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
          });
          await tx
            .update(mailOutbox)
            .set({
              status: 'sent',
              sentAt: sql`now()`,
              attempts: mail.attempts + 1,
              lastError: null,
              updatedAt: sql`now()`,
            })
            .where(eq(mailOutbox.id, mail.id));
          return 'sent' as const;
        } catch (error) {
          const attempts = mail.attempts + 1;
          const failed = attempts >= MAX_ATTEMPTS;
          const delaySeconds = Math.min(2 ** attempts * 5, 3600);
          log[failed ? 'error' : 'warn'](
            { err: error, mailId: mail.id, to: mail.to, kind: mail.kind, attempts },
            failed
              ? 'mail could not be sent; giving up and keeping it as failed'
              : 'mail send failed; will retry',
          );
          await tx
            .update(mailOutbox)
            .set({
              status: failed ? 'failed' : 'pending',
              attempts,
              lastError: String((error as Error)?.message ?? error).slice(0, 500),
              nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})`,
              updatedAt: sql`now()`,
            })
            .where(eq(mailOutbox.id, mail.id));
          return 'failed' as const;
        }
      });
      if (outcome === 'empty') break;
      if (outcome === 'sent') sent += 1;
    }
    return sent;
  }

  const drain = (): Promise<number> => {
    if (stopped) return Promise.resolve(0);
    // One drain at a time per instance; a nudge during a drain is served by it.
    draining ??= drainOnce()
      .catch((error) => {
        // Every connection busy serving requests (each turned away is logged): the mail waits in
        // its queue and goes with the next drain, nothing is lost.
        if (isPoolExhausted(error)) log.info('mail queue waits for a free database connection');
        else log.warn({ err: error }, 'mail queue could not be read; will retry');
        return 0;
      })
      .finally(() => {
        draining = undefined;
      });
    return draining;
  };

  return {
    async enqueue(message, tx = db) {
      await tx.insert(mailOutbox).values({
        kind: message.kind,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      // Not awaited: the request that caused the mail never waits for (or fails with) the send.
      if (tx === db) setImmediate(() => void drain());
    },
    drain,
    start(intervalMs = 5_000) {
      timer = setInterval(() => void drain(), intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await draining;
      stopped = true;
      transport.close();
    },
  };
}
