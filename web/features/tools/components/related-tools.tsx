import { Link } from 'react-router';
import type { RelatedTool } from '#contract/tool-media.ts';
import { RELATION_KIND_LABELS, RELATION_KINDS } from '#contract/tool-media-kinds.ts';
import type { ToolDetail } from '#contract/tools.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { ToolImage } from '#web/components/ui/tool-image.tsx';
import * as paths from '#web/lib/paths.ts';
import { useMoney } from '#web/lib/store-config.ts';

/** One related tool as a small card: its picture, name, SKU, price and whether it is in stock. */
function RelatedToolCard({ tool }: { tool: RelatedTool }) {
  const money = useMoney();
  return (
    <li className="min-w-0">
      <article className="flex h-full gap-3 rounded-lg border border-stone-200 bg-white p-3">
        <div className="w-20 shrink-0 overflow-hidden rounded border border-stone-100 sm:w-24">
          <ToolImage src={tool.img} alt="" sizes="96px" />
        </div>
        <div className="min-w-0 flex-1 [overflow-wrap:anywhere]">
          <h3 className="text-sm leading-snug font-bold text-navy-900">
            <Link
              to={paths.tool(tool._id)}
              className="underline-offset-4 hover:text-navy-700 hover:underline"
            >
              {tool.name}
            </Link>
          </h3>
          <p className="mt-0.5 font-mono text-xs text-stone-600">SKU {tool.sku}</p>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
            <span className="font-bold text-navy-900">{money(tool.price)}</span>
            {tool.isInStock ? (
              <Badge tone="success">In stock</Badge>
            ) : (
              <Badge tone="danger">Out of stock</Badge>
            )}
          </p>
        </div>
      </article>
    </li>
  );
}

/**
 * The tools shown with this one, a section for each kind ("Accessories", "You may also need"),
 * in the admin's order; nothing for a kind without any.
 */
export function RelatedTools({ tool }: { tool: Pick<ToolDetail, 'related'> }) {
  return (
    <>
      {RELATION_KINDS.map((kind) => {
        const tools = tool.related.filter((entry) => entry.kind === kind);
        if (tools.length === 0) return null;
        return (
          <section key={kind} aria-labelledby={`related-${kind}`} className="mt-10">
            <h2 id={`related-${kind}`} className="text-lg font-bold text-navy-900">
              {RELATION_KIND_LABELS[kind]}
            </h2>
            <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {tools.map((entry) => (
                <RelatedToolCard key={entry._id} tool={entry} />
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
