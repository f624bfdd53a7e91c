import { useEffect, useState } from 'react';
import type { MergedLine } from '#contract/cart.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useCart } from '../hooks/use-cart.ts';
import { mergedLineSentence } from '../utils/merge-report.ts';

/**
 * What joining the cart from before signing in did, line by line, as the store reported it. Told
 * once: the notice takes the report from the cart as it arrives and keeps it until dismissed or
 * the page is left.
 */
export function MergedCartNotice() {
  const { mergeReport, takeMergeReport } = useCart();
  const [lines, setLines] = useState<readonly MergedLine[] | null>(null);
  useEffect(() => {
    if (!mergeReport) return;
    setLines(mergeReport);
    takeMergeReport();
  }, [mergeReport, takeMergeReport]);
  // The live region is there before its words, so screen readers announce them when they come.
  return (
    <div role="status" className="empty:hidden">
      {lines && lines.length > 0 && <Report lines={lines} onDismiss={() => setLines(null)} />}
    </div>
  );
}

function Report({ lines, onDismiss }: { lines: readonly MergedLine[]; onDismiss: () => void }) {
  return (
    <div className="mb-8 flex flex-col gap-3 rounded-xl border border-sky-300 bg-sky-50 p-4 text-sky-950 sm:flex-row sm:items-start sm:justify-between sm:p-6">
      <div className="min-w-0">
        <p className="font-bold">Your cart from before you signed in was added:</p>
        <ul className="mt-2 list-disc space-y-1 pl-5 break-words">
          {lines.map((line) => (
            <li key={line.toolId}>{mergedLineSentence(line)}</li>
          ))}
        </ul>
      </div>
      <Button variant="secondary" size="sm" className="self-start" onClick={onDismiss}>
        Dismiss
      </Button>
    </div>
  );
}
