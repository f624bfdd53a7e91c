import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type Order, ShipOrderBodySchema } from '#contract/orders.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { SubmitError, TextField } from '#web/components/ui/field.tsx';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import { emptyAsMissing } from '#web/lib/form-values.ts';
import { formatOrderContents } from '#web/lib/format.ts';
import { useShipOrder } from '../api/order-mutations.ts';

/** The contract's shipment details, both optional: an empty field is left out. */
const ShipmentSchema = z.object({
  carrier: z.preprocess(emptyAsMissing, ShipOrderBodySchema.shape.carrier),
  trackingNumber: z.preprocess(emptyAsMissing, ShipOrderBodySchema.shape.trackingNumber),
});
type ShipmentInput = z.input<typeof ShipmentSchema>;
type ShipmentValues = z.output<typeof ShipmentSchema>;

const FIELDS = ['carrier', 'trackingNumber'] as const;
const OUTCOME = {
  notDone: 'The order was not marked shipped.',
  unknown:
    'We cannot tell whether the order was marked shipped: look at its status before trying again.',
};

/** Marks a paid order shipped, with the carrier and tracking number the customer will be told. */
export function ShipOrderDialog({
  order,
  onClose,
  onShipped,
}: {
  order: Order | null;
  onClose: () => void;
  onShipped: (order: Order) => void;
}) {
  return (
    <Dialog
      open={order !== null}
      onClose={onClose}
      title={order ? `Ship order ${order.number}` : 'Ship order'}
    >
      {order && (
        <ShipOrderForm key={order._id} order={order} onCancel={onClose} onShipped={onShipped} />
      )}
    </Dialog>
  );
}

function ShipOrderForm({
  order,
  onCancel,
  onShipped,
}: {
  order: Order;
  onCancel: () => void;
  onShipped: (order: Order) => void;
}) {
  const shipOrder = useShipOrder();
  const form = useForm<ShipmentInput, unknown, ShipmentValues>({
    resolver: zodResolver(ShipmentSchema),
    defaultValues: { carrier: '', trackingNumber: '' },
    mode: 'onTouched',
  });
  const { failure, fail, clear } = useSubmitFailure(form.setError, FIELDS, OUTCOME);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((shipment) => {
    shipOrder.mutate(
      { order, shipment },
      {
        onSuccess: (shipped) => {
          clear();
          onShipped(shipped);
        },
        onError: fail,
      },
    );
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4">
      <p className="text-sm text-stone-700">
        {formatOrderContents(order)} for {order.name}, to{' '}
        <span className="whitespace-pre-line break-words">{order.address}</span>. The customer is
        emailed with what you enter here.
      </p>
      <TextField
        label="Carrier (optional)"
        autoComplete="off"
        placeholder="e.g. DHL Express"
        error={errors.carrier?.message}
        {...form.register('carrier')}
      />
      <TextField
        label="Tracking number (optional)"
        autoComplete="off"
        error={errors.trackingNumber?.message}
        {...form.register('trackingNumber')}
      />
      <SubmitError failure={failure} onRetry={onSubmit} isRetrying={shipOrder.isPending} />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onCancel} disabled={shipOrder.isPending}>
          Close
        </Button>
        <Button type="submit" variant="secondary" isPending={shipOrder.isPending}>
          Mark shipped
        </Button>
      </div>
    </form>
  );
}
