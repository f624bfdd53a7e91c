import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { AcceptQuoteBodySchema, type Quote } from '#contract/quote-schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/dialog.tsx';
import { SubmitError, TextAreaField, TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-error.ts';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import { emptyAsMissing } from '#web/lib/form-values.ts';
import { paths } from '#web/lib/paths.ts';
import { useAcceptQuote, useDeclineQuote, useWithdrawQuote } from '../api/quote-mutations.ts';
import { formatQuoteDay } from '../utils/quote-days.ts';

const AcceptSchema = AcceptQuoteBodySchema.extend({
  poNumber: z.preprocess(emptyAsMissing, AcceptQuoteBodySchema.shape.poNumber),
  note: z.preprocess(emptyAsMissing, AcceptQuoteBodySchema.shape.note),
});
type AcceptInput = z.input<typeof AcceptSchema>;
type AcceptValues = z.output<typeof AcceptSchema>;
const FIELDS = ['phone', 'address', 'poNumber', 'note'] as const;
const OUTCOME = {
  notDone: 'Nothing was ordered.',
  unknown: 'Read the quote again: an accepted offer names its order, and is never ordered twice.',
};

/** How an accepted offer is paid: the app's route passes the payment choice (card or account). */
export type PaymentChoice = (
  value: 'card' | 'account',
  onChange: (method: 'card' | 'account') => void,
  total: number | undefined,
) => ReactNode;

/** What the buyer's side may do with a quote now: accept or decline an offer, withdraw a request. */
export function QuoteAnswers({
  quote,
  paymentChoice,
}: {
  quote: Quote;
  paymentChoice?: PaymentChoice;
}) {
  if (quote.status === 'accepted' && quote.order) {
    return (
      <p className="rounded-md border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
        You accepted this offer: it became order{' '}
        <Link to={paths.order(quote.order.id)} className="font-semibold underline">
          {quote.order.number}
        </Link>
        .
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
        <AcceptForm quote={quote} paymentChoice={paymentChoice} />
      )}
      <DeclineButton quote={quote} />
    </div>
  );
}

function AcceptForm({
  quote,
  paymentChoice,
}: {
  quote: Quote;
  paymentChoice: PaymentChoice | undefined;
}) {
  const accept = useAcceptQuote();
  const toast = useToast();
  const form = useForm<AcceptInput, unknown, AcceptValues>({
    resolver: zodResolver(AcceptSchema),
    defaultValues: { phone: '', address: '', poNumber: '', note: '', paymentMethod: 'card' },
    mode: 'onTouched',
  });
  const { failure, fail, clear } = useSubmitFailure(form.setError, FIELDS, OUTCOME);
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((body) =>
    accept.mutate(
      { id: quote._id, body },
      {
        onSuccess: (accepted) => {
          clear();
          toast.success(`Offer accepted: order ${accepted.order?.number ?? ''} is placed.`);
        },
        onError: fail,
      },
    ),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-labelledby="accept-offer">
      <h2 id="accept-offer" className="text-lg font-bold text-navy-900">
        Accept the offer
      </h2>
      <p className="text-sm text-stone-700">
        The offer holds until the end of {formatQuoteDay(quote.validUntil ?? '')} (UTC). Accepting
        places an order of the offered lines at the offered prices, if the stock is there now.
      </p>
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      <TextAreaField
        label="Delivery address"
        autoComplete="street-address"
        rows={3}
        error={errors.address?.message}
        {...form.register('address')}
      />
      <TextField
        label="Purchase order number (optional)"
        error={errors.poNumber?.message}
        {...form.register('poNumber')}
      />
      {paymentChoice?.(
        form.watch('paymentMethod') ?? 'card',
        (method) => form.setValue('paymentMethod', method),
        quote.offeredTotal ?? undefined,
      )}
      <Button type="submit" isPending={accept.isPending}>
        Accept and place the order
      </Button>
      <SubmitError failure={failure} />
    </form>
  );
}

function DeclineButton({ quote }: { quote: Quote }) {
  const decline = useDeclineQuote();
  const toast = useToast();
  const [isConfirming, setIsConfirming] = useState(false);
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
          decline.mutate(quote._id, {
            onSuccess: () => toast.success(`You declined the offer on ${quote.number}.`),
            onError: (error) => toast.error(errorMessage(error)),
            onSettled: () => setIsConfirming(false),
          })
        }
        onClose={() => setIsConfirming(false)}
        isPending={decline.isPending}
      />
    </>
  );
}

function WithdrawButton({ quote }: { quote: Quote }) {
  const withdraw = useWithdrawQuote();
  const toast = useToast();
  const [isConfirming, setIsConfirming] = useState(false);
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
          withdraw.mutate(quote._id, {
            onSuccess: () => toast.success(`You withdrew ${quote.number}.`),
            onError: (error) => toast.error(errorMessage(error)),
            onSettled: () => setIsConfirming(false),
          })
        }
        onClose={() => setIsConfirming(false)}
        isPending={withdraw.isPending}
      />
    </>
  );
}
