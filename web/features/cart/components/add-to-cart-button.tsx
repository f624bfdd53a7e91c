import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatCount } from '#contract/format.ts';
import { canBeOrdered } from '#contract/quantity-rules.ts';
import type { Tool } from '#contract/tools.ts';
import { Button } from '#web/components/ui/button.tsx';
import { errorMessage } from '#web/lib/api-error.ts';
import * as paths from '#web/lib/paths.ts';
import { useCart } from '../hooks/use-cart.ts';

type Outcome = { tone: 'done' | 'failed'; text: string } | null;

/**
 * "Add to cart" for one tool, and what happened in a polite live region under it (with the way to
 * the cart). `quantity` null: the quantity chosen cannot be ordered, so the button is off.
 */
export function AddToCartButton({
  tool,
  quantity,
  className = '',
  size = 'md',
  label = 'Add to cart',
}: {
  tool: Pick<Tool, '_id' | 'name' | 'quantity' | 'minimumOrder' | 'orderIncrement' | 'maxPerOrder'>;
  quantity: number | null;
  className?: string;
  size?: 'md' | 'lg';
  /** The button's name for assistive technology, when the tool's name is not next to it. */
  label?: string;
}) {
  const cart = useCart();
  const statusId = useId();
  const [isAdding, setIsAdding] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const isOutOfStock = !canBeOrdered(tool);

  const add = async () => {
    if (quantity === null) return;
    setIsAdding(true);
    setOutcome(null);
    try {
      const { left } = await cart.addLines([{ toolId: tool._id, quantity }]);
      setOutcome(
        left.length === 0
          ? { tone: 'done', text: `Added ${formatCount(quantity)} × ${tool.name} to your cart.` }
          : {
              tone: 'failed',
              text: `${tool.name} was not added: your cart is full. Remove a tool from it first.`,
            },
      );
    } catch (error) {
      setOutcome({ tone: 'failed', text: `${tool.name} was not added. ${errorMessage(error)}` });
    } finally {
      setIsAdding(false);
    }
  };

  return (
    <>
      <Button
        variant="outline"
        size={size}
        className={className}
        isPending={isAdding}
        disabled={quantity === null || isOutOfStock || cart.owner === 'pending'}
        onClick={() => void add()}
        aria-label={label === 'Add to cart' ? undefined : label}
        aria-describedby={outcome ? statusId : undefined}
      >
        Add to cart
      </Button>
      <p
        id={statusId}
        role="status"
        className={`col-span-full basis-full text-sm ${
          outcome?.tone === 'failed' ? 'text-red-700' : 'text-emerald-800'
        }`}
      >
        {outcome && (
          <>
            {outcome.text}{' '}
            {outcome.tone === 'done' && (
              <Link
                to={paths.cart()}
                className="font-semibold text-navy-700 underline underline-offset-2"
              >
                View cart
              </Link>
            )}
          </>
        )}
      </p>
    </>
  );
}
