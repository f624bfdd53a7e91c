import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Tool, UpdateToolBody } from '../../../../contract/tools.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormError, SubmitError, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { useSubmitFailure } from '../../../lib/form-errors.ts';
import { formatNumber, fromMinorUnits } from '../../../lib/format.ts';
import { useCurrency } from '../../../lib/store-config.ts';
import { useUpdateTool } from '../api/tool-mutations.ts';
import {
  type EditToolFormInput,
  type EditToolFormOutput,
  editToolFormSchema,
  PRICE_TIER_FIELDS,
} from '../utils/tool-form-schema.ts';
import { PriceTiersEditor } from './price-tiers-editor.tsx';

const OUTCOME = {
  notDone: 'Nothing was changed.',
  unknown:
    'We cannot tell whether your changes were saved: check the tool before saving again (a restock would add its units twice).',
};
const FIELDS = [
  'name',
  'img',
  'description',
  'minimumOrder',
  'price',
  'restock',
  ...PRICE_TIER_FIELDS,
] as const;

/** Only what changed goes to PATCH /api/tools/{id}; restock adds units on the server. */
function changesOf(tool: Tool, values: EditToolFormOutput): UpdateToolBody {
  const body: UpdateToolBody = {};
  if (values.name !== tool.name) body.name = values.name;
  if (values.img !== tool.img) body.img = values.img;
  if (values.description !== tool.description) body.description = values.description;
  if (values.minimumOrder !== tool.minimumOrder) body.minimumOrder = values.minimumOrder;
  if (values.price !== tool.price) body.price = values.price;
  if (JSON.stringify(values.priceTiers) !== JSON.stringify(tool.priceTiers))
    body.priceTiers = values.priceTiers;
  if (values.restock) body.restock = values.restock;
  return body;
}

export function EditToolDialog({
  tool,
  onClose,
  onSaved,
}: {
  tool: Tool | null;
  onClose: () => void;
  onSaved: (tool: Tool) => void;
}) {
  return (
    <Dialog
      open={tool !== null}
      onClose={onClose}
      title={tool ? `Edit ${tool.name}` : 'Edit tool'}
      size="lg"
    >
      {tool && <EditToolForm key={tool._id} tool={tool} onCancel={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function EditToolForm({
  tool,
  onCancel,
  onSaved,
}: {
  tool: Tool;
  onCancel: () => void;
  onSaved: (tool: Tool) => void;
}) {
  const currency = useCurrency();
  const schema = useMemo(() => editToolFormSchema(currency), [currency]);
  const updateTool = useUpdateTool();
  const form = useForm<EditToolFormInput, unknown, EditToolFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: tool.name,
      img: tool.img,
      description: tool.description,
      minimumOrder: tool.minimumOrder,
      price: fromMinorUnits(tool.price, currency),
      priceTiers: tool.priceTiers.map((tier) => ({
        minQuantity: tier.minQuantity,
        price: fromMinorUnits(tier.price, currency),
      })),
      restock: '',
    },
    mode: 'onTouched',
  });
  const [notice, setNotice] = useState<string | null>(null);
  const { failure, fail, clear } = useSubmitFailure(form.setError, FIELDS, OUTCOME);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    setNotice(null);
    const body = changesOf(tool, values);
    if (Object.keys(body).length === 0) {
      setNotice('Nothing has changed yet.');
      return;
    }
    updateTool.mutate(
      { id: tool._id, body },
      {
        onSuccess: (saved) => {
          clear();
          onSaved(saved);
        },
        onError: (error) => {
          fail(error);
        },
      },
    );
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Product name"
        className="sm:col-span-2"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextField
        label="Image link"
        className="sm:col-span-2"
        error={errors.img?.message}
        {...form.register('img')}
      />
      <TextAreaField
        label="Description"
        className="sm:col-span-2"
        rows={4}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <TextField
        label="Minimum order"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        error={errors.minimumOrder?.message}
        {...form.register('minimumOrder', { valueAsNumber: true })}
      />
      <TextField
        label={`Price per unit (${currency})`}
        inputMode="decimal"
        error={errors.price?.message}
        {...form.register('price')}
      />
      <PriceTiersEditor
        control={form.control}
        register={form.register}
        errors={errors}
        currency={currency}
      />
      <TextField
        label="Restock: units to add"
        className="sm:col-span-2"
        inputMode="numeric"
        placeholder="0"
        hint={`In stock now: ${formatNumber(tool.quantity)} units. Leave empty to keep it.`}
        error={errors.restock?.message}
        {...form.register('restock')}
      />
      <div className="flex flex-col gap-4 sm:col-span-2">
        <FormError>{notice}</FormError>
        <SubmitError failure={failure} onRetry={onSubmit} isRetrying={updateTool.isPending} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="outline" onClick={onCancel} disabled={updateTool.isPending}>
            Close
          </Button>
          <Button type="submit" variant="secondary" isPending={updateTool.isPending}>
            Save changes
          </Button>
        </div>
      </div>
    </form>
  );
}
