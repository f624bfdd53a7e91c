import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { Category } from '#contract/categories.ts';
import { formatCount } from '#contract/format.ts';
import { ATTRIBUTE_KINDS, type Attribute } from '#contract/specifications.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { SelectField, SubmitError, TextAreaField, TextField } from '#web/components/ui/field.tsx';
import { errorMessage } from '#web/lib/api-error.ts';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import { ancestry } from '../api/categories-queries.ts';
import { useAddAttribute, useDeleteAttribute } from '../api/category-mutations.ts';
import {
  ATTRIBUTE_FORM_FIELDS,
  type AttributeFormInput,
  type AttributeFormOutput,
  attributeFormSchema,
  KIND_LABELS,
} from '../utils/attribute-form-schema.ts';
import { slugFrom } from '../utils/category-form-schema.ts';
import { EditAttributeForm } from './edit-attribute-form.tsx';

/** How an attribute reads in a list: "Chuck size: number in mm, filterable". */
function describe(attribute: Attribute): string {
  const kind =
    attribute.kind === 'number'
      ? `number${attribute.unit ? ` in ${attribute.unit}` : ''}`
      : attribute.kind === 'choice'
        ? `one of ${attribute.options.join(', ')}`
        : attribute.kind === 'boolean'
          ? 'yes or no'
          : 'text';
  return `${kind}${attribute.filterable ? ', filterable' : ''}`;
}

/** A category's specifications: those it inherits, its own (deleted with a warning), a new one. */
export function CategorySpecsDialog({
  tree,
  categoryId,
  onClose,
}: {
  tree: readonly Category[];
  categoryId: string | null;
  onClose: () => void;
}) {
  const category = tree.find((at) => at._id === categoryId) ?? null;
  return (
    <Dialog
      open={category !== null}
      onClose={onClose}
      title={category ? `Specifications of ${category.name}` : 'Specifications'}
      size="lg"
    >
      {category && <CategorySpecs key={category._id} tree={tree} category={category} />}
      <div className="mt-6 flex justify-end">
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}

function CategorySpecs({ tree, category }: { tree: readonly Category[]; category: Category }) {
  const inherited = ancestry(tree, category.slug)
    .slice(0, -1)
    .flatMap((at) => at.attributes.map((attribute) => ({ attribute, from: at.name })));
  const remove = useDeleteAttribute();
  const [toDelete, setToDelete] = useState<Attribute | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <div className="space-y-5 text-sm">
      <p className="text-stone-700">
        Tools in {category.name} and in every category below it have these specifications.
      </p>
      {inherited.length > 0 && (
        <section aria-label="Inherited specifications">
          <h3 className="font-semibold text-stone-800">From the categories above</h3>
          <ul className="mt-1 list-disc pl-5 text-stone-700">
            {inherited.map(({ attribute, from }) => (
              <li key={attribute._id}>
                {attribute.name}: {describe(attribute)} (from {from})
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-label={`Specifications of ${category.name}`}>
        <h3 className="font-semibold text-stone-800">Its own</h3>
        {category.attributes.length === 0 ? (
          <p className="mt-1 text-stone-600">None yet.</p>
        ) : (
          <ul className="mt-1 divide-y divide-stone-200 rounded-md border border-stone-200">
            {category.attributes.map((attribute) => (
              <li key={attribute._id} className="flex flex-wrap items-center gap-2 px-3 py-2">
                <span className="min-w-0 flex-1">
                  <strong>{attribute.name}</strong> <code className="text-xs">{attribute.key}</code>
                  <span className="block text-stone-600">{describe(attribute)}</span>
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Edit the specification ${attribute.name}`}
                  aria-expanded={editing === attribute._id}
                  onClick={() => setEditing(editing === attribute._id ? null : attribute._id)}
                >
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="danger-outline"
                  aria-label={`Delete the specification ${attribute.name}`}
                  onClick={() => {
                    remove.reset();
                    setToDelete(attribute);
                  }}
                >
                  Delete
                </Button>
                {editing === attribute._id && (
                  <EditAttributeForm
                    categoryId={category._id}
                    attribute={attribute}
                    onDone={() => setEditing(null)}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
        {toDelete && (
          <div
            role="alert"
            className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950"
          >
            <p>
              Delete <strong>{toDelete.name}</strong>?{' '}
              {toDelete.valueCount === 0
                ? 'No tool has a value of it.'
                : `${formatCount(toDelete.valueCount)} ${toDelete.valueCount === 1 ? 'tool loses its value' : 'tools lose their values'} of it, for good.`}
            </p>
            {remove.error && <p className="mt-1 font-medium">{errorMessage(remove.error)}</p>}
            <div className="mt-2 flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="danger"
                isPending={remove.isPending}
                onClick={() =>
                  remove.mutate(
                    { categoryId: category._id, attributeId: toDelete._id },
                    { onSuccess: () => setToDelete(null) },
                  )
                }
              >
                Delete {toDelete.name}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setToDelete(null)}>
                Keep it
              </Button>
            </div>
          </div>
        )}
      </section>
      <AddAttributeForm category={category} />
    </div>
  );
}

const EMPTY: AttributeFormInput = {
  key: '',
  name: '',
  kind: 'number',
  unit: '',
  options: '',
  filterable: false,
};

const OUTCOME = {
  notDone: 'The specification was not added.',
  unknown: 'We cannot tell whether it was added: close this and open it again to see.',
};

function AddAttributeForm({ category }: { category: Category }) {
  const add = useAddAttribute();
  const form = useForm<AttributeFormInput, unknown, AttributeFormOutput>({
    resolver: zodResolver(attributeFormSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const { failure, fail, clear } = useSubmitFailure(form.setError, ATTRIBUTE_FORM_FIELDS, OUTCOME);
  const kind = useWatch({ control: form.control, name: 'kind' });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((body) =>
    add.mutate(
      { categoryId: category._id, body },
      {
        onSuccess: () => {
          clear();
          form.reset(EMPTY);
        },
        onError: fail,
      },
    ),
  );
  const nameField = form.register('name', {
    onBlur: (event: { target: { value: string } }) => {
      if (form.getValues('key') === '') {
        form.setValue('key', slugFrom(event.target.value).slice(0, 40), { shouldValidate: true });
      }
    },
  });
  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-label="Add a specification"
      className="grid gap-3 border-t border-stone-200 pt-4 sm:grid-cols-2"
    >
      <h3 className="font-semibold text-stone-800 sm:col-span-2">Add a specification</h3>
      <TextField label="Specification name" error={errors.name?.message} {...nameField} />
      <TextField
        label="Key"
        autoComplete="off"
        spellCheck={false}
        hint="Names the values on tools and in filters; it never changes."
        error={errors.key?.message}
        {...form.register('key')}
      />
      <SelectField label="Kind" error={errors.kind?.message} {...form.register('kind')}>
        {ATTRIBUTE_KINDS.map((value) => (
          <option key={value} value={value}>
            {KIND_LABELS[value]}
          </option>
        ))}
      </SelectField>
      {kind === 'number' && (
        <TextField
          label="Unit (optional)"
          placeholder="mm"
          error={errors.unit?.message}
          {...form.register('unit')}
        />
      )}
      {kind === 'choice' && (
        <TextAreaField
          label="Choices, one per line"
          rows={3}
          error={errors.options?.message}
          {...form.register('options')}
        />
      )}
      <label className="flex items-center gap-2 self-end py-2 font-semibold text-stone-800">
        <input type="checkbox" className="size-4" {...form.register('filterable')} />
        Buyers may filter by it
      </label>
      <div className="flex flex-col gap-3 sm:col-span-2">
        <SubmitError failure={failure} onRetry={onSubmit} isRetrying={add.isPending} />
        <Button
          type="submit"
          variant="secondary"
          isPending={add.isPending}
          className="sm:self-start"
        >
          Add specification
        </Button>
      </div>
    </form>
  );
}
