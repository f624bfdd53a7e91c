import { useId } from 'react';
import { formatCount } from '#contract/format.ts';
import type { Tool } from '#contract/tools.ts';
import { useMoney } from '#web/lib/store-config.ts';

/** "500+ units: $3.49 each" for every price break of a tool; nothing when it has none. */
export function VolumePrices({ tool }: { tool: Pick<Tool, 'priceTiers'> }) {
  const money = useMoney();
  const titleId = useId();
  if (tool.priceTiers.length === 0) return null;
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-4 sm:col-span-3">
      <p className="text-sm text-stone-600" id={titleId}>
        Volume prices (per order line)
      </p>
      <ul aria-labelledby={titleId} className="mt-2 flex flex-wrap gap-2">
        {tool.priceTiers.map((tier) => (
          <li
            key={tier.minQuantity}
            className="rounded-md bg-orange-50 px-3 py-1.5 text-sm font-semibold text-navy-900 ring-1 ring-orange-200"
          >
            {formatCount(tier.minQuantity)}+ units: {money(tier.price)} each
          </li>
        ))}
      </ul>
    </div>
  );
}
