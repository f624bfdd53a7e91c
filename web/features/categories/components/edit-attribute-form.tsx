import { useState } from 'react';
import type { Attribute, UpdateAttributeBody } from '#contract/specifications.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextAreaField, TextField } from '#web/components/ui/field.tsx';
import { errorMessage, isApiError } from '#web/lib/api-error.ts';
import { useUpdateAttribute } from '../api/category-mutations.ts';

/**
 * Changes a specification's name, unit, choices or filterable flag (its key and kind stay). Taking
 * a choice off the list is said before saving: the tools that had it lose their value.
 */
export function EditAttributeForm({
  categoryId,
  attribute,
  onDone,
}: {
  categoryId: string;
  attribute: Attribute;
  onDone: () => void;
}) {
  const update = useUpdateAttribute();
  const [name, setName] = useState(attribute.name);
  const [unit, setUnit] = useState(attribute.unit ?? '');
  const [choices, setChoices] = useState(attribute.options.join('\n'));
  const [filterable, setFilterable] = useState(attribute.filterable);
  const options = choices
    .split('\n')
    .map((option) => option.trim())
    .filter(Boolean);
  const removed = attribute.options.filter((option) => !options.includes(option));
  const fieldError = (field: string) =>
    isApiError(update.error)
      ? update.error.errors.find((error) => error.field === field)?.message
      : undefined;

  const save = () => {
    const body: UpdateAttributeBody = {};
    if (name.trim() !== attribute.name) body.name = name.trim();
    if (attribute.kind === 'number' && (unit.trim() || null) !== attribute.unit) {
      body.unit = unit.trim() || null;
    }
    if (attribute.kind === 'choice' && options.join('\n') !== attribute.options.join('\n')) {
      body.options = options;
    }
    if (filterable !== attribute.filterable) body.filterable = filterable;
    if (Object.keys(body).length === 0) {
      onDone();
      return;
    }
    update.mutate({ categoryId, attributeId: attribute._id, body }, { onSuccess: onDone });
  };

  return (
    <div className="mt-2 grid w-full gap-3 rounded-md bg-stone-50 p-3 sm:grid-cols-2">
      <TextField
        label="Specification name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={fieldError('name')}
      />
      {attribute.kind === 'number' && (
        <TextField
          label="Unit (optional)"
          value={unit}
          onChange={(event) => setUnit(event.target.value)}
          error={fieldError('unit')}
        />
      )}
      {attribute.kind === 'choice' && (
        <TextAreaField
          label="Choices, one per line"
          rows={3}
          value={choices}
          onChange={(event) => setChoices(event.target.value)}
          error={fieldError('options')}
          hint={
            removed.length > 0
              ? `Tools with ${removed.join(', ')} lose that value when you save.`
              : undefined
          }
        />
      )}
      <label className="flex items-center gap-2 self-end py-2 font-semibold text-stone-800">
        <input
          type="checkbox"
          className="size-4"
          checked={filterable}
          onChange={(event) => setFilterable(event.target.checked)}
        />
        Buyers may filter by it
      </label>
      {update.error && !fieldError('name') && !fieldError('unit') && !fieldError('options') && (
        <p role="alert" className="font-medium text-red-800 sm:col-span-2">
          {errorMessage(update.error)}
        </p>
      )}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        {/* The name only in the accessible name: a button's label does not wrap. */}
        <Button
          size="sm"
          variant="secondary"
          isPending={update.isPending}
          onClick={save}
          aria-label={`Save ${attribute.name}`}
        >
          Save
        </Button>
        <Button size="sm" variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
