import { formatCount, joinWords } from '#contract/format.ts';
import type { QuickOrderCheck, QuickOrderRow } from '#contract/quick-order.ts';
import { useMoney } from '#web/lib/store-config.ts';

/** "Line 4", or "Lines 2 and 6" for a part number named twice. */
function linesLabel(lines: number[]): string {
  if (lines.length === 1) return `Line ${lines[0]}`;
  return `Lines ${joinWords(lines)}`;
}

function Row({ row, index }: { row: QuickOrderRow; index: number }) {
  const money = useMoney();
  const isReady = row.problem === null;
  const labelId = `quick-row-${index}-label`;
  const messageId = `quick-row-${index}-message`;
  return (
    <li
      aria-labelledby={labelId}
      aria-describedby={messageId}
      className={`grid gap-1 border-l-4 py-3 pr-2 pl-3 sm:grid-cols-[9rem_minmax(0,1fr)_auto] sm:gap-x-4 ${
        isReady ? 'border-emerald-600' : 'border-red-700'
      }`}
      data-testid="quick-order-row"
    >
      <p id={labelId} className="text-sm font-semibold text-stone-800">
        {linesLabel(row.lines)}
        <span className="block font-mono font-normal break-all text-stone-600">{row.text}</span>
      </p>
      <div className="min-w-0">
        {row.tool && (
          <p className="font-semibold wrap-anywhere text-navy-900">
            {row.tool.name}
            {row.quantity !== null && (
              <span className="font-normal text-stone-700"> × {formatCount(row.quantity)}</span>
            )}
          </p>
        )}
        <p
          id={messageId}
          className={`text-sm ${isReady ? 'text-emerald-800' : 'font-medium text-red-700'}`}
        >
          <span className="sr-only">{isReady ? 'Ready: ' : 'Needs a change: '}</span>
          {row.message}
        </p>
      </div>
      <p className="text-right text-sm font-bold text-navy-900">
        {isReady ? money(row.lineTotal) : '–'}
      </p>
    </li>
  );
}

/** Every row of a checked list, each with its line numbers and its sentence. */
export function QuickOrderRows({ check }: { check: QuickOrderCheck }) {
  if (check.rows.length === 0) return null;
  return (
    <ol aria-label="Your list, line by line" className="divide-y divide-stone-200">
      {check.rows.map((row, index) => (
        <Row key={row.lines.join('-')} row={row} index={index} />
      ))}
    </ol>
  );
}
