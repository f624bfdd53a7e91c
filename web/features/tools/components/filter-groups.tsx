import { type ReactNode, useEffect, useId, useState } from 'react';
import type { FacetValue } from '#contract/catalogue-filters.ts';
import { formatCount } from '#contract/format.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { useHydrated } from '#web/lib/use-hydrated.ts';

/** Lists longer than this show their first values and "Show all N". */
const COLLAPSED_LENGTH = 8;

/**
 * A group of filters: a fieldset whose legend names it, for screen readers and eyes alike. Given
 * `isInitiallyOpen`, the group folds under its name (a disclosure that works without the script,
 * its fields sent with the form either way), open or closed at first as said, then as the buyer
 * leaves it.
 */
export function FilterGroup({
  legend,
  isInitiallyOpen,
  children,
}: {
  legend: string;
  isInitiallyOpen?: boolean | undefined;
  children: ReactNode;
}) {
  // Read once: the buyer opens and closes it from then on, whatever the counts do.
  const [isOpenAtFirst] = useState(isInitiallyOpen);
  if (isOpenAtFirst === undefined) {
    return (
      <fieldset className="min-w-0 border-t border-stone-200 pt-4">
        <legend className="float-left mb-2 w-full text-sm font-bold wrap-anywhere text-navy-900">
          {legend}
        </legend>
        <div className="clear-both">{children}</div>
      </fieldset>
    );
  }
  return (
    <details open={isOpenAtFirst} className="group min-w-0 border-t border-stone-200 pt-4">
      <summary className="-mx-1 flex min-h-8 cursor-pointer list-none items-center justify-between gap-2 rounded px-1 text-sm font-bold wrap-anywhere text-navy-900 hover:bg-stone-100 [&::-webkit-details-marker]:hidden">
        {legend}
        <span
          aria-hidden="true"
          className="shrink-0 text-stone-600 transition-transform group-open:rotate-180"
        >
          ▾
        </span>
      </summary>
      <fieldset className="mt-2 min-w-0">
        <legend className="sr-only">{legend}</legend>
        {children}
      </fieldset>
    </details>
  );
}

/**
 * One checkbox with its label and count. Named as the address names the filter, so that without
 * the script the form sends it as it is; with the script a change applies at once.
 */
export function FilterCheckbox({
  name,
  value,
  label,
  count,
  checked,
  onToggle,
}: {
  name: string;
  value: string;
  label: string;
  count: number;
  checked: boolean;
  onToggle: () => void;
}) {
  const id = useId();
  const countId = `${id}-count`;
  // A value that would leave no tool cannot be chosen, unless it already is (to take it away).
  const isDisabled = count === 0 && !checked;
  return (
    <div className="flex min-h-8 items-start gap-2 py-0.5">
      <input
        id={id}
        type="checkbox"
        name={name}
        value={value}
        checked={checked}
        disabled={isDisabled}
        onChange={onToggle}
        aria-describedby={countId}
        className="mt-1 size-4 shrink-0 accent-navy-700"
      />
      <label
        htmlFor={id}
        className={`flex min-w-0 flex-1 text-sm ${isDisabled ? 'text-stone-500' : 'text-stone-800'}`}
      >
        <span className="min-w-0 wrap-anywhere">{label}</span>
        <span aria-hidden="true" className="ml-auto shrink-0 pl-2 text-stone-600 tabular-nums">
          {formatCount(count)}
        </span>
        {/* The count is the checkbox's description: "Bosch, checkbox, 12 tools". */}
        <span id={countId} hidden>
          {formatCount(count)} {count === 1 ? 'tool' : 'tools'}
        </span>
      </label>
    </div>
  );
}

/** Checkboxes for the values of one filter, long lists collapsed to their first values. */
export function CheckboxGroup({
  legend,
  name,
  values,
  chosen,
  onToggle,
  isInitiallyOpen,
}: {
  legend: string;
  name: string;
  isInitiallyOpen?: boolean | undefined;
  values: readonly FacetValue[];
  /** The values the address chooses: ticked at once, before the counts of the new list arrive. */
  chosen: readonly string[];
  onToggle: (value: string) => void;
}) {
  const isHydrated = useHydrated();
  const [isExpanded, setIsExpanded] = useState(false);
  const isCollapsed = isHydrated && !isExpanded && values.length > COLLAPSED_LENGTH;
  const shown = isCollapsed
    ? values.filter((value, index) => index < COLLAPSED_LENGTH || chosen.includes(value.value))
    : values;
  return (
    <FilterGroup legend={legend} isInitiallyOpen={isInitiallyOpen}>
      {shown.map((value) => (
        <FilterCheckbox
          key={value.value}
          name={name}
          value={value.value}
          label={value.label}
          count={value.count}
          checked={chosen.includes(value.value)}
          onToggle={() => onToggle(value.value)}
        />
      ))}
      {isCollapsed && (
        <Button
          variant="ghost"
          size="sm"
          className="mt-1 -ml-3"
          onClick={() => setIsExpanded(true)}
        >
          Show all {formatCount(values.length)}
          <span className="sr-only"> {legend} values</span>
        </Button>
      )}
    </FilterGroup>
  );
}

/**
 * Two fields, lowest and highest, applied together by their button or Enter. The typed text
 * follows the address (Back, a removed chip); `onApply` says what is wrong, or undefined.
 */
export function RangeGroup({
  legend,
  unit,
  initial,
  placeholders,
  onApply,
  hint,
  isInitiallyOpen,
}: {
  legend: string;
  isInitiallyOpen?: boolean | undefined;
  /** What the numbers are in, for the fields' labels ("USD", "kg"). */
  unit: string | null;
  initial: { min: string; max: string };
  placeholders?: { min: string; max: string } | undefined;
  onApply: (min: string, max: string) => string | undefined;
  hint?: string | undefined;
}) {
  const [min, setMin] = useState(initial.min);
  const [max, setMax] = useState(initial.max);
  const [problem, setProblem] = useState<string | undefined>();
  useEffect(() => {
    setMin(initial.min);
    setMax(initial.max);
    setProblem(undefined);
  }, [initial.min, initial.max]);
  const apply = () => setProblem(onApply(min, max));
  const suffix = unit ? ` (${unit})` : '';
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    apply();
  };
  return (
    <FilterGroup legend={legend} isInitiallyOpen={isInitiallyOpen}>
      <div className="grid grid-cols-2 gap-2">
        <TextField
          label={`Lowest${suffix}`}
          inputMode="decimal"
          autoComplete="off"
          value={min}
          placeholder={placeholders?.min}
          onChange={(event) => setMin(event.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={problem ? true : undefined}
        />
        <TextField
          label={`Highest${suffix}`}
          inputMode="decimal"
          autoComplete="off"
          value={max}
          placeholder={placeholders?.max}
          onChange={(event) => setMax(event.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={problem ? true : undefined}
        />
      </div>
      {problem ? (
        <p role="alert" className="mt-1 text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : (
        hint && <p className="mt-1 text-sm text-stone-600">{hint}</p>
      )}
      <Button variant="outline" size="sm" className="mt-2" onClick={apply}>
        Apply<span className="sr-only"> {legend}</span>
      </Button>
    </FilterGroup>
  );
}
