import type { ReactNode } from 'react';
import { formatDate } from '#contract/dates.ts';
import { formatMoney } from '#contract/money.ts';
import type { Order } from '#contract/orders.ts';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { useFocusTitleOnChange } from '#web/lib/use-focus-title.ts';
import { useOrderAccount } from '../api/terms.ts';
import { RecordPaymentForm } from './record-payment-form.tsx';

/**
 * An order on account, invoiced: when it is due, what was paid (each payment received and each
 * payout), what its credit notes took off, what is left and what the buyer paid beyond it; an admin
 * records payments here, and pays back what the buyer paid beyond what is due. Nothing for an order paid by card or not invoiced.
 */
export function OrderAccountPanel({
  order,
  isAdmin,
  actions,
}: {
  order: Order;
  isAdmin: boolean;
  /** What the reader may do besides (cancel an order on account not yet shipped). */
  actions?: ReactNode;
}) {
  const isInvoiced = order.paymentMethod === 'account' && order.invoice !== null;
  const account = useOrderAccount(order._id, isInvoiced && order.status !== 'cancelled');
  // A form that goes once its job is done (paid in full, all paid back) gives focus to the heading.
  const { data } = account;
  useFocusTitleOnChange(
    data ? `${data.left > 0}:${data.owedToBuyer > 0}` : 'loading',
    'order-account-title',
  );
  if (!isInvoiced || order.status === 'cancelled') return null;
  const money = (amount: number) => formatMoney(amount, order.currency);
  const isOverdue = data?.dueAt && data.left > 0 && Date.parse(data.dueAt) < Date.now();
  return (
    <section
      aria-labelledby="order-account-title"
      className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <h2 id="order-account-title" tabIndex={-1} className="text-lg font-bold text-navy-900">
        On account
      </h2>
      {!data ? (
        <LoadingState label="Loading the payments…" />
      ) : (
        <>
          <dl
            className={`mt-3 grid grid-cols-2 gap-3 ${data.credited > 0 ? 'sm:grid-cols-5' : 'sm:grid-cols-4'}`}
            data-testid="order-account"
          >
            <div>
              <dt className="text-sm text-stone-600">Due</dt>
              <dd className={`font-semibold ${isOverdue ? 'text-red-800' : 'text-navy-900'}`}>
                {data.dueAt ? formatDate(data.dueAt) : '—'}
                {isOverdue && ' (overdue)'}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-stone-600">Total</dt>
              <dd className="font-semibold text-navy-900">{money(data.total)}</dd>
            </div>
            <div>
              <dt className="text-sm text-stone-600">Paid</dt>
              <dd className="font-semibold text-navy-900">{money(data.paid)}</dd>
            </div>
            {data.credited > 0 && (
              <div>
                <dt className="text-sm text-stone-600">Credited</dt>
                <dd className="font-semibold text-navy-900" data-testid="credited">
                  {money(data.credited)}
                </dd>
              </div>
            )}
            <div>
              <dt className="text-sm text-stone-600">Left to pay</dt>
              <dd className="font-semibold text-navy-900" data-testid="left-to-pay">
                {data.left === 0 ? 'Nothing: paid in full' : money(data.left)}
              </dd>
            </div>
          </dl>
          {/* Refunds after payments can leave the buyer having paid more than is now due. */}
          {data.owedToBuyer > 0 && (
            <p className="mt-3 text-sm font-medium text-stone-900" data-testid="overpaid">
              {isAdmin ? 'The buyer' : 'You'} paid {money(data.owedToBuyer)} more than is now due,
              after the credit notes: {isAdmin ? 'the store owes it to them' : 'we owe it to you'}.
            </p>
          )}
          {data.payments.length > 0 && (
            <ul className="mt-4 space-y-1 text-sm text-stone-800">
              {data.payments.map((payment) => (
                <li key={payment.recordedAt}>
                  {money(payment.amount)}{' '}
                  {payment.kind === 'payout'
                    ? `paid back to ${isAdmin ? 'the buyer' : 'you'}`
                    : 'received'}{' '}
                  {formatDate(`${payment.receivedOn}T12:00:00Z`)}, reference{' '}
                  <span className="font-mono wrap-anywhere">{payment.reference}</span>
                </li>
              ))}
            </ul>
          )}
          {data.left > 0 && !isAdmin && (
            <p className="mt-3 text-sm text-stone-700">
              Pay by bank transfer, quoting invoice {order.invoice?.number}.
            </p>
          )}
          {isAdmin && data.left > 0 && (
            <RecordPaymentForm
              orderId={order._id}
              orderNumber={order.number}
              most={data.left}
              currency={order.currency}
              issuedAt={order.invoice?.issuedAt}
            />
          )}
          {isAdmin && data.owedToBuyer > 0 && (
            <RecordPaymentForm
              kind="payout"
              orderId={order._id}
              orderNumber={order.number}
              most={data.owedToBuyer}
              currency={order.currency}
              issuedAt={order.invoice?.issuedAt}
            />
          )}
        </>
      )}
      {/* With a payment recorded it is refunded, not cancelled. */}
      {data?.payments.length === 0 && (
        <div className="mt-4 flex flex-wrap gap-3 empty:hidden">{actions}</div>
      )}
    </section>
  );
}
