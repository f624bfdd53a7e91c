import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatUnits } from '#contract/format.ts';
import { canBeOrdered } from '#contract/quantity-rules.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { RatingSummary } from '#web/components/ui/rating.tsx';
import { ToolImage } from '#web/components/ui/tool-image.tsx';
import { truncate } from '#web/lib/format.ts';
import * as paths from '#web/lib/paths.ts';
import { useMoney } from '#web/lib/store-config.ts';
import { DESCRIPTION_PREVIEW_LENGTH, type ToolSummary } from '../utils/tool-summary.ts';

export function ToolCard({
  tool,
  headingLevel = 'h3',
  action,
  isPictureFirst = false,
}: {
  tool: ToolSummary;
  headingLevel?: 'h2' | 'h3';
  /** Another way to act on the tool, beside "Buy Now" (the cart's button). */
  action?: ReactNode;
  /** Whether its picture is asked for at once, before the page's other pictures. */
  isPictureFirst?: boolean;
}) {
  const money = useMoney();
  const Heading = headingLevel;
  const isOutOfStock = !canBeOrdered(tool);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <div className="relative border-b border-stone-100 bg-stone-100">
        <ToolImage src={tool.img} alt="" isPriority={isPictureFirst} />
        {/* Seen at a glance in a grid; the card's actions say it in words. */}
        {isOutOfStock && (
          <span aria-hidden="true" className="absolute top-3 left-3">
            <Badge tone="danger">Out of stock</Badge>
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs text-stone-600">
          <span className="font-semibold text-stone-800">{tool.brand}</span> · SKU{' '}
          <span className="font-mono">{tool.sku}</span>
        </p>
        <Heading className="mt-1 text-lg leading-snug font-bold text-navy-900">
          <Link
            to={paths.tool(tool._id)}
            className="underline-offset-4 hover:text-navy-700 hover:underline"
          >
            {tool.name}
          </Link>
        </Heading>
        {tool.rating.average !== null && (
          <div className="mt-1">
            <RatingSummary average={tool.rating.average} count={tool.rating.count} compact />
          </div>
        )}
        <p className="mt-2 text-sm text-stone-600">
          {truncate(tool.description, DESCRIPTION_PREVIEW_LENGTH)}
        </p>
        <dl className="mt-4 space-y-1.5 border-t border-stone-100 pt-4 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-stone-600">In stock</dt>
            <dd className="font-medium text-stone-900">{formatUnits(tool.quantity)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-stone-600">Minimum order</dt>
            <dd className="font-medium text-stone-900">{formatUnits(tool.minimumOrder)}</dd>
          </div>
          <div className="flex items-baseline justify-between gap-4">
            <dt className="text-stone-600">Price</dt>
            <dd className="text-lg font-bold text-navy-900">
              {money(tool.price)} <span className="text-xs font-medium text-stone-600">/ unit</span>
            </dd>
          </div>
        </dl>
        <div className="mt-auto flex flex-wrap gap-2 pt-5">
          {isOutOfStock ? (
            // Nothing to buy: the purchase page would only say so. The name still leads to the tool.
            <p className="flex min-h-10 flex-1 items-center justify-center rounded-md border border-stone-200 bg-stone-100 px-3 text-sm font-semibold whitespace-nowrap text-stone-700">
              Out of stock
            </p>
          ) : (
            <Link
              to={paths.purchase(tool._id)}
              aria-label={`Buy Now: ${tool.name}`}
              className={buttonClasses({ className: 'flex-1' })}
            >
              Buy Now
            </Link>
          )}
          {action}
        </div>
      </div>
    </article>
  );
}
