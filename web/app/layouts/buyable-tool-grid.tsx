import { formatUnits } from '#contract/format.ts';
import { AddToCartButton } from '#web/features/cart/components/add-to-cart-button.tsx';
import { ToolGrid } from '#web/features/tools/components/tool-grid.tsx';
import type { ToolSummary } from '#web/features/tools/utils/tool-summary.ts';

/** A page's tools as cards, each with Add to cart at its minimum order (the catalogue, a category). */
export function BuyableToolGrid({ tools }: { tools: readonly ToolSummary[] }) {
  return (
    <ToolGrid
      tools={tools}
      headingLevel="h2"
      isFirstInView
      actionFor={(tool) => (
        <AddToCartButton
          tool={tool}
          quantity={tool.minimumOrder}
          className="flex-1"
          label={`Add to cart: ${tool.name}, ${formatUnits(tool.minimumOrder)}`}
        />
      )}
    />
  );
}
