import type { ReactNode } from 'react';
import type { ToolSummary } from '../utils/tool-summary.ts';
import { ToolCard } from './tool-card.tsx';

/** One column on phones, two on tablets, three on large screens. */
export function ToolGrid({
  tools,
  headingLevel,
  actionFor,
  isFirstInView = false,
}: {
  tools: readonly ToolSummary[];
  headingLevel?: 'h2' | 'h3';
  /** Another way to act on each tool, beside "Buy Now" (the cart's button). */
  actionFor?: (tool: ToolSummary) => ReactNode;
  /**
   * Whether the first card shows in the first screenful (a catalogue's list): its picture is
   * then asked for at once, with the page, rather than once laid out. On a phone it is the
   * page's largest paint.
   */
  isFirstInView?: boolean;
}) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {tools.map((tool, index) => (
        <li key={tool._id}>
          <ToolCard
            tool={tool}
            headingLevel={headingLevel}
            action={actionFor?.(tool)}
            isPictureFirst={isFirstInView && index === 0}
          />
        </li>
      ))}
    </ul>
  );
}
