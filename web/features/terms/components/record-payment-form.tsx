import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatMoney, fractionDigits, toMinorUnits } from '#contract/money.ts';
import { latestToday, RecordPaymentBodySchema } from '#contract/payment-terms.ts';
import { TextField } from '#web/components/ui/field.tsx';
import { FormPanel } from '#web/components/ui/form-panel.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import { useRecordPayment } from '../api/terms.ts';

const FIELDS = ['amount', 'receivedOn', 'reference'] as const;
const OUTCOME = {
  notDone: 'No payment was recorded.',
  unknown:
    'We cannot tell whether the payment was recorded: look at the payments before trying again.',
};

/** The amount typed in currency units, at most what is left; the day it arrived; its reference. */
function paymentSchema(left: number, currency: string) {
  const example = fractionDigits(currency) > 0 ? '150.00' : '15000';
  return z.object({
    amount: z.string().transform((value, context) => {
      const minor = toMinorUnits(value, currency);
      if (minor === undefined || minor === 0) {
        context.addIssue({ code: 'custom', message: `Enter an amount such as ${example}.` });
        return z.NEVER;
      }
      if (minor > left) {
        context.addIssue({
          code: 'custom',
          message: `At most ${formatMoney(left, currency)} is left to pay.`,
        });
        return z.NEVER;
      }
      return minor;
    }),
    receivedOn: RecordPaymentBodySchema.shape.receivedOn,
    reference: RecordPaymentBodySchema.shape.reference,
  });
}
type PaymentInput = { amount: string; receivedOn: string; reference: string };
type PaymentValues = { amount: number; receivedOn: string; reference: string };

const today = () => new Date().toISOString().slice(0, 10);

/** An admin records money received for an invoice on account: partial payments add up. */
export function RecordPaymentForm({
  orderId,
  orderNumber,
  left,
  currency,
}: {
  orderId: string;
  orderNumber: string;
  left: number;
  currency: string;
}) {
  const record = useRecordPayment();
  const toast = useToast();
  const form = useForm<PaymentInput, unknown, PaymentValues>({
    resolver: zodResolver(paymentSchema(left, currency)),
    defaultValues: { amount: '', receivedOn: today(), reference: '' },
    mode: 'onTouched',
  });
  const { failure, fail, clear } = useSubmitFailure(form.setError, FIELDS, OUTCOME);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) => {
    record.mutate(
      { orderId, body },
      {
        onSuccess: (balance) => {
          clear();
          form.reset({ amount: '', receivedOn: today(), reference: '' });
          toast.success(
            balance.left === 0
              ? `${formatMoney(body.amount, currency)} is recorded: order ${orderNumber} is paid in full.`
              : `${formatMoney(body.amount, currency)} is recorded; ${formatMoney(balance.left, currency)} is left to pay on order ${orderNumber}.`,
          );
        },
        onError: fail,
      },
    );
  });

  return (
    <FormPanel
      title="Record a payment received"
      headingLevel={3}
      columns={3}
      isCard={false}
      onSubmit={onSubmit}
      submitLabel="Record payment"
      isPending={record.isPending}
      failure={failure}
    >
      <TextField
        label={`Amount (${currency})`}
        inputMode="decimal"
        autoComplete="off"
        hint={`At most ${formatMoney(left, currency)}.`}
        error={errors.amount?.message}
        {...form.register('amount')}
      />
      <TextField
        label="Received on"
        type="date"
        max={latestToday()}
        error={errors.receivedOn?.message}
        {...form.register('receivedOn')}
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
