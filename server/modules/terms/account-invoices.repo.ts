import { type SQL, sql } from 'drizzle-orm';
import type { AccountInvoice } from '../../../contract/invoices-on-account.ts';
import { formatCreditNoteNumber } from '../../../contract/order-refunds.ts';
import { formatInvoiceNumber, formatOrderNumber } from '../../../contract/orders.ts';
import type { Tx } from '../../db/client.ts';

/**
 * The queries over invoices on account (decision 056): orders placed on account and invoiced,
 * neither cancelled nor rejected. `Scope` says whose: a company's, one buyer's within it, or a
 * customer's own outside any company (as owed-on-account.sql counts them).
 */
export type Scope =
  | { kind: 'company'; companyId: string }
  | { kind: 'member'; companyId: string; userId: string }
  | { kind: 'customer'; userId: string }
  | { kind: 'everyone' };

function scopeSql(scope: Scope): SQL {
  switch (scope.kind) {
    case 'company':
      return sql`o.company_id = ${scope.companyId}`;
    case 'member':
      return sql`o.company_id = ${scope.companyId} and o.user_id = ${scope.userId}`;
    case 'customer':
      return sql`o.company_id is null and o.user_id = ${scope.userId}`;
    case 'everyone':
      return sql`true`;
  }
}

const INVOICED = sql`o.payment_method = 'account' and o.invoice_number is not null
  and o.status not in ('cancelled', 'rejected')`;
const PAID = sql`coalesce((select sum(p.amount) from invoice_payments p where p.order_id = o.id), 0)::int`;
/** A refund that issued a credit note (decision 063), as `r`. */
const CREDIT_NOTE = sql`r.status = 'succeeded' and r.credit_note_number is not null`;
/** What the order's credit notes take off what is owed (decision 063). */
const CREDITED = sql`coalesce((select sum(r.amount) from order_refunds r where r.order_id = o.id
  and ${CREDIT_NOTE}), 0)::int`;

type InvoiceRow = {
  id: string;
  number: string;
  invoice_number: string;
  invoiced_at: Date | string;
  invoice_due_at: Date | string;
  total_amount: number;
  paid: number;
  credited: number;
  is_overdue: boolean;
  buyer_name: string;
  email: string;
  reminded_on: string | null;
  total_count: string;
};

const iso = (value: Date | string) => new Date(value).toISOString();

function toInvoice(row: InvoiceRow): AccountInvoice {
  return {
    orderId: row.id,
    orderNumber: formatOrderNumber(Number(row.number)),
    invoiceNumber: formatInvoiceNumber(Number(row.invoice_number)),
    issuedAt: iso(row.invoiced_at),
    dueAt: iso(row.invoice_due_at),
    total: row.total_amount,
    paid: row.paid,
    credited: row.credited,
    left: Math.max(row.total_amount - row.credited - row.paid, 0),
    isOverdue: row.is_overdue,
    buyerName: row.buyer_name,
    email: row.email,
    remindedOn: row.reminded_on,
  };
}

/** Unsettled invoices on account that `where` keeps, earliest due first, a page at a time. */
async function pageOfInvoices(
  tx: Tx,
  where: SQL,
  page: { limit: number; offset: number },
): Promise<{ invoices: AccountInvoice[]; total: number }> {
  const result = await tx.execute<InvoiceRow>(sql`
    select o.id, o.number, o.invoice_number, o.invoiced_at, o.invoice_due_at, o.total_amount,
      ${PAID} as paid, ${CREDITED} as credited, o.invoice_due_at < now() as is_overdue,
      coalesce(c.name, o.customer_name) as buyer_name, o.email,
      (select max(r.day)::text from invoice_reminders r where r.order_id = o.id) as reminded_on,
      count(*) over () as total_count
    from orders o left join companies c on c.id = o.company_id
    where ${INVOICED} and o.settled_at is null and ${where}
    order by o.invoice_due_at, o.number
    limit ${page.limit} offset ${page.offset}`);
  const total = Number(result.rows[0]?.total_count ?? 0);
  return {
    invoices: result.rows.map(toInvoice),
    total,
  };
}

export function openInvoices(tx: Tx, scope: Scope, page: { limit: number; offset: number }) {
  return pageOfInvoices(tx, scopeSql(scope), page);
}

export function overdueInvoices(tx: Tx, page: { limit: number; offset: number }) {
  return pageOfInvoices(tx, sql`o.invoice_due_at < now()`, page);
}

/**
 * A statement's facts: what was owed before `from`, and each invoice, payment and credit note
 * (decision 063) in the period.
 */
export type StatementEntry = {
  day: string;
  /** A payout is money paid back to the buyer (decision 063): it adds to what they owe. */
  kind: 'invoice' | 'payment' | 'payout' | 'credit';
  orderNumber: string;
  invoiceNumber: string;
  detail: string;
  amount: number;
};

/** At most `rowsMax` + 1 entries are read: one more than a statement lists says it has too many. */
export async function statementOf(
  tx: Tx,
  scope: Scope,
  period: { from: string; to: string },
  rowsMax: number,
): Promise<{ opening: number; entries: StatementEntry[] }> {
  const where = sql`${INVOICED} and ${scopeSql(scope)}`;
  const opening = await tx.execute<{ owed: string }>(sql`
    select coalesce((select sum(o.total_amount) from orders o
        where ${where} and o.invoiced_at < ${period.from}::date), 0)
      - coalesce((select sum(p.amount) from invoice_payments p join orders o on o.id = p.order_id
        where ${where} and p.received_on < ${period.from}::date), 0)
      - coalesce((select sum(r.amount) from order_refunds r join orders o on o.id = r.order_id
        where ${where} and ${CREDIT_NOTE}
          and r.credit_note_issued_at < ${period.from}::date), 0) as owed`);
  const entries = await tx.execute<{
    day: string;
    kind: StatementEntry['kind'];
    number: string;
    invoice_number: string;
    detail: string;
    amount: number;
  }>(sql`
    select * from (
      select (o.invoiced_at at time zone 'UTC')::date::text as day, 'invoice' as kind, o.number,
        o.invoice_number, coalesce('due ' || (o.invoice_due_at at time zone 'UTC')::date::text, '') as detail,
        o.total_amount as amount
      from orders o
      where ${where} and o.invoiced_at >= ${period.from}::date
        and o.invoiced_at < ${period.to}::date + 1
      union all
      select p.received_on::text, case when p.kind = 'payout' then 'payout' else 'payment' end, o.number,
        o.invoice_number, p.reference, abs(p.amount)
      from invoice_payments p join orders o on o.id = p.order_id
      where ${where} and p.received_on between ${period.from}::date and ${period.to}::date
      union all
      select (r.credit_note_issued_at at time zone 'UTC')::date::text, 'credit', o.number,
        o.invoice_number, r.credit_note_number::text, r.amount
      from order_refunds r join orders o on o.id = r.order_id
      where ${where} and ${CREDIT_NOTE}
        and r.credit_note_issued_at >= ${period.from}::date
        and r.credit_note_issued_at < ${period.to}::date + 1
    ) e order by day, kind, number
    limit ${rowsMax + 1}`);
  return {
    opening: Number(opening.rows[0]?.owed ?? 0),
    entries: entries.rows.map((row) => ({
      day: row.day,
      kind: row.kind,
      orderNumber: formatOrderNumber(Number(row.number)),
      invoiceNumber: formatInvoiceNumber(Number(row.invoice_number)),
      detail: row.kind === 'credit' ? formatCreditNoteNumber(Number(row.detail)) : row.detail,
      amount: row.amount,
    })),
  };
}
