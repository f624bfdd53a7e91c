import { useFieldArray, useForm } from 'react-hook-form';
import { orderAddressText } from '#contract/addresses.ts';
import type { Order } from '#contract/orders.ts';
import { KNOWN_CARRIERS, type ParcelInput } from '#contract/shipments.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { SubmitError, TextField } from '#web/components/ui/field.tsx';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import { formatOrderContents } from '#web/lib/format.ts';
import { useShipOrder, useUpdateShipments } from '../api/order-mutations.ts';

/** The parcels as typed: every field a string, "no tracking" a tick. */
interface ParcelsForm {
  parcels: { carrier: string; trackingNumber: string }[];
  noTracking: boolean;
}

const FIELDS = ['parcels', 'noTracking'] as const;

const outcomeOf = (isShipped: boolean) =>
  isShipped
    ? {
        notDone: 'The parcels were not changed.',
        unknown: 'We cannot tell whether the parcels were changed: look at the order first.',
      }
    : {
        notDone: 'The order was not marked shipped.',
        unknown:
          'We cannot tell whether the order was marked shipped: look at its status before trying again.',
      };

const EMPTY_PARCEL = { carrier: '', trackingNumber: '' };

/**
 * Ships a paid order in one or more parcels, each with its carrier and tracking number (required
 * unless "no tracking" is ticked); for a shipped order, changes its parcels. The customer is
 * emailed either way, with tracking links for the carriers we know.
 */
export function ShipOrderDialog({
  order,
  onClose,
  onShipped,
}: {
  order: Order | null;
  onClose: () => void;
  onShipped: (order: Order) => void;
}) {
  const isShipped = order?.status === 'shipped';
  const title = isShipped ? 'Parcels of order' : 'Ship order';
  return (
    <Dialog
      open={order !== null}
      onClose={onClose}
      title={order ? `${title} ${order.number}` : title}
    >
      {order && (
        <ShipOrderForm key={order._id} order={order} onCancel={onClose} onShipped={onShipped} />
      )}
    </Dialog>
  );
}

function defaultsOf(order: Order): ParcelsForm {
  const parcels = order.shipments.map((parcel) => ({
    carrier: parcel.carrier ?? '',
    trackingNumber: parcel.trackingNumber ?? '',
  }));
  return {
    parcels: parcels.length > 0 ? parcels : [EMPTY_PARCEL],
    noTracking: order.status === 'shipped' && parcels.some((parcel) => !parcel.trackingNumber),
  };
}

/** The parcels to send, or the first field to fix with its sentence. */
function parcelsOf(
  values: ParcelsForm,
):
  | { parcels: ParcelInput[] }
  | { field: `parcels.${number}.${keyof ParcelInput}`; message: string } {
  const parcels: ParcelInput[] = [];
  for (const [index, parcel] of values.parcels.entries()) {
    const carrier = parcel.carrier.trim();
    const trackingNumber = parcel.trackingNumber.trim();
    if (!carrier && !trackingNumber && values.noTracking) continue;
    if (!carrier) return { field: `parcels.${index}.carrier`, message: 'Say which carrier.' };
    if (!trackingNumber && !values.noTracking) {
      return {
        field: `parcels.${index}.trackingNumber`,
        message: 'Give the tracking number, or tick "no tracking".',
      };
    }
    parcels.push(trackingNumber ? { carrier, trackingNumber } : { carrier });
  }
  return { parcels };
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
  const isShipped = order.status === 'shipped';
  const shipOrder = useShipOrder();
  const updateShipments = useUpdateShipments();
  const saving = isShipped ? updateShipments : shipOrder;
  const form = useForm<ParcelsForm>({ defaultValues: defaultsOf(order) });
  const parcels = useFieldArray({ control: form.control, name: 'parcels' });
  const { failure, fail, clear } = useSubmitFailure(form.setError, FIELDS, outcomeOf(isShipped));
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    clear();
    const checked = parcelsOf(values);
    if ('field' in checked) {
      form.setError(
        checked.field,
        { type: 'required', message: checked.message },
        { shouldFocus: true },
      );
      return;
    }
    const shipment = {
      parcels: checked.parcels,
      ...(values.noTracking ? { noTracking: true } : {}),
    };
    try {
      onShipped(
        isShipped
          ? await updateShipments.mutateAsync({ order, shipment })
          : await shipOrder.mutateAsync({ order, shipment }),
      );
    } catch (error) {
      fail(error);
    }
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4">
      <p className="text-sm text-stone-700">
        {formatOrderContents(order)} for {order.name}, to{' '}
        <span className="whitespace-pre-line break-words">{orderAddressText(order)}</span>. The
        customer is emailed each parcel's tracking number, linked for {KNOWN_CARRIERS.join(', ')}.
      </p>
      {parcels.fields.map((field, index) => (
        <fieldset key={field.id} className="grid gap-3 rounded-md border border-stone-200 p-3">
          <legend className="px-1 text-sm font-semibold text-stone-800">Parcel {index + 1}</legend>
          <TextField
            label={`Parcel ${index + 1}: carrier`}
            autoComplete="off"
            placeholder="e.g. DHL Express"
            error={errors.parcels?.[index]?.carrier?.message}
            {...form.register(`parcels.${index}.carrier`)}
          />
          <TextField
            label={`Parcel ${index + 1}: tracking number`}
            autoComplete="off"
            error={errors.parcels?.[index]?.trackingNumber?.message}
            {...form.register(`parcels.${index}.trackingNumber`)}
          />
          {parcels.fields.length > 1 && (
            <Button
              type="button"
              variant="outline"
              className="justify-self-start"
              onClick={() => parcels.remove(index)}
            >
              Remove parcel {index + 1}
            </Button>
          )}
        </fieldset>
      ))}
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        onClick={() => parcels.append(EMPTY_PARCEL)}
      >
        Add a parcel
      </Button>
      <label className="flex items-start gap-2 text-sm text-stone-800">
        <input type="checkbox" className="mt-0.5 size-4" {...form.register('noTracking')} />
        <span>No tracking: the order travels without tracking numbers</span>
      </label>
      <SubmitError failure={failure} onRetry={onSubmit} isRetrying={saving.isPending} />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onCancel} disabled={saving.isPending}>
          Close
        </Button>
        <Button type="submit" variant="secondary" isPending={saving.isPending}>
          {isShipped ? 'Save parcels' : 'Mark shipped'}
        </Button>
      </div>
    </form>
  );
}
