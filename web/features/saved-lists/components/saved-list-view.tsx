import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { MergedLine } from '#contract/cart.ts';
import { formatCount, formatUnits } from '#contract/format.ts';
import type { SavedList } from '#contract/saved-lists.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/dialog.tsx';
import { FormError } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-error.ts';
import * as paths from '#web/lib/paths.ts';
import { useMoney } from '#web/lib/store-config.ts';
import { useFocusTitleWhenRemoved } from '#web/lib/use-focus-title.ts';
import {
  useDeleteList,
  useListToCart,
  useSetListLines,
  useUpdateList,
} from '../api/saved-lists.ts';

type Line = SavedList['lines'][number];

function LineRow({
  line,
  canChange,
  quantity,
  onQuantity,
  onRemove,
}: {
  line: Line;
  canChange: boolean;
  quantity: number;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}) {
  const { tool } = line;
  const money = useMoney();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div className="min-w-0">
        <Link
          to={paths.tool(line.toolId)}
          className="font-semibold text-navy-800 underline wrap-anywhere"
        >
          {tool.name}
        </Link>
        <p className="text-sm text-stone-600">
          SKU {tool.sku} · {money(tool.price)} each ·{' '}
          {tool.isListed ? `${formatCount(tool.stock)} in stock` : 'no longer sold'}
        </p>
        {!tool.isListed && <Badge tone="warning">No longer sold</Badge>}
      </div>
      {canChange ? (
        <div className="flex items-end gap-2">
          <label className="text-sm font-semibold text-stone-800">
            Units
            <input
              type="number"
              min={1}
              value={quantity}
              onChange={(event) =>
                onQuantity(Math.max(1, Math.floor(Number(event.target.value)) || 1))
              }
              className="mt-1 block w-24 rounded-md border border-stone-400 px-2 py-1.5"
              aria-label={`Units of ${tool.name}`}
            />
          </label>
          <Button size="sm" variant="ghost" onClick={onRemove} aria-label={`Remove ${tool.name}`}>
            Remove
          </Button>
        </div>
      ) : (
        <p className="text-sm font-semibold text-stone-800">{formatUnits(quantity)}</p>
      )}
    </li>
  );
}

/** What putting the list in the cart did, line by line, in the cart's own words. */
function CartReport({
  lines,
  describe,
}: {
  lines: readonly MergedLine[];
  describe: (line: MergedLine) => string;
}) {
  return (
    <div className="rounded-xl border border-sky-300 bg-sky-50 p-4 text-sky-950">
      <p className="font-bold">The list is in your cart:</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 break-words">
        {lines.map((line) => (
          <li key={line.toolId}>{describe(line)}</li>
        ))}
      </ul>
      <Link to={paths.cart()} className={buttonClasses({ size: 'sm', className: 'mt-3' })}>
        View cart
      </Link>
    </div>
  );
}

/** A list's page: its lines, changing them, sharing, deleting, and the whole list into the cart. */
export function SavedListView({
  list,
  canShare,
  describeMerged,
  titleId,
}: {
  list: SavedList;
  /** The page's title: where focus goes when a line goes with the Remove button that had it. */
  titleId: string;
  /** The caller is in a company to share with. */
  canShare: boolean;
  describeMerged: (line: MergedLine) => string;
}) {
  const toast = useToast();
  const navigate = useNavigate();
  const setLines = useSetListLines();
  const update = useUpdateList();
  const remove = useDeleteList();
  const toCart = useListToCart();
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [report, setReport] = useState<readonly MergedLine[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const quantityOf = (line: Line) => quantities[line.toolId] ?? line.quantity;
  const isChanged = list.lines.some((line) => quantityOf(line) !== line.quantity);
  const markRemoved = useFocusTitleWhenRemoved(
    list.lines,
    (line) => line.toolId,
    titleId,
    isDeleting,
  );

  const saveLines = (lines: readonly Line[]) =>
    setLines.mutate(
      {
        id: list._id,
        body: { lines: lines.map((line) => ({ toolId: line.toolId, quantity: quantityOf(line) })) },
      },
      {
        onSuccess: () => {
          setQuantities({});
          toast.success('The list is saved.');
        },
        onError: (error) => setFailure(`The list was not changed. ${errorMessage(error)}`),
      },
    );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
        {list.isShared ? (
          <Badge tone="info">Shared with the company</Badge>
        ) : (
          <Badge>Private</Badge>
        )}
        <span>Made by {list.maker.isCaller ? 'you' : list.maker.name}.</span>
        {!list.canChange && <span>Only its maker or the company's owner can change it.</span>}
      </div>
      {list.lines.length === 0 ? (
        <p className="text-stone-700">
          No tools on this list yet: press “Save to list” on a tool, your cart or an order.
        </p>
      ) : (
        <ul
          aria-label="Tools on the list"
          className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white"
        >
          {list.lines.map((line) => (
            <LineRow
              key={line.toolId}
              line={line}
              canChange={list.canChange}
              quantity={quantityOf(line)}
              onQuantity={(quantity) =>
                setQuantities((all) => ({ ...all, [line.toolId]: quantity }))
              }
              onRemove={() => {
                markRemoved(line.toolId);
                saveLines(list.lines.filter((other) => other.toolId !== line.toolId));
              }}
            />
          ))}
        </ul>
      )}
      <FormError>{failure}</FormError>
      <div className="flex flex-wrap gap-3">
        <Button
          wraps
          size="lg"
          disabled={list.lines.length === 0}
          isPending={toCart.isPending}
          onClick={() =>
            toCart.mutate(list._id, {
              onSuccess: (merged) => setReport(merged.merged),
              onError: (error) =>
                setFailure(`Nothing was added to your cart. ${errorMessage(error)}`),
            })
          }
        >
          Put the whole list in the cart
        </Button>
        {list.canChange && isChanged && (
          <Button
            variant="secondary"
            isPending={setLines.isPending}
            onClick={() => saveLines(list.lines)}
          >
            Save quantities
          </Button>
        )}
        {list.canChange && (canShare || list.isShared) && (
          <Button
            variant="outline"
            isPending={update.isPending}
            onClick={() => update.mutate({ id: list._id, body: { isShared: !list.isShared } })}
          >
            {list.isShared ? 'Make it private' : 'Share with my company'}
          </Button>
        )}
        {list.canChange && (
          <Button variant="danger-outline" onClick={() => setIsDeleting(true)}>
            Delete list
          </Button>
        )}
      </div>
      <div role="status" className="empty:hidden">
        {report && <CartReport lines={report} describe={describeMerged} />}
      </div>
      <ConfirmDialog
        open={isDeleting}
        title="Delete this list?"
        message={`${list.name} and its tools go. Nothing in your cart or orders changes.`}
        confirmLabel="Delete list"
        isPending={remove.isPending}
        onClose={() => setIsDeleting(false)}
        onConfirm={() =>
          remove.mutate(list._id, {
            onSuccess: () => {
              toast.success(`${list.name} was deleted.`);
              void navigate(paths.savedLists());
            },
            onError: (error) => toast.error(errorMessage(error)),
          })
        }
      />
    </div>
  );
}
