import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { Quote } from '#contract/quote-schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/dialog.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-error.ts';
import * as paths from '#web/lib/paths.ts';
import { useDeclineQuote, useWithdrawQuote } from '../api/quote-mutations.ts';
import { formatQuoteDay } from '../utils/quote-days.ts';

/**
 * The form that accepts an offer (where the order goes, how it travels, how it is paid), which the
 * app's route puts together as for every order the store places.
 */
export type AcceptForm = (quote: Quote) => ReactNode;

/** What the buyer's side may do with a quote now: accept or decline an offer, withdraw a request. */
export function QuoteAnswers({ quote, acceptForm }: { quote: Quote; acceptForm: AcceptForm }) {
  if (quote.status === 'accepted' && quote.order) {
    return (
      <p className="rounded-md border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
        You accepted this offer: it became order{' '}
        <Link to={paths.order(quote.order.id)} className="font-semibold underline">
          {quote.order.number}
        </Link>
        {quote.order.status === 'awaiting_approval'
          ? ', which waits for your company’s approval before it can be paid.'
          : '.'}
      </p>
    );
  }
  if (!quote.canAct) {
    return (
      <p className="text-sm text-stone-600">
        You can read this quote; the buyer who asked and your company’s owner answer it.
      </p>
    );
  }
  if (quote.status === 'requested') return <WithdrawButton quote={quote} />;
  if (quote.status !== 'offered') return null;
  return (
    <div className="space-y-4">
      {quote.isExpired ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          This offer held until the end of {formatQuoteDay(quote.validUntil ?? '')} (UTC) and can no
          longer be accepted. Write to us below for a new offer, or decline it.
        </p>
      ) : (
        <section className="space-y-4" aria-labelledby="accept-offer">
          <h2 id="accept-offer" className="text-lg font-bold text-navy-900">
            Accept the offer
          </h2>
          <p className="text-sm text-stone-700">
            The offer holds until the end of {formatQuoteDay(quote.validUntil ?? '')} (UTC).
            Accepting places an order of the offered lines at the offered prices, if the stock is
            there now.
          </p>
          {acceptForm(quote)}
        </section>
      )}
      <DeclineButton quote={quote} />
    </div>
  );
}

/**
 * An answer that closes the quote takes its own button away with it: what it says is said once
 * the change is done (awaited, since a mutation's per-call callbacks never run for a button that
 * has gone), and the dialog closes either way.
 */
function useClosingAnswer(close: () => void) {
  const toast = useToast();
  return async (change: Promise<unknown>, done: string) => {
    try {
      await change;
      toast.success(done);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      close();
    }
  };
}

function DeclineButton({ quote }: { quote: Quote }) {
  const decline = useDeclineQuote();
  const [isConfirming, setIsConfirming] = useState(false);
  const settle = useClosingAnswer(() => setIsConfirming(false));
  return (
    <>
      <Button variant="danger-outline" onClick={() => setIsConfirming(true)}>
        Decline the offer
      </Button>
      <ConfirmDialog
        open={isConfirming}
        title="Decline this offer?"
        message={<p>Quote {quote.number} closes; ask for a new quote from your cart any time.</p>}
        confirmLabel="Decline offer"
        onConfirm={() =>
          void settle(decline.mutateAsync(quote._id), `You declined the offer on ${quote.number}.`)
        }
        onClose={() => setIsConfirming(false)}
        isPending={decline.isPending}
      />
    </>
  );
}

function WithdrawButton({ quote }: { quote: Quote }) {
  const withdraw = useWithdrawQuote();
  const [isConfirming, setIsConfirming] = useState(false);
  const settle = useClosingAnswer(() => setIsConfirming(false));
  return (
    <>
      <Button variant="danger-outline" onClick={() => setIsConfirming(true)}>
        Withdraw the request
      </Button>
      <ConfirmDialog
        open={isConfirming}
        title="Withdraw this request?"
        message={<p>We will not price quote {quote.number}.</p>}
        confirmLabel="Withdraw request"
        onConfirm={() =>
          void settle(withdraw.mutateAsync(quote._id), `You withdrew ${quote.number}.`)
        }
        onClose={() => setIsConfirming(false)}
        isPending={withdraw.isPending}
      />
    </>
  );
}
