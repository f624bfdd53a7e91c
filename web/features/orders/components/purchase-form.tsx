import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  CreateOrderBodySchema,
  MAX_ORDER_UNITS,
  type Order,
  unpaidShareCap,
} from '../../../../contract/orders.ts';
import type { Tool } from '../../../../contract/tools.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormError, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { errorMessage, isApiError } from '../../../lib/api-error.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useMoney, useStoreConfig } from '../../../lib/store-config.ts';
import { usePlaceOrder } from '../api/order-mutations.ts';

/**
 * The most one customer can order now: the stock, and at most their share of it unpaid (the
 * server also counts what they already hold, and says so if that is less).
 */
function orderableUnits(tool: Tool, sharePercent: number | undefined): number {
  const share =
    sharePercent === undefined
      ? tool.quantity
      : unpaidShareCap({
          onHand: tool.quantity,
          heldUnits: 0,
          minimumOrder: tool.minimumOrder,
          sharePercent,
        });
  return Math.min(tool.quantity, share, MAX_ORDER_UNITS);
}

/** The contract's order body, with this tool's own bounds on the quantity. */
function purchaseSchema(tool: Tool, max: number) {
  return CreateOrderBodySchema.omit({ toolId: true }).extend({
    orderedNum: z
      .int({ error: 'Enter a whole number of units.' })
      .min(tool.minimumOrder, {
        error: `Order at least ${formatNumber(tool.minimumOrder)} units (the minimum order).`,
      })
      .max(max, {
        error:
          max < tool.quantity
            ? `One customer can hold at most ${formatNumber(max)} units of this tool unpaid; order at most that, and more once it is paid.`
            : `Only ${formatNumber(max)} units are available; order at most that.`,
      }),
  });
}
type PurchaseValues = z.infer<ReturnType<typeof purchaseSchema>>;

const FIELDS = ['orderedNum', 'phone', 'address'] as const;

export function PurchaseForm({
  tool,
  customer,
  canOrder = true,
  onPlaced,
}: {
  tool: Tool;
  customer: { name: string; email: string };
  /** False while the customer cannot order yet (an unconfirmed email): the form stays disabled. */
  canOrder?: boolean;
  onPlaced: (order: Order) => void;
}) {
  const money = useMoney();
  const sharePercent = useStoreConfig()?.unpaid.stockSharePercent;
  const max = orderableUnits(tool, sharePercent);
  const schema = useMemo(() => purchaseSchema(tool, max), [tool, max]);
  const placeOrder = usePlaceOrder();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PurchaseValues>({
    resolver: zodResolver(schema),
    defaultValues: { phone: '', address: '', orderedNum: Number.NaN },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const quantity = form.watch('orderedNum');
  const isOutOfStock = tool.quantity < tool.minimumOrder;

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    placeOrder.mutate(
      { email: customer.email, body: { toolId: tool._id, ...values } },
      {
        onSuccess: onPlaced,
        onError: (error) => {
          if (applyServerErrors(error, form.setError, FIELDS)) return;
          if (isApiError(error) && error.code === 'out_of_stock') {
            form.setError(
              'orderedNum',
              { type: 'server', message: error.detail },
              { shouldFocus: true },
            );
          }
          setFormError(`${errorMessage(error)}${isApiError(error) ? ` (${error.code})` : ''}`);
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-describedby="purchase-note">
      <fieldset disabled={!canOrder} className="space-y-5">
        <p id="purchase-note" className="text-sm text-stone-600">
          Name and email come from your account.
        </p>
        <div className="grid gap-5">
          <TextField label="Name" value={customer.name} readOnly />
          <TextField label="Email" type="email" value={customer.email} readOnly />
        </div>
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          placeholder="e.g. +1 555 010 2000"
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
          label="Quantity (units)"
          type="number"
          inputMode="numeric"
          min={tool.minimumOrder}
          max={max}
          step={1}
          placeholder={String(tool.minimumOrder)}
          hint={
            max < tool.quantity
              ? `Between ${formatNumber(tool.minimumOrder)} and ${formatNumber(max)} units: one customer can hold at most ${sharePercent}% of the stock unpaid.`
              : `Between ${formatNumber(tool.minimumOrder)} and ${formatNumber(tool.quantity)} units.`
          }
          error={errors.orderedNum?.message}
          disabled={isOutOfStock}
          {...form.register('orderedNum', {
            valueAsNumber: true,
            onChange: () => void form.trigger('orderedNum'),
          })}
        />
        <div className="flex items-baseline justify-between rounded-lg bg-stone-100 px-4 py-3">
          <span className="text-sm font-medium text-stone-700">Order total</span>
          <output className="text-xl font-bold text-navy-900" aria-live="polite">
            {Number.isInteger(quantity) && quantity > 0 ? money(quantity * tool.price) : '—'}
          </output>
        </div>
        <FormError>
          {isOutOfStock
            ? 'This tool is out of stock right now. Please check back soon.'
            : formError}
        </FormError>
        <Button
          type="submit"
          size="lg"
          className="w-full"
          isPending={placeOrder.isPending}
          disabled={isOutOfStock}
        >
          Proceed to order
        </Button>
      </fieldset>
    </form>
  );
}
