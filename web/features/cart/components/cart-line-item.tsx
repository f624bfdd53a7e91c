import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { CartLine } from '#contract/cart.ts';
import { formatCount } from '#contract/format.ts';
import { MAX_ORDER_UNITS } from '#contract/order-limits.ts';
import { packAndLimitText, ruleLimit } from '#contract/quantity-rules.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ToolImage } from '#web/components/ui/tool-image.tsx';
import * as paths from '#web/lib/paths.ts';
import { useMoney } from '#web/lib/store-config.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';

/** A quantity typed is sent once typing pauses (or on leaving the field, or Enter). */
const QUANTITY_PAUSE_MS = 600;

function parseQuantity(text: string): number | null {
  const quantity = Number(text);
  return text.trim() !== '' &&
    Number.isInteger(quantity) &&
    quantity >= 1 &&
    quantity <= MAX_ORDER_UNITS
    ? quantity
    : null;
}

/** "500+ at $3.49": the volume price this line reaches, or the next one it could. */
function VolumeNote({ line, priceOf }: { line: CartLine; priceOf: (price: number) => number }) {
  const money = useMoney();
  const tool = line.tool;
  if (!tool || tool.priceTiers.length === 0) return null;
  const reached = tool.priceTiers.filter((tier) => line.quantity >= tier.minQuantity).at(-1);
  const next = tool.priceTiers.find((tier) => line.quantity < tier.minQuantity);
  return (
    <p className="text-sm">
      {reached && (
        <span className="font-medium text-green-800" data-testid="volume-price">
          Volume price: {formatCount(reached.minQuantity)}+ at {money(priceOf(reached.price))}{' '}
          <span className="text-stone-600">(instead of {money(priceOf(tool.price))})</span>
        </span>
      )}
      {reached && next && <br />}
      {next && (
        <span className="text-stone-600">
          {formatCount(next.minQuantity)}+ at {money(priceOf(next.price))} each
        </span>
      )}
    </p>
  );
}

/**
 * One line of the cart: the tool, how many (changeable), its price, the line total, and what
 * stops it from being ordered, in a sentence (the store's own words, or the checkout's). Each
 * price as `priceOf` makes it (the checkout's destination's), each unit rounded as an order does.
 */
export function CartLineItem({
  line,
  priceOf = (price) => price,
  shortMessage,
  onQuantity,
  onRemove,
}: {
  line: CartLine;
  /** A store price as this buyer is charged it; the price itself by default. */
  priceOf?: (price: number) => number;
  /** What the last checkout found wrong with this line (stock gone meanwhile). */
  shortMessage: string | undefined;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}) {
  const money = useMoney();
  const isHydrated = useHydrated();
  const inputId = useId();
  const messageId = useId();
  const [text, setText] = useState(String(line.quantity));
  const sent = useRef(line.quantity);
  const timer = useRef<number | undefined>(undefined);
  const tool = line.tool;
  const typed = parseQuantity(text);

  // The store's answer (or another tab) changed the quantity: show it unless it is being typed.
  useEffect(() => {
    if (line.quantity !== sent.current && timer.current === undefined) {
      sent.current = line.quantity;
      setText(String(line.quantity));
    }
  }, [line.quantity]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const send = (value: string) => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    const quantity = parseQuantity(value);
    if (quantity === null || quantity === sent.current) return;
    sent.current = quantity;
    onQuantity(quantity);
  };
  const onChange = (value: string) => {
    setText(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => send(value), QUANTITY_PAUSE_MS);
  };

  const problem =
    typed === null
      ? `Enter a whole number of units, from 1 to ${formatCount(MAX_ORDER_UNITS)}.`
      : (shortMessage ?? line.problem?.message ?? null);
  const name = tool?.name ?? 'A tool no longer sold';

  return (
    <li className="grid grid-cols-[4.5rem_minmax(0,1fr)] gap-x-4 gap-y-3 py-5 sm:grid-cols-[6rem_minmax(0,1fr)_auto]">
      <div className="row-span-2 self-start overflow-hidden rounded-md border border-stone-200 bg-stone-100 sm:row-span-1">
        <ToolImage src={tool?.img ?? ''} alt="" />
      </div>
      <div className="min-w-0 space-y-1">
        <h3 className="text-base leading-snug font-bold wrap-anywhere text-navy-900">
          {tool ? (
            <Link
              to={paths.tool(line.toolId)}
              className="underline-offset-4 hover:text-navy-700 hover:underline"
            >
              {tool.name}
            </Link>
          ) : (
            name
          )}
        </h3>
        {tool && (
          <>
            <p className="text-xs text-stone-600">
              SKU <span className="font-mono">{tool.sku}</span>
            </p>
            <p className="text-sm text-stone-700">
              <span className="font-semibold text-stone-900" data-testid="unit-price">
                {money(priceOf(line.unitPrice))}
              </span>{' '}
              each
            </p>
            <VolumeNote line={line} priceOf={priceOf} />
            <p className="text-sm text-stone-600">
              {formatCount(tool.quantity)} in stock · minimum order {formatCount(tool.minimumOrder)}
            </p>
            {packAndLimitText(tool) && (
              <p className="text-sm text-stone-600" data-testid="line-rules">
                {packAndLimitText(tool)}
              </p>
            )}
          </>
        )}
      </div>
      <div className="col-start-2 flex flex-wrap items-end gap-3 sm:col-start-3 sm:row-start-1 sm:flex-col sm:items-end">
        {tool && (
          <div className="w-28">
            <label htmlFor={inputId} className="block text-sm font-semibold text-stone-800">
              Units<span className="sr-only"> of {tool.name}</span>
            </label>
            <input
              id={inputId}
              type="number"
              inputMode="numeric"
              min={tool.minimumOrder}
              max={ruleLimit(tool)}
              step={tool.orderIncrement}
              value={text}
              disabled={!isHydrated}
              onChange={(event) => onChange(event.target.value)}
              onBlur={(event) => send(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  send(event.currentTarget.value);
                }
              }}
              aria-invalid={problem !== null || undefined}
              aria-describedby={problem ? messageId : undefined}
              className="mt-1 block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base text-stone-900 aria-invalid:border-red-700"
            />
          </div>
        )}
        <p className="text-right">
          <span className="block text-xs text-stone-600">Line total</span>
          <span className="text-lg font-bold text-navy-900" data-testid="line-total">
            {line.problem || !tool ? '–' : money(priceOf(line.unitPrice) * line.quantity)}
          </span>
        </p>
        <Button variant="ghost" size="sm" onClick={onRemove}>
          Remove<span className="sr-only"> {name}</span>
        </Button>
      </div>
      {problem && (
        <p
          id={messageId}
          className="col-span-full text-sm font-medium text-red-700 sm:col-start-2"
          data-testid="line-problem"
        >
          {problem}
        </p>
      )}
    </li>
  );
}
