import { NavLink } from 'react-router';
import { formatCount } from '#contract/format.ts';
import * as paths from '#web/lib/paths.ts';
import { useCart } from '../hooks/use-cart.ts';

/** The way to the cart, with how many tools are in it (nothing in the server's HTML). */
export function CartLink() {
  const { lines } = useCart();
  const count = lines.length;
  return (
    <NavLink
      to={paths.cart()}
      className={({ isActive }) =>
        `inline-flex min-h-10 shrink-0 items-center gap-2 rounded-md px-2 text-sm font-semibold whitespace-nowrap transition-colors sm:px-3 ${
          isActive ? 'bg-navy-50 text-navy-900' : 'text-navy-900 hover:bg-stone-100'
        }`
      }
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
        <path d="M1 2.75A.75.75 0 0 1 1.75 2h1.6a1 1 0 0 1 .97.76L4.7 4.5h12.55a.75.75 0 0 1 .73.93l-1.5 6a.75.75 0 0 1-.73.57H6.28l.38 1.5h9.59a.75.75 0 0 1 0 1.5H6.08a1 1 0 0 1-.97-.76L2.97 3.5H1.75A.75.75 0 0 1 1 2.75ZM7 18a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Zm8 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z" />
      </svg>
      {/* On a phone the icon says it (the header has no room for the word). */}
      <span className="sr-only sm:not-sr-only">Cart</span>
      {count > 0 && (
        <span
          className="min-w-6 rounded-full bg-orange-500 px-1.5 text-center text-xs leading-6 font-bold text-stone-950"
          data-testid="cart-count"
        >
          {formatCount(count)}
          <span className="sr-only"> {count === 1 ? 'tool' : 'tools'}</span>
        </span>
      )}
    </NavLink>
  );
}
