import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatMoney, fractionDigits, toMinorUnits } from '#contract/money.ts';
import {
  earliestPaymentDay,
  latestToday,
  RecordPaymentBodySchema,
  RecordPayoutBodySchema,
} from '#contract/payment-terms.ts';
import { TextField } from '#web/components/ui/field.tsx';
import { FormPanel } from '#web/components/ui/form-panel.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { explainReusedAttempt, useSubmitFailure } from '#web/lib/form-errors.ts';
import { useAttemptKey } from '#web/lib/idempotency-key.ts';
import { useRecordPayment, useRecordPayout } from '../api/terms.ts';

type Kind = 'received' | 'payout';

/** What each form says: a payment received from the buyer, or money paid back to them. */
const WORDS = {
  received: {
    title: 'Record a payment received',
    dayLabel: 'Received on',
    submit: 'Record payment',
    notDone: 'No payment was recorded.',
    unknown:
      'We cannot tell whether the payment was recorded. Try again: if it was, it stays recorded once, not twice.',
    reused:
      "Your earlier try recorded the payment, with the details as they were before your change: it is in the order's payments. Nothing was recorded now; record it again only if the buyer paid a second time.",
    cap: (most: string) => `At most ${most} is left to pay.`,
  },
  payout: {
    title: 'Record money paid back',
    dayLabel: 'Paid on',
    submit: 'Record payout',
    notDone: 'No payout was recorded.',
    unknown:
      'We cannot tell whether the payout was recorded. Try again: if it was, it stays recorded once, not twice.',
    reused:
      "Your earlier try recorded the payout, with the details as they were before your change: it is in the order's payments. Nothing was recorded now; record it again only if you paid the buyer back a second time.",
    cap: (most: string) => `The store owes the buyer ${most} on this order: pay back at most that.`,
  },
} as const;

/** The store's refusal said for the admin (an earlier try's payment or payout included). */
const EXPLAIN = {
  received: explainReusedAttempt(WORDS.received.reused),
  payout: explainReusedAttempt(WORDS.payout.reused),
};

const FIELDS = {
  received: ['amount', 'receivedOn', 'reference'],
  payout: ['amount', 'paidOn', 'reference'],
} as const;

/** A day the store's rule checks, asked for in words when the date field is left empty. */
const dayGiven = (asked: string, day: z.ZodType<string, string>) =>
  z.string().min(1, { error: asked }).pipe(day);

/**
 * The amount typed in currency units, at most `most`; the day the money moved (the field the API
 * names it by); its reference.
 */
function moneySchema(kind: Kind, most: number, currency: string) {
  const example = fractionDigits(currency) > 0 ? '150.00' : '15000';
  const amount = z.string().transform((value, context) => {
    const minor = toMinorUnits(value, currency);
    if (minor === undefined || minor === 0) {
      context.addIssue({ code: 'custom', message: `Enter an amount such as ${example}.` });
      return z.NEVER;
    }
    if (minor > most) {
      context.addIssue({ code: 'custom', message: WORDS[kind].cap(formatMoney(most, currency)) });
      return z.NEVER;
    }
    return minor;
  });
  // Both days are in the form; only the one the API takes is shown and checked.
  return z.object({
    amount,
    receivedOn:
      kind === 'received'
        ? dayGiven('Enter the day the payment arrived.', RecordPaymentBodySchema.shape.receivedOn)
        : z.string(),
    paidOn:
      kind === 'payout'
        ? dayGiven('Enter the day the money was paid back.', RecordPayoutBodySchema.shape.paidOn)
        : z.string(),
    reference: RecordPaymentBodySchema.shape.reference,
  });
}
type MoneyInput = { amount: string; receivedOn: string; paidOn: string; reference: string };
type MoneyValues = { amount: number; receivedOn: string; paidOn: string; reference: string };

const today = () => new Date().toISOString().slice(0, 10);
const blank = (): MoneyInput => ({
  amount: '',
  receivedOn: today(),
  paidOn: today(),
  reference: '',
});

/**
 * An admin records money that moved for an invoice on account: a payment received (partial
 * payments add up, at most what is left), or a payout of what the buyer paid beyond what is due
 * after credit notes (at most what the store owes them).
 */
export function RecordPaymentForm({
  kind = 'received',
  orderId,
  orderNumber,
  most,
  currency,
  issuedAt,
}: {
  kind?: Kind;
  orderId: string;
  orderNumber: string;
  /** What is left to pay, or for a payout what the store owes the buyer. */
  most: number;
  currency: string;
  /** When the order's invoice was issued: no payment for it arrived earlier. */
  issuedAt: string | undefined;
}) {
  const payment = useRecordPayment();
  const payout = useRecordPayout();
  const record = kind === 'received' ? payment : payout;
  const toast = useToast();
  const words = WORDS[kind];
  const form = useForm<MoneyInput, unknown, MoneyValues>({
    resolver: zodResolver(moneySchema(kind, most, currency)),
    defaultValues: blank(),
    mode: 'onTouched',
  });
  const { failure, fail, clear } = useSubmitFailure(
    form.setError,
    FIELDS[kind],
    words,
    EXPLAIN[kind],
  );
  const { errors } = form.formState;
  const day = kind === 'received' ? 'receivedOn' : 'paidOn';

  // Awaited rather than given callbacks: the form goes once its job is done (paid in full, all
  // paid back), and a mutation's per-call callbacks never run for a form that has gone.
  // One key per movement meant: sent again after an answer that never came (or a second press),
  // it is recorded once; after any answer, the next is a movement of its own.
  const attemptKey = useAttemptKey();
  const onSubmit = form.handleSubmit(async ({ amount, reference, receivedOn, paidOn }) => {
    const key = attemptKey.current();
    let balance: { left: number; owedToBuyer: number };
    try {
      balance =
        kind === 'received'
          ? await payment.mutateAsync({ orderId, body: { amount, receivedOn, reference }, key })
          : await payout.mutateAsync({ orderId, body: { amount, paidOn, reference }, key });
    } catch (error) {
      attemptKey.settle(error);
      fail(error);
      return;
    }
    attemptKey.settle();
    clear();
    form.reset(blank());
    const recorded = `${formatMoney(amount, currency)} is recorded`;
    toast.success(
      kind === 'payout'
        ? balance.owedToBuyer === 0
          ? `${recorded} as paid back: the store owes the buyer nothing more on order ${orderNumber}.`
          : `${recorded} as paid back; the store still owes the buyer ${formatMoney(balance.owedToBuyer, currency)} on order ${orderNumber}.`
        : balance.left === 0
          ? `${recorded}: order ${orderNumber} is paid in full.`
          : `${recorded}; ${formatMoney(balance.left, currency)} is left to pay on order ${orderNumber}.`,
    );
  });

  return (
    <FormPanel
      title={words.title}
      headingLevel={3}
      columns={3}
      isCard={false}
      onSubmit={onSubmit}
      submitLabel={words.submit}
      isPending={record.isPending}
      failure={failure}
    >
      <TextField
        label={`Amount (${currency})`}
        inputMode="decimal"
        autoComplete="off"
        hint={`At most ${formatMoney(most, currency)}.`}
        error={errors.amount?.message}
        {...form.register('amount')}
      />
      <TextField
        key={day}
        label={words.dayLabel}
        type="date"
        min={issuedAt ? earliestPaymentDay(issuedAt) : undefined}
        max={latestToday()}
        error={errors[day]?.message}
        {...form.register(day)}
      />
      <TextField
        label="Reference"
        autoComplete="off"
        hint="As the bank statement says."
        error={errors.reference?.message}
        {...form.register('reference')}
      />
    </FormPanel>
  );
}
