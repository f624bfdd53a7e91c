import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { Tool } from '../../../../contract/tools.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SubmitError, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { useSubmitFailure } from '../../../lib/form-errors.ts';
import { useCurrency } from '../../../lib/store-config.ts';
import { useCreateTool } from '../api/tool-mutations.ts';
import {
  type CreateToolFormInput,
  type CreateToolFormOutput,
  createToolFormSchema,
  PRICE_TIER_FIELDS,
} from '../utils/tool-form-schema.ts';
import { PriceTiersEditor } from './price-tiers-editor.tsx';

const EMPTY: CreateToolFormInput = {
  name: '',
  img: '',
  description: '',
  quantity: Number.NaN,
  minimumOrder: Number.NaN,
  price: '',
  priceTiers: [],
};

const OUTCOME = {
  notDone: 'The tool was not added.',
  unknown:
    'We cannot tell whether the tool was added: look for it in Manage products before adding it again.',
};
const FIELDS = [
  'name',
  'img',
  'description',
  'quantity',
  'minimumOrder',
  'price',
  ...PRICE_TIER_FIELDS,
] as const;

export function AddToolForm({ onAdded }: { onAdded: (tool: Tool) => void }) {
  const currency = useCurrency();
  const schema = useMemo(() => createToolFormSchema(currency), [currency]);
  const createTool = useCreateTool();
  const form = useForm<CreateToolFormInput, unknown, CreateToolFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const { failure, fail, clear } = useSubmitFailure(form.setError, FIELDS, OUTCOME);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) => {
    createTool.mutate(body, {
      onSuccess: (tool) => {
        clear();
        form.reset(EMPTY);
        onAdded(tool);
      },
      onError: (error) => {
        fail(error);
      },
    });
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2">
      <TextField
        label="Product name"
        className="sm:col-span-2"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextField
        label="Image link"
        className="sm:col-span-2"
        inputMode="url"
        placeholder="https://… or /images/…"
        hint="An https:// link, or a path on this site such as /images/tools/claw-hammer-450g.svg."
        error={errors.img?.message}
        {...form.register('img')}
      />
      <TextAreaField
        label="Description"
        className="sm:col-span-2"
        rows={5}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <TextField
        label="Quantity in stock"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        error={errors.quantity?.message}
        {...form.register('quantity', { valueAsNumber: true })}
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
        placeholder="12.50"
        error={errors.price?.message}
        {...form.register('price')}
      />
      <PriceTiersEditor
        control={form.control}
        register={form.register}
        errors={errors}
        currency={currency}
      />
      <div className="flex flex-col gap-4 sm:col-span-2">
        <SubmitError failure={failure} onRetry={onSubmit} isRetrying={createTool.isPending} />
        <Button type="submit" size="lg" isPending={createTool.isPending} className="sm:self-start">
          Add
        </Button>
      </div>
    </form>
  );
}
