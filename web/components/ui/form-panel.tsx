import { type BaseSyntheticEvent, type ReactNode, useId } from 'react';
import type { SubmitFailure } from '#web/lib/form-errors.ts';
import { Button } from './button.tsx';
import { SubmitError } from './field.tsx';

/**
 * The frame of a small form on a page (an admin's terms, an exemption, a payment recorded): its
 * title, its fields in a grid, what went wrong with the last try (with a retry) and the submit.
 * `card` stands alone in a box; otherwise it follows what is above it, under a rule.
 */
export function FormPanel({
  title,
  headingLevel = 3,
  columns = 2,
  isCard = true,
  onSubmit,
  submitLabel,
  isPending,
  failure,
  children,
}: {
  title: string;
  headingLevel?: 2 | 3;
  columns?: 2 | 3;
  isCard?: boolean;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  submitLabel: string;
  isPending: boolean;
  failure: SubmitFailure | null;
  children: ReactNode;
}) {
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const span = columns === 3 ? 'sm:col-span-3' : 'sm:col-span-2';
  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={titleId}
      className={
        isCard
          ? `grid max-w-3xl gap-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm ${columns === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`
          : `mt-4 grid gap-3 border-t border-stone-200 pt-4 ${columns === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`
      }
    >
      <Heading
        id={titleId}
        className={`${headingLevel === 2 ? 'text-lg' : 'text-base'} font-bold text-navy-900 ${span}`}
      >
        {title}
      </Heading>
      {children}
      <div className={span}>
        <SubmitError failure={failure} onRetry={onSubmit} isRetrying={isPending} />
        <Button type="submit" variant="secondary" isPending={isPending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
