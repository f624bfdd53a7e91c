import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { formatCount } from '#contract/format.ts';
import type { OrderLineInput } from '#contract/order-placement.ts';
import type { QuickOrderCheck } from '#contract/quick-order.ts';
import { QUICK_ORDER_MAX_CHARACTERS, QUICK_ORDER_MAX_LINES } from '#contract/quick-order-text.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ErrorState } from '#web/components/ui/state.tsx';
import { useMoney } from '#web/lib/store-config.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { checkQuickOrder } from '../api/check-quick-order.ts';
import { readListFile } from '../utils/read-list-file.ts';
import { QuickOrderRows } from './quick-order-rows.tsx';

const EXAMPLE = 'HD-13 20\nSAW-450,5';

export type AddToCart = (lines: OrderLineInput[]) => Promise<{ left: readonly OrderLineInput[] }>;

/**
 * The quick order pad: part numbers and quantities typed, pasted or read from a CSV file, checked
 * by the store row by row, and the ready rows put into the cart in one step (`addToCart`: the
 * app's cart, the browser's for a visitor, the store's for a customer). `cartLink` leads there.
 */
export function QuickOrderPad({
  addToCart,
  cartLink,
}: {
  addToCart: AddToCart;
  cartLink: ReactNode;
}) {
  const money = useMoney();
  const isHydrated = useHydrated();
  const textId = useId();
  const hintId = useId();
  const problemId = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState<{ tone: 'done' | 'failed'; text: string } | null>(null);
  const check = useMutation({ mutationFn: checkQuickOrder });
  const result: QuickOrderCheck | undefined = check.data;

  const run = (value: string) => {
    setAdded(null);
    if (value.trim() === '') {
      setProblem('Write at least one part number and its quantity, or choose a file.');
      return;
    }
    setProblem(null);
    check.mutate(value);
  };
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const read = await readListFile(file);
    if ('problem' in read) {
      setProblem(read.problem);
      return;
    }
    setText(read.text);
    run(read.text);
  };
  const add = async () => {
    if (!result || result.ready.length === 0) return;
    try {
      const { left } = await addToCart(result.ready);
      const put = result.ready.length - left.length;
      setAdded(
        left.length === 0
          ? {
              tone: 'done',
              text: `Added ${formatCount(put)} ${put === 1 ? 'line' : 'lines'} to your cart.`,
            }
          : {
              tone: 'failed',
              text: `Added ${formatCount(put)} of ${formatCount(result.ready.length)} lines: your cart is full. Check out or remove tools, then add the rest.`,
            },
      );
    } catch (error) {
      setAdded({
        tone: 'failed',
        text: `Nothing was added. ${error instanceof Error ? error.message : ''}`.trim(),
      });
    }
  };

  return (
    <div className="space-y-6">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          run(text);
        }}
        className="space-y-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <div>
          <label htmlFor={textId} className="block text-sm font-semibold text-stone-800">
            Part numbers and quantities
          </label>
          <p id={hintId} className="mt-1 text-sm text-stone-600">
            One per line: the SKU, then how many (<code>HD-13 20</code> or <code>HD-13,20</code>).
            Up to {QUICK_ORDER_MAX_LINES} lines; a part number on several lines is added up.
          </p>
          <textarea
            id={textId}
            rows={8}
            value={text}
            maxLength={QUICK_ORDER_MAX_CHARACTERS}
            placeholder={EXAMPLE}
            spellCheck={false}
            autoCapitalize="characters"
            onChange={(event) => setText(event.target.value)}
            aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
            aria-invalid={problem ? true : undefined}
            className="mt-2 block w-full rounded-md border border-stone-400 bg-white px-3 py-2 font-mono text-base text-stone-900 aria-invalid:border-red-700"
          />
          {problem && (
            <p id={problemId} className="mt-2 text-sm font-medium text-red-700">
              {problem}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" isPending={check.isPending} disabled={!isHydrated}>
            Check the list
          </Button>
          <label className="text-sm font-semibold text-navy-700">
            <span>Or choose a CSV file (sku,quantity)</span>
            <input
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              disabled={!isHydrated}
              onChange={(event) => void onFile(event.target.files?.[0])}
              className="mt-1 block w-full max-w-full text-sm text-stone-700 file:mr-3 file:rounded-md file:border file:border-stone-300 file:bg-white file:px-3 file:py-1.5 file:font-semibold"
            />
          </label>
        </div>
      </form>

      <p role="status" aria-live="polite" className="text-base font-semibold text-navy-900">
        {check.isPending ? 'Checking your list…' : (result?.summary ?? '')}
      </p>
      {check.isError && (
        <ErrorState
          error={check.error}
          title="Your list could not be checked"
          onRetry={() => run(text)}
          className="my-0"
        />
      )}
      {result && result.rows.length > 0 && (
        <section aria-label="Checked list" className="space-y-4">
          <QuickOrderRows check={result} />
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-stone-200 pt-4">
            <p className="text-stone-700">
              Ready lines total{' '}
              <span className="text-xl font-bold text-navy-900">{money(result.total)}</span>
            </p>
            <Button onClick={() => void add()} disabled={result.ready.length === 0}>
              {result.ready.length === 0
                ? 'No line is ready to add'
                : `Add ${formatCount(result.ready.length)} ready ${result.ready.length === 1 ? 'line' : 'lines'} to the cart`}
            </Button>
          </div>
          <p
            role="status"
            className={`text-sm ${added?.tone === 'failed' ? 'text-red-700' : 'text-emerald-800'}`}
          >
            {added && (
              <>
                {added.text} {added.tone === 'done' && cartLink}
              </>
            )}
          </p>
        </section>
      )}
    </div>
  );
}
