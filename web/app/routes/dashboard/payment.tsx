import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { MetaArgs } from 'react-router';
import { Link, useParams } from 'react-router';
import type { PaymentOrder, PaymentResult } from '#contract/payments.ts';
import { OrderStatusBadge } from '#web/components/order-status-badge.tsx';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/state.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { usePaymentOrder } from '#web/features/payments/api/payments.ts';
import { PaymentConfirmation } from '#web/features/payments/components/payment-confirmation.tsx';
import { PaymentSummary } from '#web/features/payments/components/payment-summary.tsx';
import { StripePayment } from '#web/features/payments/components/stripe-payment.tsx';
import { TestCardForm } from '#web/features/payments/components/test-card-form.tsx';
import { errorMessage } from '#web/lib/api-error.ts';
import { pageMeta } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';
import { storeConfigQuery } from '#web/lib/store-config.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Payment', path: location.pathname, noIndex: true });

export function PaymentPage() {
  const { id = '' } = useParams();
  const payment = usePaymentOrder(id);
  return (
    <>
      <PageHeading title="Payment" description="Check your order, then pay by card." />
      <QueryView
        query={payment}
        loadingLabel="Loading your order…"
        errorTitle="We could not load this order"
      >
        {(order) => (
          <div className="grid max-w-4xl gap-6 lg:grid-cols-2 lg:items-start">
            <PaymentSummary order={order} status={<OrderStatusBadge status={order.status} />} />
            <section
              aria-label="Pay"
              className="rounded-xl border border-stone-200 bg-white p-6 shadow-sm"
            >
              <PaymentPanel order={order} />
            </section>
          </div>
        )}
      </QueryView>
    </>
  );
}

/** The card form while the order is unpaid; the outcome once it is not. */
function PaymentPanel({ order }: { order: PaymentOrder }) {
  // Which payment provider the store uses: its loading and failure show here, never a spinner forever.
  const config = useQuery(storeConfigQuery);
  const toast = useToast();
  const [justPaid, setJustPaid] = useState<PaymentResult | null>(null);

  if (justPaid || order.status === 'paid' || order.status === 'shipped') {
    const card = justPaid?.cardLast4
      ? `${justPaid.cardBrand ?? 'card'} ending in ${justPaid.cardLast4}`
      : null;
    return (
      <PaymentConfirmation
        order={order}
        transactionId={justPaid?.transactionId ?? order.transactionId}
        card={card}
        isJustPaid={justPaid !== null}
      />
    );
  }
  if (order.status === 'cancelled') {
    return (
      <div>
        <h2 className="text-lg font-bold text-navy-900">Nothing to pay</h2>
        <p className="mt-2 text-sm text-stone-700">
          This order was cancelled, so there is nothing to pay. Its stock went back on the shelf.
        </p>
        <Link
          to={paths.tools()}
          className={buttonClasses({ variant: 'outline', className: 'mt-4' })}
        >
          Browse the tools
        </Link>
      </div>
    );
  }
  if (config.isPending) return <LoadingState label="Preparing the payment…" className="py-8" />;
  if (config.isError) {
    return (
      <ErrorState
        error={config.error}
        title="We could not prepare the payment"
        onRetry={() => void config.refetch()}
      />
    );
  }
  if (config.data.payments.provider === 'stripe') return <StripePayment order={order} />;
  return (
    <TestCardForm
      order={order}
      onPaid={(result) => {
        setJustPaid(result);
        toast.success(`Paid: ${order.productName}`);
      }}
      onNotPayable={(error) => toast.error(errorMessage(error))}
    />
  );
}

export default PaymentPage;
