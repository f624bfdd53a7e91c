import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { formatFullDate } from '#contract/dates.ts';
import { formatMoney } from '../../../contract/money.ts';
import { formatInvoiceNumber, formatOrderNumber } from '../../../contract/orders.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { type MailContent, renderMail } from '../../mail/templates.ts';
import { startPeriodicJob } from '../../periodic-job.ts';

export interface ReminderOptions {
  mailer: Mailer;
  storeName: string;
  publicUrl: string;
  currency: string;
}

type DueInvoice = {
  id: string;
  number: string;
  invoice_number: string;
  customer_name: string;
  email: string;
  due_day: string;
  left: number;
};

function reminderEmail(options: ReminderOptions, invoice: DueInvoice, today: string): MailContent {
  const number = formatInvoiceNumber(Number(invoice.invoice_number));
  const order = formatOrderNumber(Number(invoice.number));
  const isDueToday = invoice.due_day === today;
  const left = formatMoney(invoice.left, options.currency);
  return renderMail({
    storeName: options.storeName,
    subject: isDueToday ? `Invoice ${number} is due today` : `Invoice ${number} is overdue`,
    greeting: `Hello ${invoice.customer_name},`,
    paragraphs: [
      `Invoice ${number} for order ${order} was due on ${formatFullDate(new Date(invoice.due_day), 'UTC')}, and ${left} of it is still to pay.`,
      `Please pay it by bank transfer, quoting ${number}. If you have paid it in the last few days, thank you: our records may not show it yet.`,
    ],
    action: {
      label: 'See your open invoices',
      url: `${options.publicUrl}/dashboard/invoices`,
    },
  });
}

/**
 * Reminds buyers of invoices on account due today or overdue (decision 061): first on the due
 * day (or the first sweep after it), then every seven days while something is left to pay. Each
 * reminder is a row of invoice_reminders (order, day) inserted in the transaction that queues its
 * email: sweeps on any number of instances may race, and only the one whose insert made the row
 * sends; the others find it there and send nothing. `now` is the sweep's clock.
 */
export async function sendInvoiceReminders(
  db: Db,
  options: ReminderOptions,
  now: Date = new Date(),
  batch = 200,
): Promise<string[]> {
  const today = now.toISOString().slice(0, 10);
  return db.transaction(async (tx) => {
    const due = await tx.execute<DueInvoice>(sql`
      select o.id, o.number, o.invoice_number, o.customer_name, o.email,
        (o.invoice_due_at at time zone 'UTC')::date::text as due_day,
        greatest(o.total_amount - coalesce((select sum(p.amount) from invoice_payments p
          where p.order_id = o.id), 0) - coalesce((select sum(r.amount) from order_refunds r
          where r.order_id = o.id and r.status = 'succeeded'
            and r.credit_note_number is not null), 0), 0)::int as left
      from orders o
      where o.payment_method = 'account' and o.invoice_number is not null
        and o.settled_at is null and o.status not in ('cancelled', 'rejected')
        and (o.invoice_due_at at time zone 'UTC')::date <= ${today}::date
        and not exists (select 1 from invoice_reminders r
          where r.order_id = o.id and r.day > ${today}::date - 7)
      order by o.invoice_due_at
      limit ${batch}
      for update of o skip locked`);
    if (due.rows.length === 0) return [];
    const ids = due.rows.map((row) => row.id);
    const claimed = await tx.execute<{ order_id: string }>(sql`
      insert into invoice_reminders (order_id, day)
      select unnest(${sql.param(ids)}::uuid[]), ${today}::date
      on conflict do nothing
      returning order_id`);
    const sent = new Set(claimed.rows.map((row) => row.order_id));
    for (const invoice of due.rows) {
      if (!sent.has(invoice.id)) continue;
      await options.mailer.enqueue(
        { kind: 'invoice_reminder', to: invoice.email, ...reminderEmail(options, invoice, today) },
        tx,
      );
    }
    return due.rows.filter((row) => sent.has(row.id)).map((row) => row.id);
  });
}

/** Every `intervalMs`, sends the reminders due (sendInvoiceReminders); returns a stop function. */
export function startInvoiceReminderJob(
  db: Db,
  options: ReminderOptions & { intervalMs: number; log: Logger },
): () => Promise<void> {
  return startPeriodicJob(
    async () => {
      const sent = await sendInvoiceReminders(db, options);
      if (sent.length === 0) return;
      options.log.info({ orders: sent }, 'reminded buyers of invoices due');
      options.mailer.nudge();
    },
    options.intervalMs,
    (error) => options.log.warn({ err: error }, 'invoice reminder job failed; will retry'),
  );
}
