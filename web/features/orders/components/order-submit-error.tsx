import { Link } from 'react-router';
import { SubmitError } from '#web/components/ui/field.tsx';
import type { SubmitFailure } from '#web/lib/form-errors.ts';
import * as paths from '#web/lib/paths.ts';

/**
 * Why placing an order failed; when nobody can tell whether it was placed, or an earlier attempt
 * placed it, where to look.
 */
export function OrderSubmitError({
  failure,
  onRetry,
  isRetrying,
}: {
  failure: SubmitFailure | null;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  return (
    <SubmitError failure={failure} onRetry={onRetry} isRetrying={isRetrying}>
      {failure?.outcomeUnknown && (
        <p className="mt-2">
          Or check{' '}
          <Link to={paths.myOrders()} className="underline">
            My orders
          </Link>{' '}
          once the store is back.
        </p>
      )}
      {failure?.code === 'idempotency_key_reused' && (
        <p className="mt-2">
          <Link to={paths.myOrders()} className="underline">
            Open My orders
          </Link>
        </p>
      )}
    </SubmitError>
  );
}
