import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { formatMoney } from '#contract/money.ts';
import {
  type PaymentOrder,
  type PaymentResult,
  type PayWithCardBody,
  PayWithCardBodySchema,
} from '#contract/payments.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { SubmitError, TextField } from '#web/components/ui/field.tsx';
import { type ApiError, isApiError } from '#web/lib/api-error.ts';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import { usePayWithTestCard } from '../api/payments.ts';
import { formatCardNumber, formatExpiry, reformatAtEnd } from '../utils/card-input.ts';

const FIELDS = ['cardNumber', 'expiry', 'cvc', 'nameOnCard'] as const;
const OUTCOME = {
  notDone: 'Your card was not charged.',
  unknown:
    'We cannot tell whether the payment went through. Try again: an order is never charged twice, and if it was paid you will see so.',
};

/**
 * The built-in test gateway's card form (no money moves). Checked here with the contract's own
 * schema (Luhn, an expiry in the future); the server decides the outcome. The card number is never
 * logged or stored: it lives in this form until it leaves the screen.
 */
export function TestCardForm({
  order,
  onPaid,
  onNotPayable,
}: {
  order: PaymentOrder;
  onPaid: (result: PaymentResult) => void;
  /** 409 order_not_payable: someone paid or cancelled it meanwhile. */
  onNotPayable: (error: ApiError) => void;
}) {
  const titleId = useId();
  const hintId = useId();
  const pay = usePayWithTestCard(order._id);
  const form = useForm<PayWithCardBody>({
    resolver: zodResolver(PayWithCardBodySchema),
    defaultValues: { cardNumber: '', expiry: '', cvc: '', nameOnCard: order.name },
    mode: 'onTouched',
  });
  const { failure, fail, clear, setFailure } = useSubmitFailure(form.setError, FIELDS, OUTCOME);
  const { errors, isValid } = form.formState;
  const cardNumber = form.register('cardNumber');
  const expiry = form.register('expiry');

  const onSubmit = form.handleSubmit((card) => {
    pay.mutate(card, {
      onSuccess: (result) => {
        clear();
        onPaid(result);
      },
      onError: (error) => {
        if (isApiError(error) && error.code === 'order_not_payable') return onNotPayable(error);
        if (isApiError(error) && error.code === 'card_declined') {
          // The store's sentence already says no money was taken.
          setFailure({ message: error.detail, canRetry: false, outcomeUnknown: false });
          // Another card is needed: clear this one and start there.
          form.resetField('cardNumber');
          form.resetField('cvc');
          form.setFocus('cardNumber');
        } else {
          fail(error);
        }
      },
    });
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={titleId}
      aria-describedby={hintId}
    >
      <h2
        id={titleId}
        className="flex flex-wrap items-center gap-3 text-lg font-bold text-navy-900"
      >
        Card payment <Badge tone="warning">Test mode</Badge>
      </h2>
      <div id={hintId} className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
        <p>No real money moves in test mode. Try these numbers with any future expiry and CVC:</p>
        <ul className="mt-2 space-y-1">
          <li>
            <span className="font-mono font-semibold whitespace-nowrap">4242 4242 4242 4242</span>{' '}
            succeeds
          </li>
          <li>
            <span className="font-mono font-semibold whitespace-nowrap">4000 0000 0000 0002</span>{' '}
            is declined
          </li>
        </ul>
      </div>
      <div className="mt-5 space-y-4">
        <TextField
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          error={errors.cardNumber?.message}
          {...cardNumber}
          onChange={(event) => {
            reformatAtEnd(event.target, formatCardNumber, form.getValues('cardNumber'));
            return cardNumber.onChange(event);
          }}
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label="Expiry (MM/YY)"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={7}
            error={errors.expiry?.message}
            {...expiry}
            onChange={(event) => {
              reformatAtEnd(event.target, formatExpiry, form.getValues('expiry'));
              return expiry.onChange(event);
            }}
          />
          <TextField
            label="CVC"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            error={errors.cvc?.message}
            {...form.register('cvc')}
          />
        </div>
        <TextField
          label="Name on card"
          autoComplete="cc-name"
          error={errors.nameOnCard?.message}
          {...form.register('nameOnCard')}
        />
        <SubmitError failure={failure} onRetry={onSubmit} isRetrying={pay.isPending} />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={!isValid}
          isPending={pay.isPending}
        >
          Pay {formatMoney(order.totalAmount, order.currency)}
        </Button>
        {!isValid && !pay.isPending && (
          <p className="text-center text-sm text-stone-600">Fill in every card field to pay.</p>
        )}
      </div>
    </form>
  );
}
