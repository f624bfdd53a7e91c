import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import {
  type Control,
  type FieldErrors,
  type UseFormRegister,
  useFieldArray,
  useWatch,
} from 'react-hook-form';
import {
  MAX_RELATED_TOOLS,
  RELATION_KIND_LABELS,
  RELATION_KINDS,
  type RelationKind,
} from '#contract/tool-media-kinds.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SelectField } from '#web/components/ui/field.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/state.tsx';
import { toolListQuery } from '../api/tools-queries.ts';
import { EntryActions } from './file-upload-field.tsx';
import { ListEditorFrame } from './list-editor-frame.tsx';
import { listError, type MediaFormValues } from './media-form-values.ts';

const RESULTS = 8;

/**
 * The tools shown with this one: find one by name or SKU, add it as an accessory or as one a buyer
 * may also need, put them in order, remove one. `toolId`: the tool being edited (never offered).
 */
export function RelatedEditor({
  control,
  register,
  errors,
  toolId,
}: {
  control: Control<MediaFormValues>;
  register: UseFormRegister<MediaFormValues>;
  errors: FieldErrors<MediaFormValues>;
  toolId?: string | undefined;
}) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'related' });
  const chosen = useWatch({ control, name: 'related' }) ?? [];
  const problem = listError(errors, 'related');
  const isFull = fields.length >= MAX_RELATED_TOOLS;
  return (
    <ListEditorFrame
      testId="related-editor"
      legend="Related tools (optional)"
      description={
        <>
          Shown on the tool’s page as “Accessories” and “You may also need”, in this order; up to{' '}
          {MAX_RELATED_TOOLS}.
        </>
      }
      problem={problem}
      emptyText="No related tools yet."
      entries={fields.map((field, index) => (
        <li key={field.id} className="grid gap-2 sm:grid-cols-[1fr_12rem] sm:items-start">
          <div className="min-w-0 [overflow-wrap:anywhere]">
            <p className="font-semibold text-stone-900">{field.name}</p>
            <p className="font-mono text-xs text-stone-600">SKU {field.sku}</p>
            {errors.related?.[index]?.toolId?.message && (
              <p className="mt-1 text-sm font-medium text-red-700">
                {errors.related[index].toolId.message}
              </p>
            )}
          </div>
          <SelectField
            label={`Show ${field.name} as`}
            error={errors.related?.[index]?.kind?.message}
            {...register(`related.${index}.kind`)}
          >
            {RELATION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {RELATION_KIND_LABELS[kind]}
              </option>
            ))}
          </SelectField>
          <div className="sm:col-span-2">
            <EntryActions
              label={field.name}
              index={index}
              count={fields.length}
              move={move}
              remove={remove}
            />
          </div>
        </li>
      ))}
      adder={
        isFull ? (
          <p className="mt-4 text-sm text-stone-600">
            The list is full ({MAX_RELATED_TOOLS} tools): remove one to add another.
          </p>
        ) : (
          <ToolFinder
            exclude={new Set([...(toolId ? [toolId] : []), ...chosen.map((entry) => entry.toolId)])}
            onPick={(tool, kind) =>
              append({ toolId: tool._id, name: tool.name, sku: tool.sku, kind })
            }
          />
        )
      }
    />
  );
}

/** A search of the catalogue by name or SKU, each match with a button that adds it. */
function ToolFinder({
  exclude,
  onPick,
}: {
  exclude: ReadonlySet<string>;
  onPick: (tool: { _id: string; name: string; sku: string }, kind: RelationKind) => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [kind, setKind] = useState<RelationKind>('accessory');
  const q = useDeferredValue(typed.trim());
  const search = useQuery({
    ...toolListQuery({ q, sort: 'relevance', limit: RESULTS + exclude.size }),
    enabled: q.length >= 2,
  });
  const matches = (search.data?.tools ?? [])
    .filter((tool) => !exclude.has(tool._id))
    .slice(0, RESULTS);
  return (
    <div className="mt-4 grid gap-3 sm:grid-cols-[1fr_12rem]">
      <div className="min-w-0">
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-800">
          Find a tool to relate (name or part number)
        </label>
        <input
          id={id}
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            // Enter searches as typed; it never sends the tool's form.
            if (event.key === 'Enter') event.preventDefault();
          }}
          autoComplete="off"
          placeholder="A name, or a SKU such as TOOL-00042"
          className="block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base text-stone-900 shadow-xs hover:border-stone-500 sm:text-sm"
        />
      </div>
      <SelectField
        label="Add as"
        value={kind}
        onChange={(event) => setKind(event.target.value as RelationKind)}
      >
        {RELATION_KINDS.map((option) => (
          <option key={option} value={option}>
            {RELATION_KIND_LABELS[option]}
          </option>
        ))}
      </SelectField>
      <div className="min-w-0 sm:col-span-2" aria-live="polite">
        {q.length < 2 ? null : search.isPending ? (
          <p className="flex items-center gap-2 text-sm text-stone-600">
            <Spinner className="size-4" /> Searching…
          </p>
        ) : search.isError ? (
          <ErrorState
            error={search.error}
            title="The search did not work"
            onRetry={() => void search.refetch()}
            className="my-2"
          />
        ) : matches.length === 0 ? (
          <p className="text-sm text-stone-600">No other tool matches “{q}”.</p>
        ) : (
          <ul
            className="divide-y divide-stone-200 rounded-md border border-stone-200"
            aria-label="Matching tools"
          >
            {matches.map((tool) => (
              <li
                key={tool._id}
                className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
              >
                <span className="min-w-0 text-sm [overflow-wrap:anywhere]">
                  <span className="font-semibold text-stone-900">{tool.name}</span>{' '}
                  <span className="font-mono text-xs text-stone-600">{tool.sku}</span>
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => onPick(tool, kind)}
                  aria-label={`Add ${tool.name} as ${RELATION_KIND_LABELS[kind]}`}
                >
                  Add
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
