import { Link } from 'react-router';
import { MAX_COMPARED } from '#contract/compare.ts';
import { Button } from '#web/components/ui/button.tsx';
import * as paths from '#web/lib/paths.ts';
import { useCompareList } from '../api/compare-list.ts';

/**
 * Picks a tool to compare, or puts it back, and leads to the comparison once two are picked. Four
 * at most: a fifth is refused in a sentence.
 */
export function CompareToggle({ toolId, toolName }: { toolId: string; toolName: string }) {
  const list = useCompareList();
  const isPicked = list.ids.includes(toolId);
  const count = list.ids.length;
  const label = isPicked ? 'Remove from compare' : 'Add to compare';
  return (
    <div className="mt-4 space-y-2 text-sm">
      <Button
        variant="outline"
        size="sm"
        aria-pressed={isPicked}
        disabled={!isPicked && list.isFull}
        onClick={() => (isPicked ? list.remove(toolId) : list.add(toolId))}
        aria-label={`${label}: ${toolName}`}
      >
        {label}
      </Button>
      <p role="status" className="text-stone-700">
        {!isPicked && list.isFull
          ? `You are comparing ${MAX_COMPARED} tools, the most at once: remove one to add this.`
          : count === 0
            ? ''
            : count === 1
              ? 'Pick one more tool to compare.'
              : null}
        {count >= 2 && (
          <Link to={paths.compare(list.ids)} className="font-semibold text-navy-700 underline">
            Compare {count} tools
          </Link>
        )}
      </p>
    </div>
  );
}
