import { Link } from 'react-router';
import { SubmitError } from '#web/components/ui/field.tsx';
import type { SubmitFailure } from '#web/lib/form-errors.ts';
import * as paths from '#web/lib/paths.ts';

/** Why placing an order failed; when nobody can tell whether it was placed, where to look. */
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
    </SubmitError>
  );
}
