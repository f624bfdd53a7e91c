import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatCount } from '#contract/format.ts';
import { formatMoney, fractionDigits, toMinorUnits } from '#contract/money.ts';
import { type NoteRefundBody, NoteRefundBodySchema } from '#contract/order-refunds.ts';
import type { Order } from '#contract/orders.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { SubmitError, TextAreaField, TextField } from '#web/components/ui/field.tsx';
import { explainReusedAttempt, useSubmitFailure } from '#web/lib/form-errors.ts';
import { useAttemptKey } from '#web/lib/idempotency-key.ts';
import { useNoteRefund } from '../api/order-mutations.ts';

const FIELDS = ['amount', 'note'] as const;
const OUTCOME = {
  notDone: 'Nothing was refunded.',
  unknown:
    'We cannot tell whether the refund went through. Try again: if it did, you will see that refund, not a second one.',
};

/** The store's refusal of a refund said for the admin (an earlier try's refund included). */
const explainRefundRefusal = explainReusedAttempt(
  "Your earlier try made a refund, with the details as they were before your change: it is in the order's refunds. Nothing was refunded now; refund again only if you want a second refund.",
);

/** Units of each line not yet refunded (refunds that failed give theirs back), by tool. */
function unitsLeftToRefund(order: Order): Map<string, number> {
  const left = new Map(order.lines.map((line) => [line.toolId, line.quantity]));
  for (const refund of order.refunds) {
    if (refund.status === 'failed') continue;
    for (const line of refund.lines) {
      left.set(line.toolId, (left.get(line.toolId) ?? 0) - line.quantity);
    }
  }
  return left;
}

/**
 * By lines (units of each, "0" for none, at most what is left of it) or an amount typed in
 * currency units ("12.50", at most what is left to refund), and a note.
 */
function refundSchema(order: Order) {
  const left = order.totalAmount - order.refundedAmount;
  const unitsLeft = unitsLeftToRefund(order);
  const example = fractionDigits(order.currency) > 0 ? '12.50' : '1250';
  return z
    .object({
      by: z.enum(['lines', 'amount']),
      amount: z.string(),
      units: z.array(z.string()),
      returnToStock: z.boolean(),
      note: NoteRefundBodySchema.shape.note,
    })
    .transform((input, context): NoteRefundBody => {
      const note = input.note;
      if (input.by === 'amount') {
        const minor = toMinorUnits(input.amount, order.currency);
        if (minor === undefined || minor === 0) {
          context.addIssue({
            code: 'custom',
            path: ['amount'],
            message: `Enter an amount such as ${example}.`,
          });
          return z.NEVER;
        }
        if (minor > left) {
          context.addIssue({
            code: 'custom',
            path: ['amount'],
            message: `At most ${formatMoney(left, order.currency)} is left to refund.`,
          });
          return z.NEVER;
        }
        return { amount: minor, note, returnToStock: false };
      }
      const lines: { toolId: string; quantity: number }[] = [];
      for (const [index, line] of order.lines.entries()) {
        const typed = (input.units[index] ?? '').trim() || '0';
        const quantity = /^\d{1,9}$/.test(typed) ? Number(typed) : Number.NaN;
        const most = unitsLeft.get(line.toolId) ?? 0;
        if (!Number.isInteger(quantity) || quantity > most) {
          context.addIssue({
            code: 'custom',
            path: ['units', index],
            message: `Enter a whole number from 0 to ${formatCount(most)}.`,
          });
        } else if (quantity > 0) lines.push({ toolId: line.toolId, quantity });
      }
      if (lines.length === 0 && !context.issues.length) {
        context.addIssue({
          code: 'custom',
          path: ['amount'],
          message: 'Enter the units of at least one line.',
        });
      }
      if (context.issues.length) return z.NEVER;
      return { lines, note, returnToStock: input.returnToStock };
    });
}
type RefundInput = {
  by: 'lines' | 'amount';
  amount: string;
  units: string[];
  returnToStock: boolean;
  note: string;
};

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
  const form = useForm<RefundInput, unknown, NoteRefundBody>({
    resolver: zodResolver(refundSchema(order)),
    defaultValues: {
      by: 'lines',
      amount: '',
      units: order.lines.map(() => '0'),
      returnToStock: false,
      note: '',
    },
    mode: 'onTouched',
  });
  const { failure, fail, clear } = useSubmitFailure(
    form.setError,
    FIELDS,
    OUTCOME,
    explainRefundRefusal,
  );
  const { errors } = form.formState;
  const left = order.totalAmount - order.refundedAmount;
  const unitsLeft = unitsLeftToRefund(order);
  const by = form.watch('by');
  const units = form.watch('units');
  const byLinesAmount = order.lines.reduce((sum, line, index) => {
    const typed = Number(units[index] ?? '0');
    return Number.isInteger(typed) && typed > 0 ? sum + typed * line.unitPrice : sum;
  }, 0);

  // One key per refund meant: sent again after an answer that never came, a provider that did
  // not answer (the store's 502: the refund is kept pending) or a second press, it returns or
  // sends again the refund the first try made; after any answer, the next try is a refund of its
  // own.
  const attemptKey = useAttemptKey();
  const onSubmit = form.handleSubmit((refund) => {
    noteRefund.mutate(
      { order, refund, idempotencyKey: attemptKey.current() },
      {
        onSuccess: (noted) => {
          attemptKey.settle();
          clear();
          onNoted(noted);
        },
        onError: (error) => {
          attemptKey.settle(error);
          fail(error);
        },
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
        refund yourself, and this records it. A credit note is issued once the money is back.
      </p>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold text-stone-800">Refund</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" value="lines" className="size-4" {...form.register('by')} />
          Units of its lines, at the prices paid
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" value="amount" className="size-4" {...form.register('by')} />
          An amount
        </label>
      </fieldset>
      {by === 'lines' ? (
        <div className="grid gap-3">
          {order.lines.map((line, index) => (
            <TextField
              key={line.toolId}
              label={`${line.productName} (${line.sku})`}
              inputMode="numeric"
              autoComplete="off"
              hint={`${formatCount(unitsLeft.get(line.toolId) ?? 0)} of ${formatCount(line.quantity)} left to refund, ${formatMoney(line.unitPrice, order.currency)} each.`}
              error={errors.units?.[index]?.message}
              {...form.register(`units.${index}`)}
            />
          ))}
          <label className="flex items-center gap-2 text-sm text-stone-800">
            <input type="checkbox" className="size-4" {...form.register('returnToStock')} />
            Return to stock: the units came back and can be sold again
          </label>
          <p className="text-sm text-stone-700" aria-live="polite">
            Refund comes to {formatMoney(byLinesAmount, order.currency)}.
          </p>
          {errors.amount?.message && (
            <p className="text-sm font-medium text-red-700">{errors.amount.message}</p>
          )}
        </div>
      ) : (
        <TextField
          label={`Amount (${order.currency})`}
          inputMode="decimal"
          autoComplete="off"
          hint={`At most ${formatMoney(left, order.currency)}.`}
          error={errors.amount?.message}
          {...form.register('amount')}
        />
      )}
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
