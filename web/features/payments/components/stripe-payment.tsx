import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatMoney } from '#contract/money.ts';
import type { PaymentOrder } from '#contract/payments.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormError } from '#web/components/ui/field.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/state.tsx';
import { queryKeys } from '#web/lib/query-client.ts';
import { usePaymentOrder, useStripeIntent } from '../api/payments.ts';

/** How long to wait for Stripe's webhook to mark the order paid before saying so. */
const CONFIRMATION_PATIENCE_MS = 60_000;

/** Stripe.js, from Stripe's servers (it cannot be bundled); loaded on this page only. */
function useStripeJs(publishableKey: string | undefined) {
  return useQuery({
    queryKey: [...queryKeys.payments, 'stripe-js', publishableKey],
    queryFn: async (): Promise<Stripe> => {
      const stripe = await loadStripe(publishableKey ?? '');
      if (!stripe) throw new Error('Stripe.js did not start in this browser.');
      return stripe;
    },
    enabled: Boolean(publishableKey),
    staleTime: Number.POSITIVE_INFINITY,
    structuralSharing: false,
    retry: false,
  });
}

/**
 * Stripe mode: Stripe's Payment Element for the order's PaymentIntent. The order becomes paid when
 * Stripe's signed webhook reaches the store, so after confirming, the page asks the store until
 * it says paid (the page then shows the transaction id).
 */
export function StripePayment({ order }: { order: PaymentOrder }) {
  const [params] = useSearchParams();
  // Back from a payment method that needed its own page (3-D Secure, a bank): Stripe says how it went.
  const redirectStatus = params.get('redirect_status');
  const [isConfirming, setIsConfirming] = useState(redirectStatus === 'succeeded');
  const intent = useStripeIntent(order._id);
  const stripe = useStripeJs(intent.data?.publishableKey);

  if (isConfirming) return <AwaitingConfirmation orderId={order._id} />;
  if (intent.isPending) return <LoadingState label="Preparing the payment…" className="py-8" />;
  if (intent.isError) {
    return (
      <ErrorState
        error={intent.error}
        title="We could not prepare the payment"
        onRetry={() => void intent.refetch()}
      />
    );
  }
  if (stripe.isPending) return <LoadingState label="Loading Stripe…" className="py-8" />;
  if (stripe.isError) {
    return (
      <ErrorState
        error={stripe.error}
        title="The card form from Stripe could not be loaded"
        onRetry={() => void stripe.refetch()}
      />
    );
  }
  return (
    <Elements
      stripe={stripe.data}
      options={{
        clientSecret: intent.data.clientSecret,
        appearance: { theme: 'stripe', variables: { colorPrimary: '#1e3a5f' } },
      }}
    >
      <StripeCheckoutForm
        order={order}
        initialError={
          redirectStatus && redirectStatus !== 'succeeded'
            ? 'The payment was not completed. Try again or use another payment method.'
            : null
        }
        onConfirmed={() => setIsConfirming(true)}
      />
    </Elements>
  );
}

function StripeCheckoutForm({
  order,
  initialError,
  onConfirmed,
}: {
  order: PaymentOrder;
  initialError: string | null;
  onConfirmed: () => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const titleId = useId();
  const [isPaying, setIsPaying] = useState(false);
  const [isComplete, setIsComplete] = useState(false);
  const [error, setError] = useState<string | null>(initialError);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setIsPaying(true);
    setError(null);
    const result = await stripe.confirmPayment({
      elements,
      redirect: 'if_required',
      confirmParams: { return_url: window.location.href },
    });
    setIsPaying(false);
    if (result.error) {
      setError(result.error.message ?? 'The payment did not go through. Please try again.');
      return;
    }
    onConfirmed();
  };

  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={titleId}
      className="space-y-5"
    >
      <h2 id={titleId} className="text-lg font-bold text-navy-900">
        Card payment
      </h2>
      <PaymentElement onChange={(change) => setIsComplete(change.complete)} />
      <FormError>{error}</FormError>
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={!stripe || !elements || !isComplete}
        isPending={isPaying}
      >
        Pay {formatMoney(order.totalAmount, order.currency)}
      </Button>
    </form>
  );
}

/** Paid at Stripe; waiting for its webhook to reach the store (the page then shows the receipt). */
function AwaitingConfirmation({ orderId }: { orderId: string }) {
  usePaymentOrder(orderId, { pollUntilPaid: true });
  const [isSlow, setIsSlow] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setIsSlow(true), CONFIRMATION_PATIENCE_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <div>
      <LoadingState label="Confirming your payment…" className="py-8" />
      {isSlow && (
        <p className="text-center text-sm text-stone-700">
          Stripe accepted the payment and we are still waiting for its confirmation. This page
          updates by itself; you can also check My orders in a few minutes.
        </p>
      )}
    </div>
  );
}
