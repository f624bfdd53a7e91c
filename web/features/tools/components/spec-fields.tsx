import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { Attribute } from '#contract/specifications.ts';
import { SelectField, TextField } from '#web/components/ui/field.tsx';
import type { SpecFormValues } from '../utils/spec-values.ts';

type SpecForm = { specs?: SpecFormValues };

/**
 * The specification fields of the chosen category (and those above it), each as its kind asks:
 * a number with its unit, a list, a box to tick, text.
 */
export function SpecFields({
  attributes,
  register,
  errors,
}: {
  attributes: readonly Attribute[];
  register: UseFormRegister<SpecForm>;
  errors: FieldErrors<SpecForm>;
}) {
  if (attributes.length === 0) return null;
  const errorOf = (key: string) =>
    (errors.specs as Record<string, { message?: string } | undefined> | undefined)?.[key]?.message;
  return (
    <fieldset className="grid gap-4 rounded-lg border border-stone-200 p-4 sm:col-span-2 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold text-stone-800">Specifications</legend>
      <p className="text-sm text-stone-600 sm:col-span-2">
        These follow the category. Moving the tool to another category keeps only the specifications
        that category has too; the others are dropped when you save.
      </p>
      {attributes.map((attribute) => {
        const name = `specs.${attribute.key}` as const;
        const label = attribute.unit ? `${attribute.name} (${attribute.unit})` : attribute.name;
        const error = errorOf(attribute.key);
        if (attribute.kind === 'boolean') {
          return (
            <label
              key={attribute._id}
              className="flex items-center gap-2 self-end py-2 text-sm font-semibold text-stone-800"
            >
              <input type="checkbox" className="size-4" {...register(name)} />
              {attribute.name}
            </label>
          );
        }
        if (attribute.kind === 'choice') {
          return (
            <SelectField key={attribute._id} label={label} error={error} {...register(name)}>
              <option value="">Not given</option>
              {attribute.options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </SelectField>
          );
        }
        return (
          <TextField
            key={attribute._id}
            label={label}
            inputMode={attribute.kind === 'number' ? 'decimal' : undefined}
            autoComplete="off"
            error={error}
            {...register(name)}
          />
        );
      })}
    </fieldset>
  );
}
