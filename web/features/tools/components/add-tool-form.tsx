import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import type { Path } from 'react-hook-form';
import { type DefaultValues, useForm } from 'react-hook-form';
import type { Category } from '#contract/categories.ts';
import { specificationsOf } from '#contract/category-tree.ts';
import type { Tool, ToolConfirmation } from '#contract/tools.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SubmitError } from '#web/components/ui/field.tsx';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import { useCurrency } from '#web/lib/store-config.ts';
import { useCreateTool } from '../api/tool-mutations.ts';
import { specFieldNames, specsFromForm } from '../utils/spec-values.ts';
import {
  type CreateToolFormInput,
  type CreateToolFormOutput,
  createToolFormSchema,
  TOOL_FORM_FIELDS,
} from '../utils/tool-form-schema.ts';
import { ToolConfirmationPrompt, useToolConfirmation } from './tool-confirmation.tsx';
import { ToolFields } from './tool-fields.tsx';

/**
 * A clean form. The number fields have no value at all: NaN would be written into the inputs,
 * which browsers refuse with a console warning.
 */
const EMPTY: DefaultValues<CreateToolFormInput> = {
  sku: '',
  brand: '',
  mpn: '',
  gtin: '',
  categoryId: '',
  name: '',
  img: '',
  description: '',
  orderIncrement: 1,
  maxPerOrder: '',
  weightGrams: 0,
  price: '',
  priceTiers: [],
  gallery: [],
  documents: [],
  related: [],
};

const OUTCOME = {
  notDone: 'The tool was not added.',
  unknown:
    'We cannot tell whether the tool was added: look for it in Manage tools before adding it again.',
};

export function AddToolForm({
  onAdded,
  categories,
}: {
  onAdded: (tool: Tool) => void;
  /** Where a tool may be put (GET /api/categories). */
  categories: readonly Category[];
}) {
  const currency = useCurrency();
  const schema = useMemo(() => createToolFormSchema(currency), [currency]);
  const createTool = useCreateTool();
  const form = useForm<CreateToolFormInput, unknown, CreateToolFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const fields = useMemo(
    () => [...TOOL_FORM_FIELDS, ...specFieldNames(categories)] as Path<CreateToolFormInput>[],
    [categories],
  );
  const { failure, fail, clear } = useSubmitFailure(form.setError, fields, OUTCOME);
  const confirmation = useToolConfirmation();

  const send = (confirm?: ToolConfirmation[]) =>
    form.handleSubmit(({ specs: typed, ...fields }) => {
      if (!confirm) confirmation.dismiss();
      const attributes = specificationsOf(categories, fields.categoryId ?? null);
      const { specs, problems } = specsFromForm(typed, attributes);
      for (const { key, message } of problems) {
        form.setError(`specs.${key}`, { type: 'manual', message });
      }
      if (problems.length > 0) return;
      const body = { ...fields, specs };
      createTool.mutate(confirm ? { ...body, confirm } : body, {
        onSuccess: (tool) => {
          clear();
          confirmation.dismiss();
          // To the defaults; the browser's own form reset empties the number fields.
          form.reset();
          onAdded(tool);
        },
        onError: (error) => {
          if (confirmation.askIfNeeded(error)) clear();
          else fail(error);
        },
      });
    });
  const onSubmit = send();

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2">
      <ToolFields
        control={form.control}
        register={form.register}
        errors={form.formState.errors}
        currency={currency}
        isNew
        categories={categories}
      />
      <div className="flex flex-col gap-4 sm:col-span-2">
        <ToolConfirmationPrompt
          pending={confirmation.pending}
          actionLabel="Add it anyway"
          onConfirm={(confirm) => send(confirm)()}
          isPending={createTool.isPending}
        />
        <SubmitError failure={failure} onRetry={onSubmit} isRetrying={createTool.isPending} />
        <Button type="submit" size="lg" isPending={createTool.isPending} className="sm:self-start">
          Add
        </Button>
      </div>
    </form>
  );
}
