import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCount } from '#contract/format.ts';
import type { TaxDecision } from '#contract/tax.ts';
import { chargedGoods, priceFor } from '#contract/tax-prices.ts';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/state.tsx';
import { errorMessage } from '#web/lib/api-error.ts';
import * as paths from '#web/lib/paths.ts';
import { useMoney } from '#web/lib/store-config.ts';
import { useFocusTitleWhenRemoved } from '#web/lib/use-focus-title.ts';
import { useCart } from '../hooks/use-cart.ts';
import { CartLineItem } from './cart-line-item.tsx';

/**
 * The cart: every line (changeable), what stops any of it, and the total; `checkout` beside it.
 * Loading, error and empty states as everywhere. The prices are the store's, or, once the
 * checkout has an address, what an order to it is charged (`pricedFor`, decision 064), so the
 * lines add up to what the checkout asks.
 */
export function CartView({
  pricedFor,
  shortLines,
  onChange,
  checkout,
  titleId,
}: {
  /** How an order to the checkout's address is taxed; the store's own prices when undefined. */
  pricedFor?: TaxDecision | undefined;
  /** What the last checkout found short, by tool. */
  shortLines: Record<string, string>;
  /** Told of every change the buyer makes (a checkout's findings no longer hold). */
  onChange: (toolId: string) => void;
  checkout: ReactNode;
  /** The page's title: where focus goes when a line goes with the Remove button that had it. */
  titleId: string;
}) {
  const money = useMoney();
  const cart = useCart();
  const markRemoved = useFocusTitleWhenRemoved(
    cart.cart?.lines,
    (line) => line.toolId,
    titleId,
    false,
  );
  if (cart.isPending) return <LoadingState label="Loading your cart…" />;
  if (!cart.cart) {
    return (
      <ErrorState error={cart.error} title="We could not load your cart" onRetry={cart.refresh} />
    );
  }
  const { lines, total, problem } = cart.cart;
  if (lines.length === 0) {
    return (
      <EmptyState title="Your cart is empty">
        <p>
          Add tools from their pages or{' '}
          <Link to={paths.tools()} className="font-semibold text-navy-700 underline">
            browse the catalogue
          </Link>
          .
        </p>
      </EmptyState>
    );
  }
  const hasLineProblems = lines.some((line) => line.problem);
  // Prices the destination changes (another rate than the one the store's prices include).
  const repriced =
    pricedFor && pricedFor.rateBasisPoints !== pricedFor.includedBasisPoints ? pricedFor : null;
  const priceOf = (price: number) => (repriced ? priceFor(price, repriced) : price);
  const shownTotal = repriced
    ? chargedGoods(
        lines.filter((line) => line.problem === null),
        repriced,
      )
    : total;

  return (
    <div className="grid gap-10 lg:grid-cols-[3fr_2fr] lg:items-start">
      <section aria-labelledby="cart-lines-title">
        <h2 id="cart-lines-title" className="sr-only">
          Tools in your cart
        </h2>
        <ul className="divide-y divide-stone-200 border-y border-stone-200">
          {lines.map((line) => (
            <CartLineItem
              key={line.toolId}
              line={line}
              priceOf={priceOf}
              shortMessage={shortLines[line.toolId]}
              onQuantity={(quantity) => {
                onChange(line.toolId);
                cart.setQuantity(line.toolId, quantity);
              }}
              onRemove={() => {
                onChange(line.toolId);
                markRemoved(line.toolId);
                cart.remove(line.toolId);
              }}
            />
          ))}
        </ul>
        {cart.writeError !== null && cart.writeError !== undefined && (
          <p role="alert" className="mt-4 text-sm font-medium text-red-700">
            Your last change was not saved. {errorMessage(cart.writeError)}
          </p>
        )}
      </section>
      <section
        aria-labelledby="cart-summary-title"
        className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <h2 id="cart-summary-title" className="text-xl font-bold text-navy-900">
          Summary
        </h2>
        <dl className="mt-4 space-y-2">
          <div className="flex justify-between gap-4 text-sm text-stone-700">
            <dt>Tools</dt>
            <dd>{formatCount(lines.length)}</dd>
          </div>
          <div className="flex items-baseline justify-between gap-4 border-t border-stone-100 pt-3">
            <dt className="text-stone-700">Total</dt>
            <dd className="text-2xl font-bold text-navy-900" data-testid="cart-total">
              {money(shownTotal)}
            </dd>
          </div>
        </dl>
        {repriced && (
          <p className="mt-1 text-right text-sm text-stone-700" data-testid="cart-priced-for">
            Prices as charged for the delivery address below.
          </p>
        )}
        <p aria-live="polite" className="mt-1 min-h-5 text-right text-sm text-stone-600">
          {cart.isUpdating ? 'Updating prices…' : ''}
        </p>
        {hasLineProblems && (
          <p className="mt-2 text-sm text-stone-700">
            The total leaves out the lines marked above until they are fixed.
          </p>
        )}
        {problem && <p className="mt-2 text-sm font-medium text-red-700">{problem}</p>}
        <div className="mt-6 border-t border-stone-100 pt-6">{checkout}</div>
      </section>
    </div>
  );
}
