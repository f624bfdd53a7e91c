import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { RejectOrderBodySchema } from '#contract/order-approvals.ts';
import type { Order } from '#contract/orders.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { SubmitError, TextAreaField } from '#web/components/ui/field.tsx';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import { useRejectOrder } from '../api/order-mutations.ts';

const FIELDS = ['reason'] as const;
const OUTCOME = {
  notDone: 'The order was not rejected.',
  unknown: 'We cannot tell whether the order was rejected: look at the order before trying again.',
};

/** Rejects an order waiting for approval, with the reason its buyer reads. */
export function RejectOrderDialog({
  order,
  onClose,
  onRejected,
}: {
  order: Order | null;
  onClose: () => void;
  onRejected: (order: Order) => void;
}) {
  return (
    <Dialog
      open={order !== null}
      onClose={onClose}
      title={order ? `Reject order ${order.number}` : 'Reject order'}
    >
      {order && (
        <RejectForm key={order._id} order={order} onCancel={onClose} onRejected={onRejected} />
      )}
    </Dialog>
  );
}

function RejectForm({
  order,
  onCancel,
  onRejected,
}: {
  order: Order;
  onCancel: () => void;
  onRejected: (order: Order) => void;
}) {
  const reject = useRejectOrder();
  const form = useForm<{ reason: string }>({
    resolver: zodResolver(RejectOrderBodySchema),
    defaultValues: { reason: '' },
    mode: 'onTouched',
  });
  const { failure, fail, clear } = useSubmitFailure(form.setError, FIELDS, OUTCOME);

  const onSubmit = form.handleSubmit(({ reason }) => {
    reject.mutate(
      { order, reason },
      {
        onSuccess: (rejected) => {
          clear();
          onRejected(rejected);
        },
        onError: fail,
      },
    );
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4">
      <p className="text-sm text-stone-700">
        {order.name}'s order is cancelled and its stock released. They are emailed your reason.
      </p>
      <TextAreaField
        label="Reason"
        hint="What the buyer should do instead, if anything."
        rows={3}
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
      <SubmitError failure={failure} onRetry={onSubmit} isRetrying={reject.isPending} />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onCancel} disabled={reject.isPending}>
          Close
        </Button>
        <Button type="submit" variant="danger" isPending={reject.isPending}>
          Reject order
        </Button>
      </div>
    </form>
  );
}
