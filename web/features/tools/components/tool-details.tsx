import { formatUnits } from '#contract/format.ts';
import { canBeOrdered, packAndLimitText } from '#contract/quantity-rules.ts';
import type { Attribute } from '#contract/specifications.ts';
import type { Tool, ToolDetail } from '#contract/tools.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { useMoney } from '#web/lib/store-config.ts';
import { SpecificationTable } from './specification-table.tsx';
import { ToolDocuments } from './tool-documents.tsx';
import { ToolGallery } from './tool-gallery.tsx';
import { VolumePrices } from './volume-prices.tsx';

/** The tool's SKU and brand, and the maker's part number and barcode when known. */
function PartNumbers({ tool }: { tool: Tool }) {
  const numbers: [string, string][] = [
    ['SKU', tool.sku],
    ['Brand', tool.brand],
    ...(tool.mpn ? [['Maker’s part number', tool.mpn] as [string, string]] : []),
    ...(tool.gtin ? [['GTIN', tool.gtin] as [string, string]] : []),
  ];
  return (
    <dl className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm" data-testid="part-numbers">
      {numbers.map(([label, value]) => (
        <div key={label} className="flex gap-1.5">
          <dt className="text-stone-600">{label}</dt>
          <dd className="font-mono font-medium break-all text-stone-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Everything a buyer needs to know about one tool before ordering. */
export function ToolDetails({
  tool,
  specifications = [],
}: {
  tool: ToolDetail;
  /** The attributes of the tool's category and those above it (its specification table). */
  specifications?: readonly Pick<Attribute, '_id' | 'key' | 'name' | 'unit'>[];
}) {
  const money = useMoney();
  const isOutOfStock = !canBeOrdered(tool);
  const rules = packAndLimitText(tool);
  return (
    <div>
      <ToolGallery tool={tool} />
      <p className="mt-6 text-sm font-semibold tracking-wide text-orange-700 uppercase">
        Bulk order
      </p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">
        {tool.name}
      </h1>
      <PartNumbers tool={tool} />
      <p className="mt-3 text-stone-700">{tool.description}</p>
      <dl className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div className="rounded-lg border border-stone-200 bg-white p-4">
          <dt className="text-sm text-stone-600">Price per unit</dt>
          <dd className="mt-1 text-xl font-bold text-navy-900">{money(tool.price)}</dd>
        </div>
        <div className="rounded-lg border border-stone-200 bg-white p-4">
          <dt className="text-sm text-stone-600">Minimum order</dt>
          <dd className="mt-1 text-xl font-bold text-navy-900">{formatUnits(tool.minimumOrder)}</dd>
          {rules && (
            <dd className="mt-1 text-sm font-medium text-stone-700" data-testid="quantity-rules">
              {rules}
            </dd>
          )}
        </div>
        <div className="rounded-lg border border-stone-200 bg-white p-4">
          <dt className="text-sm text-stone-600">Available quantity</dt>
          <dd className="mt-1 text-xl font-bold text-navy-900" data-testid="available-quantity">
            {formatUnits(tool.quantity)}
          </dd>
          {isOutOfStock && (
            <div className="mt-2">
              <Badge tone="danger">Out of stock</Badge>
            </div>
          )}
        </div>
        <VolumePrices tool={tool} />
      </dl>
      <SpecificationTable tool={tool} attributes={specifications} />
      <ToolDocuments tool={tool} />
    </div>
  );
}
