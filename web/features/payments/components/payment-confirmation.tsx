import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '#web/components/ui/button.tsx';
import * as paths from '#web/lib/paths.ts';

/**
 * A paid order: the transaction id to quote. Right after paying, focus moves here so screen
 * reader and keyboard users hear the outcome.
 */
export function PaymentConfirmation({
  order,
  transactionId,
  card,
  isJustPaid,
}: {
  /** The order paid, for the way to its page. */
  order: { _id: string; number: string };
  transactionId: string | null;
  /** "Visa ending in 4242", when this visit paid it. */
  card?: string | null;
  isJustPaid: boolean;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (isJustPaid) headingRef.current?.focus();
  }, [isJustPaid]);
  return (
    <div role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-6">
      <h2
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-bold text-emerald-900 outline-none"
      >
        {isJustPaid ? 'Payment received. Thank you!' : 'This order is paid'}
      </h2>
      <p className="mt-2 text-sm text-stone-800">
        {isJustPaid
          ? `We emailed you a receipt${card ? ` for your ${card}` : ''}. We ship paid orders within two working days; the order's page has its invoice.`
          : 'Thank you. You can follow it on its page, with its invoice.'}
      </p>
      {transactionId && (
        <p className="mt-4 text-sm text-stone-800">
          Transaction ID{' '}
          <code
            data-testid="transaction-id"
            className="mt-1 block rounded bg-white px-2 py-1 font-mono text-sm break-all text-navy-900 ring-1 ring-emerald-200"
          >
            {transactionId}
          </code>
        </p>
      )}
      <div className="mt-5 flex flex-wrap gap-3">
        <Link to={paths.order(order._id)} className={buttonClasses()}>
          View order {order.number}
        </Link>
        <Link to={paths.myOrders()} className={buttonClasses({ variant: 'outline' })}>
          See my orders
        </Link>
      </div>
    </div>
  );
}
