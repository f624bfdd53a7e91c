import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-error.ts';
import type { BuyAgainState } from '#web/lib/buy-again-state.ts';
import * as paths from '#web/lib/paths.ts';
import { useCart } from '../hooks/use-cart.ts';
import type { CartLineInput } from '../utils/cart-lines.ts';

/** A line of an earlier order: its tool, how many, and the name to report it by. */
export type EarlierLine = CartLineInput & { productName: string };

function listNames(lines: readonly EarlierLine[]): string {
  return lines.map((line) => line.productName).join(', ');
}

/**
 * "Buy again": puts an earlier order's lines in the cart (quantities add to what is there), then
 * opens the cart, where today's prices and stock show. Lines that could not go in (the tool is no
 * longer sold, the cart is full) are named; when none could, the buyer stays here and is told why.
 */
export function BuyAgainButton({
  lines,
  state,
}: {
  lines: readonly EarlierLine[];
  /** Handed to the cart page (where the earlier order went, for checkout to offer again). */
  state?: BuyAgainState;
}) {
  const cart = useCart();
  const navigate = useNavigate();
  const toast = useToast();
  const [isAdding, setIsAdding] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const buyAgain = async () => {
    setIsAdding(true);
    setFailure(null);
    try {
      const { left } = await cart.addLines(
        lines.map(({ toolId, quantity }) => ({ toolId, quantity })),
      );
      const notAdded = lines.filter((line) => left.some((l) => l.toolId === line.toolId));
      if (notAdded.length === lines.length) {
        setFailure(
          `Nothing was added to your cart: ${listNames(notAdded)} ${notAdded.length === 1 ? 'is' : 'are'} no longer sold, or your cart is full.`,
        );
        return;
      }
      if (notAdded.length > 0) {
        toast.info(
          `Not added to your cart: ${listNames(notAdded)} (no longer sold, or your cart is full).`,
        );
      }
      await navigate(paths.cart(), { state });
    } catch (error) {
      setFailure(`Nothing was added to your cart. ${errorMessage(error)}`);
    } finally {
      setIsAdding(false);
    }
  };

  return (
    <div className="flex flex-col items-start gap-2">
      <Button
        variant="outline"
        isPending={isAdding}
        disabled={cart.owner === 'pending'}
        onClick={() => void buyAgain()}
      >
        Buy again
      </Button>
      {failure && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {failure}
        </p>
      )}
    </div>
  );
}
