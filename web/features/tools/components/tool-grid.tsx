import type { ReactNode } from 'react';
import type { Tool } from '#contract/tools.ts';
import { ToolCard } from './tool-card.tsx';

/** One column on phones, two on tablets, three on large screens. */
export function ToolGrid({
  tools,
  headingLevel,
  actionFor,
}: {
  tools: Tool[];
  headingLevel?: 'h2' | 'h3';
  /** Another way to act on each tool, beside "Buy Now" (the cart's button). */
  actionFor?: (tool: Tool) => ReactNode;
}) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {tools.map((tool) => (
        <li key={tool._id}>
          <ToolCard tool={tool} headingLevel={headingLevel} action={actionFor?.(tool)} />
        </li>
      ))}
    </ul>
  );
}
