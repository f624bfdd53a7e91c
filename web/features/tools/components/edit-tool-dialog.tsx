import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import type { Category } from '#contract/categories.ts';
import { specificationsOf } from '#contract/category-tree.ts';
import { formatUnits } from '#contract/format.ts';
import { fromMinorUnits } from '#contract/money.ts';
import type { Specs } from '#contract/specifications.ts';
import type { Tool, ToolConfirmation, ToolDetail, UpdateToolBody } from '#contract/tools.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { FormError, SubmitError, TextField } from '#web/components/ui/field.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/state.tsx';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import { useCurrency } from '#web/lib/store-config.ts';
import { useUpdateTool } from '../api/tool-mutations.ts';
import { useFreshTool } from '../api/tools-queries.ts';
import { specFieldNames, specsFromForm, specsToForm } from '../utils/spec-values.ts';
import {
  type EditToolFormInput,
  type EditToolFormOutput,
  editToolFormSchema,
  TOOL_FORM_FIELDS,
} from '../utils/tool-form-schema.ts';
import { ToolConfirmationPrompt, useToolConfirmation } from './tool-confirmation.tsx';
import { ToolFields } from './tool-fields.tsx';

const OUTCOME = {
  notDone: 'Nothing was changed.',
  unknown:
    'We cannot tell whether your changes were saved: check the tool before saving again (a restock would add its units twice).',
};
const FIELDS = [...TOOL_FORM_FIELDS, 'restock'] as const;

/** The same values, whatever the order of their keys. */
const sameSpecs = (a: Specs, b: Specs) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * Only what changed goes to PATCH /api/tools/{id}: the stock as counted when it was changed, or
 * units added on the server (restock) while orders keep taking units.
 */
function changesOf(tool: ToolDetail, values: EditToolFormOutput, specs: Specs): UpdateToolBody {
  const body: UpdateToolBody = {};
  if (!sameSpecs(specs, tool.specs)) body.specs = specs;
  if (values.sku !== tool.sku) body.sku = values.sku;
  if (values.brand !== tool.brand) body.brand = values.brand;
  if ((values.mpn ?? null) !== tool.mpn) body.mpn = values.mpn ?? null;
  if ((values.gtin ?? null) !== tool.gtin) body.gtin = values.gtin ?? null;
  if ((values.categoryId ?? null) !== tool.categoryId) body.categoryId = values.categoryId ?? null;
  if (values.name !== tool.name) body.name = values.name;
  if (values.img !== tool.img) body.img = values.img;
  if (values.description !== tool.description) body.description = values.description;
  if (values.quantity !== tool.quantity) body.quantity = values.quantity;
  if (values.minimumOrder !== tool.minimumOrder) body.minimumOrder = values.minimumOrder;
  if (values.orderIncrement !== tool.orderIncrement) body.orderIncrement = values.orderIncrement;
  if (values.maxPerOrder !== tool.maxPerOrder) body.maxPerOrder = values.maxPerOrder;
  if (values.weightGrams !== tool.weightGrams) body.weightGrams = values.weightGrams;
  if (values.price !== tool.price) body.price = values.price;
  if (JSON.stringify(values.priceTiers) !== JSON.stringify(tool.priceTiers))
    body.priceTiers = values.priceTiers;
  if (values.restock) body.restock = values.restock;
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (!same(values.gallery, tool.gallery)) body.gallery = values.gallery;
  const documents = tool.documents.map(({ size: _size, ...document }) => document);
  if (!same(values.documents, documents)) body.documents = values.documents;
  const related = tool.related.map((entry) => ({ toolId: entry._id, kind: entry.kind }));
  if (!same(values.related, related)) body.related = values.related;
  return body;
}

export function EditToolDialog({
  tool,
  onClose,
  onSaved,
  categories,
}: {
  tool: Tool | null;
  onClose: () => void;
  onSaved: (tool: Tool) => void;
  /** Where a tool may be put (GET /api/categories). */
  categories: readonly Category[];
}) {
  return (
    <Dialog
      open={tool !== null}
      onClose={onClose}
      title={tool ? `Edit ${tool.name}` : 'Edit tool'}
      size="lg"
    >
      {tool && (
        <EditToolLoader
          key={tool._id}
          id={tool._id}
          onCancel={onClose}
          onSaved={onSaved}
          categories={categories}
        />
      )}
    </Dialog>
  );
}

/** The tool as it is now, with its gallery, documents and related tools, then its form. */
function EditToolLoader({
  id,
  ...form
}: {
  id: string;
  onCancel: () => void;
  onSaved: (tool: Tool) => void;
  categories: readonly Category[];
}) {
  const tool = useFreshTool(id);
  if (!tool.data) {
    return tool.isError ? (
      <ErrorState
        error={tool.error}
        title="We could not load this tool"
        onRetry={() => void tool.refetch()}
      />
    ) : (
      <LoadingState label="Loading the tool…" className="py-10" />
    );
  }
  return <EditToolForm tool={tool.data} {...form} />;
}

function EditToolForm({
  tool,
  onCancel,
  onSaved,
  categories,
}: {
  tool: ToolDetail;
  onCancel: () => void;
  onSaved: (tool: Tool) => void;
  categories: readonly Category[];
}) {
  const currency = useCurrency();
  const schema = useMemo(() => editToolFormSchema(currency), [currency]);
  const updateTool = useUpdateTool();
  const form = useForm<EditToolFormInput, unknown, EditToolFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: {
      sku: tool.sku,
      brand: tool.brand,
      mpn: tool.mpn ?? '',
      gtin: tool.gtin ?? '',
      categoryId: tool.categoryId ?? '',
      name: tool.name,
      img: tool.img,
      description: tool.description,
      quantity: tool.quantity,
      minimumOrder: tool.minimumOrder,
      orderIncrement: tool.orderIncrement,
      maxPerOrder: tool.maxPerOrder === null ? '' : String(tool.maxPerOrder),
      weightGrams: tool.weightGrams,
      price: fromMinorUnits(tool.price, currency),
      priceTiers: tool.priceTiers.map((tier) => ({
        minQuantity: tier.minQuantity,
        price: fromMinorUnits(tier.price, currency),
      })),
      restock: '',
      specs: specsToForm(tool.specs),
      gallery: tool.gallery,
      documents: tool.documents,
      related: tool.related.map((entry) => ({
        toolId: entry._id,
        kind: entry.kind,
        name: entry.name,
        sku: entry.sku,
      })),
    },
    mode: 'onTouched',
  });
  const [notice, setNotice] = useState<string | null>(null);
  const fields = useMemo(
    () => [...FIELDS, ...specFieldNames(categories)] as Path<EditToolFormInput>[],
    [categories],
  );
  const { failure, fail, clear } = useSubmitFailure(form.setError, fields, OUTCOME);
  const confirmation = useToolConfirmation();

  const send = (confirm?: ToolConfirmation[]) =>
    form.handleSubmit((values) => {
      setNotice(null);
      if (!confirm) confirmation.dismiss();
      const attributes = specificationsOf(categories, values.categoryId ?? null);
      const { specs, problems } = specsFromForm(values.specs, attributes);
      for (const { key, message } of problems) {
        form.setError(`specs.${key}`, { type: 'manual', message });
      }
      if (problems.length > 0) return;
      const body = changesOf(tool, values, specs);
      if (body.quantity !== undefined && body.restock !== undefined) {
        form.setError('restock', {
          type: 'manual',
          message: 'Set the stock or add units to it, not both: leave this empty.',
        });
        return;
      }
      if (Object.keys(body).length === 0) {
        setNotice('Nothing has changed yet.');
        return;
      }
      updateTool.mutate(
        { id: tool._id, body: confirm ? { ...body, confirm } : body },
        {
          onSuccess: (saved) => {
            clear();
            onSaved(saved);
          },
          onError: (error) => {
            if (confirmation.askIfNeeded(error)) clear();
            else fail(error);
          },
        },
      );
    });
  const onSubmit = send();

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <ToolFields
        control={form.control}
        register={form.register}
        errors={form.formState.errors}
        currency={currency}
        categories={categories}
        toolId={tool._id}
        stockHint={`${formatUnits(tool.quantity)} when this opened. Orders keep taking units: to add a delivery, use Restock.`}
      />
      <TextField
        label="Restock: units to add"
        className="sm:col-span-2"
        inputMode="numeric"
        placeholder="0"
        hint="Added to the stock as it is when you save. Leave empty to keep it."
        error={form.formState.errors.restock?.message}
        {...form.register('restock')}
      />
      <div className="flex flex-col gap-4 sm:col-span-2">
        <FormError>{notice}</FormError>
        <ToolConfirmationPrompt
          pending={confirmation.pending}
          actionLabel="Save it anyway"
          onConfirm={(confirm) => send(confirm)()}
          isPending={updateTool.isPending}
        />
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
