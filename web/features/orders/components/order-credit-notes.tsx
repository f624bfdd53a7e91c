import { formatLongDateTime } from '#contract/dates.ts';
import { formatMoney } from '#contract/money.ts';
import type { Order } from '#contract/orders.ts';
import { CreditNoteLink } from './credit-note-link.tsx';

/** The credit notes of an order's refunds whose money went back, each to download. */
export function OrderCreditNotes({ order }: { order: Order }) {
  const notes = order.refunds.flatMap((refund) =>
    refund.creditNote ? [{ ...refund.creditNote, amount: refund.amount }] : [],
  );
  if (notes.length === 0) return null;
  return (
    <section
      aria-labelledby="order-credit-notes-title"
      className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <h2 id="order-credit-notes-title" className="text-lg font-bold text-navy-900">
        Credit notes
      </h2>
      <ul className="mt-2 space-y-2">
        {notes.map((note) => (
          <li key={note.number} className="text-stone-800">
            <span data-testid="credit-note-number">{note.number}</span>:{' '}
            {formatMoney(note.amount, order.currency)} credited on invoice {order.invoice?.number},
            issued <time dateTime={note.issuedAt}>{formatLongDateTime(note.issuedAt)}</time>.
            <div>
              <CreditNoteLink number={note.number} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
