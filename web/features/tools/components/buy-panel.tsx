import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { formatCount, formatUnits, unitsAre } from '#contract/format.ts';
import { unitPriceFor } from '#contract/pricing.ts';
import {
  canBeOrdered,
  largestOrder,
  lineProblem,
  packAndLimitText,
  ruleSentence,
  wholePacks,
} from '#contract/quantity-rules.ts';
import type { Tool } from '#contract/tools.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';
import * as paths from '#web/lib/paths.ts';
import { useMoney } from '#web/lib/store-config.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';

/** What is wrong with a quantity for this tool, or null when it can be ordered. */
function quantityProblem(quantity: number, tool: Tool): string | null {
  if (!Number.isInteger(quantity) || quantity <= 0) return 'Enter a whole number of units.';
  switch (lineProblem(tool, quantity)) {
    case 'below_minimum':
      return `Order at least ${formatUnits(tool.minimumOrder)} (the minimum order).`;
    case 'not_multiple':
    case 'above_maximum':
      return ruleSentence(tool, 'this tool', quantity);
    case 'over_stock': {
      const most = largestOrder(tool);
      return most === tool.quantity
        ? `Only ${unitsAre(tool.quantity)} in stock; order at most that.`
        : `Only ${unitsAre(tool.quantity)} in stock; order at most ${formatCount(most)}.`;
    }
    default:
      return null;
  }
}

/** What the quantity buttons add or take: a pack, or the minimum order when sold by the unit. */
function stepOf(tool: Tool): number {
  return tool.orderIncrement > 1 ? tool.orderIncrement : tool.minimumOrder;
}

/** The help under the quantity: the pack and the most per order first, when the tool has them. */
function quantityHelp(tool: Tool): string {
  const rules = packAndLimitText(tool);
  const basics = `Minimum order ${formatUnits(tool.minimumOrder)}; ${formatCount(tool.quantity)} in stock.`;
  return rules ? `${rules}. ${basics}` : basics;
}

/**
 * Choosing how many to buy on a tool's page: starts at the minimum order, steps by the pack, never lets "Buy now"
 * through with a quantity that cannot be ordered, and shows the total. The order itself is placed
 * on the purchase page (after signing in), with the quantity carried over. `addToCart` puts the
 * cart's button beside "Buy now", given the quantity chosen (null while it cannot be ordered).
 */
export function BuyPanel({
  tool,
  addToCart,
  isSignedIn = false,
}: {
  tool: Tool;
  addToCart?: (quantity: number | null) => ReactNode;
  /** A visitor is told to sign in first; someone signed in is not. */
  isSignedIn?: boolean;
}) {
  const money = useMoney();
  const inputId = useId();
  const messageId = useId();
  const [text, setText] = useState(String(tool.minimumOrder));
  const isHydrated = useHydrated();
  const quantity = Number(text);
  const unitPrice = unitPriceFor(tool, quantity);
  const isOutOfStock = !canBeOrdered(tool);
  const most = largestOrder(tool);
  const by = stepOf(tool);
  const problem = text.trim() === '' ? 'Enter a quantity.' : quantityProblem(quantity, tool);
  // A step lands on a whole pack, between the minimum and the most that can be ordered now.
  const step = (change: number) =>
    setText(
      String(
        Math.min(
          most,
          Math.max(
            tool.minimumOrder,
            wholePacks((Number.isFinite(quantity) ? quantity : 0) + change, tool.orderIncrement),
          ),
        ),
      ),
    );

  if (isOutOfStock) {
    return (
      <section
        aria-labelledby="buy-title"
        className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <h2 id="buy-title" className="text-xl font-bold text-navy-900">
          Out of stock
        </h2>
        <p className="mt-2 text-stone-700">
          Fewer than the minimum order of {formatUnits(tool.minimumOrder)} are in stock. Please look
          again soon, or browse the rest of the catalogue.
        </p>
        <Link
          to={paths.tools()}
          className={buttonClasses({ variant: 'outline', className: 'mt-6 w-full' })}
        >
          Browse the tools
        </Link>
      </section>
    );
  }

  return (
    <section
      aria-labelledby="buy-title"
      className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="buy-title" className="text-xl font-bold text-navy-900">
        How many do you need?
      </h2>
      <label htmlFor={inputId} className="mt-5 block text-sm font-semibold text-stone-800">
        Quantity (units)
      </label>
      <div className="mt-1.5 flex items-stretch gap-2">
        <button
          type="button"
          onClick={() => step(-by)}
          disabled={!isHydrated || (Number.isFinite(quantity) && quantity <= tool.minimumOrder)}
          aria-label={`${formatCount(by)} fewer`}
          className={buttonClasses({ variant: 'outline', className: 'w-12 shrink-0 px-0' })}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={tool.minimumOrder}
          max={most}
          step={tool.orderIncrement}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={problem !== null}
          aria-describedby={messageId}
          className="w-full min-w-0 rounded-md border border-stone-300 px-3 py-2 text-lg font-semibold text-stone-900 aria-invalid:border-red-700"
        />
        <button
          type="button"
          onClick={() => step(by)}
          disabled={!isHydrated || (Number.isFinite(quantity) && quantity >= most)}
          aria-label={`${formatCount(by)} more`}
          className={buttonClasses({ variant: 'outline', className: 'w-12 shrink-0 px-0' })}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      <p
        id={messageId}
        aria-live="polite"
        className={`mt-2 text-sm ${problem ? 'text-red-700' : 'text-stone-600'}`}
      >
        {problem ?? quantityHelp(tool)}
      </p>
      <p className="mt-5 flex items-baseline justify-between gap-4 border-t border-stone-100 pt-5">
        <span className="text-stone-700">Total</span>
        <span className="text-2xl font-bold text-navy-900" data-testid="buy-total">
          {problem ? '–' : money(quantity * unitPrice)}
        </span>
      </p>
      {!problem && unitPrice < tool.price && (
        <p
          className="mt-1 text-right text-sm font-medium text-green-800"
          data-testid="buy-unit-price"
        >
          Volume price: {money(unitPrice)} each instead of {money(tool.price)}
        </p>
      )}
      <div className="mt-5 grid gap-3 sm:grid-cols-2">
        {problem ? (
          <button
            type="button"
            disabled
            className={buttonClasses({ size: 'lg', className: 'w-full' })}
          >
            Buy now
          </button>
        ) : (
          <Link
            to={paths.purchase(tool._id, quantity)}
            className={buttonClasses({ size: 'lg', className: 'w-full' })}
          >
            Buy now
          </Link>
        )}
        {addToCart?.(problem ? null : quantity)}
      </div>
      <p className="mt-3 text-center text-sm text-stone-600">
        {isSignedIn
          ? 'Buy now orders this tool alone; the cart keeps several tools for one order.'
          : 'Sign in to order; pay by card afterwards. The cart keeps several tools for one order.'}
      </p>
    </section>
  );
}
