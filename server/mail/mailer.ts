import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type Db, isPoolExhausted } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { MailContent } from './templates.ts';
import type { MailTransport } from './transport.ts';

const MAX_ATTEMPTS = 8;
/** Messages claimed at once, and how many such batches one drain sends at most. */
const BATCH = 50;
const BATCHES_PER_DRAIN = 20;
/**
 * A claimed message is not due again for this long: long enough to send a batch, so no other
 * instance sends it too; should this one stop mid-batch, it goes again after that.
 */
const LEASE_SECONDS = 600;

export interface Mailer {
  /** Queues a message (in the caller's transaction when given one) and nudges the sender. */
  enqueue(
    message: MailContent & { to: string; kind: string },
    tx?: Pick<Db, 'insert'>,
  ): Promise<void>;
  /**
   * Something was queued (and committed): a drain starts at once, or, while one runs, it goes
   * round once more when done, taking whatever was queued meanwhile in one batch: a burst of
   * orders sends its emails in a few batches, not one drain each.
   */
  nudge(): void;
  /** Sends what is due now; returns how many were sent. */
  drain(): Promise<number>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

type MailRow = typeof mailOutbox.$inferSelect;

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
  /** Nudges in one turn of the event loop start one drain. */
  let isNudged = false;
  let draining: Promise<number> | undefined;
  /** Asked to drain while draining: what was queued meanwhile goes in another round. */
  let isAskedAgain = false;
  let stopped = false;

  /** Leases up to BATCH due messages in one statement (instances never claim the same one). */
  async function claim(): Promise<MailRow[]> {
    return db
      .update(mailOutbox)
      .set({
        nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
        updatedAt: sql`now()`,
      })
      .where(
        inArray(
          mailOutbox.id,
          db
            .select({ id: mailOutbox.id })
            .from(mailOutbox)
            .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
            .orderBy(mailOutbox.nextAttemptAt)
            .limit(BATCH)
            .for('update', { skipLocked: true }),
        ),
      )
      .returning();
  }

  async function failed(mail: MailRow, error: unknown): Promise<void> {
    const attempts = mail.attempts + 1;
    const isLast = attempts >= MAX_ATTEMPTS;
    const delaySeconds = Math.min(2 ** attempts * 5, 3600);
    log[isLast ? 'error' : 'warn'](
      { err: error, mailId: mail.id, to: mail.to, kind: mail.kind, attempts },
      isLast
        ? 'mail could not be sent; giving up and keeping it as failed'
        : 'mail send failed; will retry',
    );
    await db
      .update(mailOutbox)
      .set({
        status: isLast ? 'failed' : 'pending',
        attempts,
        lastError: String((error as Error)?.message ?? error).slice(0, 500),
        nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})`,
        updatedAt: sql`now()`,
      })
      .where(eq(mailOutbox.id, mail.id));
  }

  /** Sends one batch; answers how many were sent and whether the batch was full. */
  async function sendBatch(): Promise<{ sent: number; isFull: boolean }> {
    const batch = await claim();
    const sent: string[] = [];
    for (const mail of batch) {
      try {
        await transport.send({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        sent.push(mail.id);
      } catch (error) {
        await failed(mail, error);
      }
    }
    if (sent.length > 0) {
      await db
        .update(mailOutbox)
        .set({
          status: 'sent',
          sentAt: sql`now()`,
          attempts: sql`${mailOutbox.attempts} + 1`,
          lastError: null,
          updatedAt: sql`now()`,
        })
        .where(inArray(mailOutbox.id, sent));
    }
    return { sent: sent.length, isFull: batch.length === BATCH };
  }

  async function drainOnce(): Promise<number> {
    let sent = 0;
    for (let i = 0; i < BATCHES_PER_DRAIN && !stopped; i += 1) {
      const batch = await sendBatch();
      sent += batch.sent;
      if (!batch.isFull) break;
    }
    return sent;
  }

  const drain = (): Promise<number> => {
    if (stopped) return Promise.resolve(0);
    if (draining) {
      isAskedAgain = true;
      return draining;
    }
    // One drain at a time per instance; asked again meanwhile, it goes round once more.
    draining = (async () => {
      let sent = 0;
      do {
        isAskedAgain = false;
        sent += await drainOnce();
      } while (isAskedAgain && !stopped);
      return sent;
    })()
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

  const nudge = () => {
    if (stopped || isNudged) return;
    isNudged = true;
    setImmediate(() => {
      isNudged = false;
      void drain();
    });
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
      if (tx === db) nudge();
    },
    nudge,
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
