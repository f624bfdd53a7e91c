import { Link } from 'react-router';
import { formatCount } from '#contract/format.ts';
import type { Tool } from '#contract/tools.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { type Column, DataTable } from '#web/components/ui/table.tsx';
import { ToolImage } from '#web/components/ui/tool-image.tsx';
import * as paths from '#web/lib/paths.ts';
import { useMoney } from '#web/lib/store-config.ts';

/** The stock, and whether it is low: below the minimum order (nobody can buy it), or below `lowBelow`. */
function StockCell({ tool, lowBelow }: { tool: Tool; lowBelow: number | undefined }) {
  const short = tool.quantity < tool.minimumOrder;
  const low = short || (lowBelow !== undefined && tool.quantity < lowBelow);
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-2 md:justify-start">
      <span className="whitespace-nowrap">{formatCount(tool.quantity)}</span>
      {low && <Badge tone={short ? 'danger' : 'warning'}>{short ? 'Below minimum' : 'Low'}</Badge>}
    </span>
  );
}

export function ProductsTable({
  tools,
  caption,
  lowBelow,
  onEdit,
  onDelete,
}: {
  tools: Tool[];
  /** What the rows are and in which order, for screen readers. */
  caption: string;
  /** The stock threshold the admin filtered by, if any. */
  lowBelow?: number | undefined;
  onEdit: (tool: Tool) => void;
  onDelete: (tool: Tool) => void;
}) {
  const money = useMoney();
  const columns: Column<Tool>[] = [
    {
      header: 'Image',
      cell: (tool) => (
        <ToolImage src={tool.img} alt="" className="h-12 !w-16 rounded border border-stone-200" />
      ),
    },
    {
      header: 'Tool name',
      cell: (tool) => (
        <Link to={paths.tool(tool._id)} className="font-semibold text-navy-900 hover:underline">
          {tool.name}
        </Link>
      ),
    },
    {
      header: 'Id',
      cell: (tool) => (
        // The first block of the id is enough to tell tools apart; the whole id is one copy away.
        <code className="font-mono text-xs whitespace-nowrap text-stone-600" title={tool._id}>
          {tool._id.slice(0, 8)}
          <span className="sr-only">{tool._id.slice(8)}</span>
        </code>
      ),
    },
    { header: 'Stock', cell: (tool) => <StockCell tool={tool} lowBelow={lowBelow} /> },
    { header: 'Minimum order', cell: (tool) => formatCount(tool.minimumOrder) },
    {
      header: 'Price',
      cell: (tool) => (
        <span className="whitespace-nowrap">
          {money(tool.price)}
          {tool.priceTiers.length > 0 && (
            <span className="block text-xs text-stone-600">
              {tool.priceTiers.length} volume {tool.priceTiers.length === 1 ? 'price' : 'prices'}
            </span>
          )}
        </span>
      ),
    },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (tool) => (
        <span className="flex w-full flex-wrap justify-end gap-2 md:flex-nowrap">
          <Button
            size="sm"
            variant="outline"
            onClick={() => onEdit(tool)}
            aria-label={`Edit ${tool.name}`}
          >
            Edit
          </Button>
          <Button
            size="sm"
            variant="danger-outline"
            onClick={() => onDelete(tool)}
            aria-label={`Delete ${tool.name}`}
          >
            Delete
          </Button>
        </span>
      ),
    },
  ];
  return <DataTable caption={caption} columns={columns} rows={tools} rowKey={(tool) => tool._id} />;
}
