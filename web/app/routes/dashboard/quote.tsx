import { useId, useState } from 'react';
import { type MetaArgs, useParams } from 'react-router';
import type { Quote } from '#contract/quote-schemas.ts';
import { Breadcrumbs } from '#web/components/ui/breadcrumbs.tsx';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { useSignedInUser } from '#web/features/auth/api/session.ts';
import { CheckoutForm } from '#web/features/orders/components/checkout-form.tsx';
import { useAcceptQuote } from '#web/features/quotes/api/quote-mutations.ts';
import { useQuote } from '#web/features/quotes/api/quotes-queries.ts';
import { QuoteAnswers } from '#web/features/quotes/components/quote-answers.tsx';
import { QuoteLines } from '#web/features/quotes/components/quote-lines.tsx';
import { QuoteMessages } from '#web/features/quotes/components/quote-messages.tsx';
import { QuoteSummary } from '#web/features/quotes/components/quote-summary.tsx';
import {
  type PaymentMethod,
  PaymentMethodChoice,
} from '#web/features/terms/components/payment-method-choice.tsx';
import { useUserDetails } from '#web/features/users/api/users.ts';
import { pageMeta } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';
import { useFocusTitleOnChange } from '#web/lib/use-focus-title.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useOrderDelivery } from '../../order-delivery.tsx';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Quote', path: location.pathname, noIndex: true });

const isOpen = (status: string) => status === 'requested' || status === 'offered';

/**
 * Accepting an offer, as every order is placed: where it goes (the address book, a new address or
 * one typed), the delivery methods for it priced for the offer, a PO number and a note, and card
 * or account; the total with delivery is the one the store must agree to.
 */
function AcceptOffer({ quote, onChanged }: { quote: Quote; onChanged: () => void }) {
  const user = useSignedInUser();
  const details = useUserDetails(user.email);
  const accept = useAcceptQuote();
  const toast = useToast();
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('card');
  const { delivery, deliveryMethod, charges, goods, toPay } = useOrderDelivery({
    subject: { kind: 'quote', quoteId: quote._id },
    // The offered lines at the offered prices (a line not offered is not ordered).
    lines: quote.lines.flatMap((line) =>
      line.offeredUnitPrice === null
        ? []
        : [{ unitPrice: line.offeredUnitPrice, quantity: line.quantity }],
    ),
    currency: quote.currency,
  });
  return (
    <CheckoutForm
      placeOrder={(values) => accept.mutateAsync({ id: quote._id, body: values })}
      customer={{ name: user.name, email: user.email }}
      savedPhone={details.data?.phone}
      blockedBy={
        user.emailVerified
          ? null
          : 'Confirm your email address to accept the offer: follow the link we emailed you.'
      }
      expectedTotal={goods}
      onPlaced={(accepted) =>
        toast.success(
          accepted.order?.status === 'awaiting_approval'
            ? `Offer accepted: order ${accepted.order.number} waits for your company’s approval.`
            : `Offer accepted: order ${accepted.order?.number ?? ''} is placed.`,
        )
      }
      onPriceChanged={() => {
        onChanged();
        deliveryMethod.refresh();
      }}
      delivery={delivery}
      deliveryMethod={deliveryMethod}
      charges={charges}
      payment={{
        method: paymentMethod,
        choice: (
          <PaymentMethodChoice value={paymentMethod} onChange={setPaymentMethod} total={toPay} />
        ),
      }}
      submitLabel="Accept and place the order"
    />
  );
}

/** One quote for the buyer's side: its lines, list and offered prices, messages and answers. */
export function QuotePage() {
  const { id = '' } = useParams();
  const quote = useQuote(id, 'customer');
  const title = quote.data ? `Quote ${quote.data.number}` : 'Quote';
  usePageTitle(title);
  // Accepting, declining, withdrawing or refusing takes away the form or button that did it.
  const titleId = useId();
  useFocusTitleOnChange(quote.data?.status, titleId);
  return (
    <>
      <Breadcrumbs trail={[{ label: 'Quotes', to: paths.myQuotes() }, { label: title }]} />
      <QueryView
        query={quote}
        loadingLabel="Loading the quote…"
        errorTitle="We could not load this quote"
      >
        {(data) => (
          <div className="space-y-8">
            <PageHeading title={title} titleId={titleId} />
            <QuoteSummary quote={data} />
            <QuoteLines quote={data} />
            <QuoteAnswers
              quote={data}
              acceptForm={(offered) => (
                <AcceptOffer quote={offered} onChanged={() => void quote.refetch()} />
              )}
            />
            <QuoteMessages
              quote={data}
              side="customer"
              canWrite={data.canAct && isOpen(data.status)}
            />
          </div>
        )}
      </QueryView>
    </>
  );
}

export default QuotePage;
