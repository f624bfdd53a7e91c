import { Link } from 'react-router';
import { formatDate } from '#contract/dates.ts';
import type { AccountInvoice } from '#contract/invoices-on-account.ts';
import { type Column, DataTable } from '#web/components/ui/table.tsx';
import * as paths from '#web/lib/paths.ts';
import { useMoney } from '#web/lib/store-config.ts';

/**
 * Invoices on account not paid in full: each with its order, due date, total, what is paid,
 * credited and left; for admins (`showsBuyer`) who owes it and the last reminder sent.
 */
export function InvoicesTable({
  invoices,
  caption,
  showsBuyer = false,
}: {
  invoices: AccountInvoice[];
  caption: string;
  showsBuyer?: boolean;
}) {
  const money = useMoney();
  const columns: Column<AccountInvoice>[] = [
    {
      header: 'Invoice',
      isRowHeader: true,
      cell: (invoice) => (
        <span>
          <span className="block font-semibold text-navy-900">{invoice.invoiceNumber}</span>
          <Link
            to={paths.order(invoice.orderId)}
            className="text-sm font-semibold whitespace-nowrap text-navy-700 underline underline-offset-2"
          >
            Order {invoice.orderNumber}
          </Link>
        </span>
      ),
    },
    ...(showsBuyer
      ? [
          {
            header: 'Buyer',
            cell: (invoice: AccountInvoice) => (
              <span>
                <span className="block font-semibold text-navy-900">{invoice.buyerName}</span>
                <span className="block text-xs break-all text-stone-600">{invoice.email}</span>
              </span>
            ),
          },
        ]
      : []),
    {
      header: 'Due',
      cell: (invoice) => (
        <span className={invoice.isOverdue ? 'font-semibold text-red-800' : ''}>
          {formatDate(invoice.dueAt)}
          {invoice.isOverdue && ' (overdue)'}
        </span>
      ),
    },
    { header: 'Total', isNumeric: true, cell: (invoice) => money(invoice.total) },
    { header: 'Paid', isNumeric: true, cell: (invoice) => money(invoice.paid) },
    { header: 'Credited', isNumeric: true, cell: (invoice) => money(invoice.credited) },
    {
      header: 'Left to pay',
      isNumeric: true,
      cell: (invoice) => <span className="font-semibold">{money(invoice.left)}</span>,
    },
    ...(showsBuyer
      ? [
          {
            header: 'Last reminder',
            cell: (invoice: AccountInvoice) =>
              invoice.remindedOn ? formatDate(`${invoice.remindedOn}T12:00:00Z`) : 'None yet',
          },
        ]
      : []),
  ];
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={invoices}
      rowKey={(invoice) => invoice.orderId}
    />
  );
}
