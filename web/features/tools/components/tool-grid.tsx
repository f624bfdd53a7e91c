import type { Tool } from '../../../../contract/tools.ts';
import { ToolCard } from './tool-card.tsx';

/** One column on phones, two on tablets, three on large screens. */
export function ToolGrid({ tools, headingLevel }: { tools: Tool[]; headingLevel?: 'h2' | 'h3' }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {tools.map((tool) => (
        <li key={tool._id}>
          <ToolCard tool={tool} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
