import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { Problem } from '#contract/problem.ts';
import * as paths from '#web/lib/paths.ts';

/**
 * Why placing the order from this page ordered nothing: the cart it showed was checked out in
 * another tab (or on another device), `checkedOutAs` naming that order, or changed there. Shown
 * above the cart, which is read again: the form may be gone (an emptied cart), so the notice takes
 * the focus.
 */
export function OutdatedCartNotice({ checkedOutAs }: { checkedOutAs: Problem['order'] }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <div
      role="alert"
      className="mb-8 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-6"
    >
      <h2 ref={heading} tabIndex={-1} className="font-bold focus:outline-none">
        Nothing was ordered
      </h2>
      <p className="mt-1">
        {checkedOutAs ? (
          <>
            This cart was already checked out: see order{' '}
            <Link
              to={paths.order(checkedOutAs.id)}
              className="font-semibold underline underline-offset-2"
            >
              {checkedOutAs.number}
            </Link>
            .
          </>
        ) : (
          'Your cart changed since this page read it: review it and place the order again.'
        )}
      </p>
    </div>
  );
}
