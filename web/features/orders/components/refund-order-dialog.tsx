import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatMoney, fractionDigits, toMinorUnits } from '#contract/money.ts';
import { NoteRefundBodySchema } from '#contract/order-refunds.ts';
import type { Order } from '#contract/orders.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { SubmitError, TextAreaField, TextField } from '#web/components/ui/field.tsx';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import { useNoteRefund } from '../api/order-mutations.ts';

const FIELDS = ['amount', 'note'] as const;
const OUTCOME = {
  notDone: 'Nothing was refunded.',
  unknown: 'We cannot tell whether the refund went through: look at the order before trying again.',
};

/** The amount typed in currency units ("12.50"), at most what is left to refund, and a note. */
function refundSchema(order: Order) {
  const left = order.totalAmount - order.refundedAmount;
  const example = fractionDigits(order.currency) > 0 ? '12.50' : '1250';
  return z.object({
    amount: z.string().transform((value, context) => {
      const minor = toMinorUnits(value, order.currency);
      if (minor === undefined || minor === 0) {
        context.addIssue({ code: 'custom', message: `Enter an amount such as ${example}.` });
        return z.NEVER;
      }
      if (minor > left) {
        context.addIssue({
          code: 'custom',
          message: `At most ${formatMoney(left, order.currency)} is left to refund.`,
        });
        return z.NEVER;
      }
      return minor;
    }),
    note: NoteRefundBodySchema.shape.note,
  });
}
type RefundInput = { amount: string; note: string };
type RefundValues = { amount: number; note: string };

/** Refunds a paid or shipped order, back the way it was paid: how much, and why. */
export function RefundOrderDialog({
  order,
  onClose,
  onNoted,
}: {
  order: Order | null;
  onClose: () => void;
  onNoted: (order: Order) => void;
}) {
  return (
    <Dialog
      open={order !== null}
      onClose={onClose}
      title={order ? `Refund order ${order.number}` : 'Refund an order'}
    >
      {order && <RefundForm key={order._id} order={order} onCancel={onClose} onNoted={onNoted} />}
    </Dialog>
  );
}

function RefundForm({
  order,
  onCancel,
  onNoted,
}: {
  order: Order;
  onCancel: () => void;
  onNoted: (order: Order) => void;
}) {
  const noteRefund = useNoteRefund();
  const form = useForm<RefundInput, unknown, RefundValues>({
    resolver: zodResolver(refundSchema(order)),
    defaultValues: { amount: '', note: '' },
    mode: 'onTouched',
  });
  const { failure, fail, clear } = useSubmitFailure(form.setError, FIELDS, OUTCOME);
  const { errors } = form.formState;
  const left = order.totalAmount - order.refundedAmount;

  const onSubmit = form.handleSubmit((refund) => {
    noteRefund.mutate(
      { order, refund },
      {
        onSuccess: (noted) => {
          clear();
          onNoted(noted);
        },
        onError: fail,
      },
    );
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4">
      <p className="text-sm text-stone-700">
        The order came to {formatMoney(order.totalAmount, order.currency)}
        {order.refundedAmount > 0 &&
          `, of which ${formatMoney(order.refundedAmount, order.currency)} is already refunded or on its way back`}
        ; {formatMoney(left, order.currency)} is left to refund. The money goes back the way the
        order was paid (a card through the payment provider); an order paid outside the store you
        refund yourself, and this records it.
      </p>
      <TextField
        label={`Amount (${order.currency})`}
        inputMode="decimal"
        autoComplete="off"
        hint={`At most ${formatMoney(left, order.currency)}.`}
        error={errors.amount?.message}
        {...form.register('amount')}
      />
      <TextAreaField
        label="Note"
        hint="Why it is refunded. The customer sees it on their order."
        rows={3}
        error={errors.note?.message}
        {...form.register('note')}
      />
      <SubmitError failure={failure} onRetry={onSubmit} isRetrying={noteRefund.isPending} />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onCancel} disabled={noteRefund.isPending}>
          Close
        </Button>
        <Button type="submit" variant="secondary" isPending={noteRefund.isPending}>
          Refund
        </Button>
      </div>
    </form>
  );
}
