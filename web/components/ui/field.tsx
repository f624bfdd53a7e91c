import { type ComponentProps, type ReactNode, useId } from 'react';
import type { SubmitFailure } from '#web/lib/form-errors.ts';
import { Button } from './button.tsx';

interface FieldShellProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
}

const controlBase =
  'block w-full rounded-md border bg-white px-3 py-2 text-base text-stone-900 shadow-xs placeholder:text-stone-500 sm:text-sm read-only:bg-stone-100 read-only:text-stone-700';

function controlClasses(hasError: boolean): string {
  return `${controlBase} ${hasError ? 'border-red-600' : 'border-stone-400 hover:border-stone-500'}`;
}

/** Label, control, hint and error, wired together for assistive technology. */
function useFieldIds() {
  const id = useId();
  return { id, hintId: `${id}-hint`, errorId: `${id}-error` };
}

/** The error takes the hint's place: one message under a field, never two saying the same. */
function describedBy(ids: ReturnType<typeof useFieldIds>, hint: unknown, error: unknown) {
  if (error) return ids.errorId;
  return hint ? ids.hintId : undefined;
}

function FieldShell({
  ids,
  label,
  error,
  hint,
  className = '',
  children,
}: FieldShellProps & { ids: ReturnType<typeof useFieldIds>; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={ids.id} className="mb-1 block text-sm font-semibold text-stone-800">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={ids.hintId} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p
          id={ids.errorId}
          className="mt-1 flex items-start gap-1 text-sm font-medium text-red-700"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="mt-0.5 size-4 shrink-0"
            fill="currentColor"
          >
            <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.75 4h1.5v5h-1.5V6Zm0 6.5h1.5V14h-1.5v-1.5Z" />
          </svg>
          {error}
        </p>
      )}
    </div>
  );
}

type InputFieldProps = FieldShellProps & Omit<ComponentProps<'input'>, 'className'>;

export function TextField({ label, error, hint, className, ...input }: InputFieldProps) {
  const ids = useFieldIds();
  return (
    <FieldShell ids={ids} label={label} error={error} hint={hint} className={className}>
      <input
        id={ids.id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
        className={controlClasses(Boolean(error))}
        {...input}
      />
    </FieldShell>
  );
}

type TextAreaFieldProps = FieldShellProps & Omit<ComponentProps<'textarea'>, 'className'>;

export function TextAreaField({
  label,
  error,
  hint,
  className,
  rows = 4,
  ...textarea
}: TextAreaFieldProps) {
  const ids = useFieldIds();
  return (
    <FieldShell ids={ids} label={label} error={error} hint={hint} className={className}>
      <textarea
        id={ids.id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
        className={controlClasses(Boolean(error))}
        {...textarea}
      />
    </FieldShell>
  );
}

type SelectFieldProps = FieldShellProps & Omit<ComponentProps<'select'>, 'className'>;

export function SelectField({
  label,
  error,
  hint,
  className,
  children,
  ...select
}: SelectFieldProps) {
  const ids = useFieldIds();
  return (
    <FieldShell ids={ids} label={label} error={error} hint={hint} className={className}>
      <select
        id={ids.id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
        className={`${controlClasses(Boolean(error))} pr-8`}
        {...select}
      >
        {children}
      </select>
    </FieldShell>
  );
}

/**
 * A submit that failed, under the form's button: what happened to the request, in a sentence, and
 * "Try again" when asking again can help. Everything typed stays in the form.
 */
export function SubmitError({
  failure,
  onRetry,
  isRetrying = false,
  children,
}: {
  failure: SubmitFailure | null;
  onRetry?: () => void;
  isRetrying?: boolean;
  /** More to say, such as where to check an outcome nobody could confirm. */
  children?: ReactNode;
}) {
  if (!failure) return null;
  return (
    <div
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
    >
      <p>{failure.message}</p>
      {children}
      {failure.canRetry && onRetry && (
        <Button
          variant="outline"
          size="sm"
          className="mt-3"
          isPending={isRetrying}
          onClick={onRetry}
        >
          Try again
        </Button>
      )}
    </div>
  );
}

/** A notice for the whole form (e.g. "Nothing has changed yet."), shown under the form. */
export function FormError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <div
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
    >
      {children}
    </div>
  );
}
