import type { ReactNode } from 'react';
import { errorMessage, isWorthRetrying } from '#web/lib/api-error.ts';
import { Button } from './button.tsx';

/**
 * A failed request: what went wrong, in a sentence, and a way to try again when that can help.
 * Never a blank page.
 */
export function ErrorState({
  error,
  onRetry,
  title = 'We could not load this',
  className = 'my-8',
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={`rounded-lg border border-red-200 bg-red-50 p-5 text-red-900 ${className}`}
    >
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-sm">{errorMessage(error)}</p>
      {onRetry && isWorthRetrying(error) && (
        <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

/** Nothing to show yet, said plainly, with the next step when there is one. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
      <p className="text-lg font-semibold text-navy-900">{title}</p>
      {children && <div className="mt-2 text-sm text-stone-600">{children}</div>}
    </div>
  );
}
