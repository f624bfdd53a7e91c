import { formatCount } from '#contract/format.ts';
import type { Tool } from '#contract/tools.ts';
import { ConfirmDialog } from '#web/components/ui/dialog.tsx';
import { useOpenOrders } from '../api/tools-queries.ts';

/** What deleting does to the orders still open: said with the count of this moment. */
function OpenOrdersNotice({ tool }: { tool: Tool }) {
  const open = useOpenOrders(tool._id);
  if (open.isPending)
    return <p className="mt-3 text-sm text-stone-600">Checking the open orders for this tool…</p>;
  if (!open.data)
    return (
      <p className="mt-3 text-sm text-stone-700">
        We could not check the open orders for this tool. Orders that contain it keep it either way.
      </p>
    );
  const { openOrders, unpaid, paidNotShipped } = open.data;
  if (openOrders === 0)
    return <p className="mt-3 text-sm text-stone-700">No open order contains this tool.</p>;
  return (
    <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <strong>
        {formatCount(openOrders)} open {openOrders === 1 ? 'order contains' : 'orders contain'} this
        tool
      </strong>{' '}
      ({formatCount(unpaid)} unpaid, {formatCount(paidNotShipped)} paid and not yet shipped);{' '}
      {openOrders === 1 ? 'it keeps' : 'they keep'} it, and can still be paid and shipped.
    </p>
  );
}

/** "Delete this tool?" with the open orders that contain it. */
export function DeleteToolDialog({
  tool,
  onConfirm,
  onClose,
  isPending,
}: {
  tool: Tool | null;
  onConfirm: () => void;
  onClose: () => void;
  isPending: boolean;
}) {
  return (
    <ConfirmDialog
      open={tool !== null}
      title="Delete this tool?"
      message={
        tool && (
          <div aria-live="polite">
            <p>
              Do you want to delete <strong>{tool.name}</strong>? It leaves the catalogue; past
              orders keep its name and price.
            </p>
            <OpenOrdersNotice tool={tool} />
          </div>
        )
      }
      confirmLabel="Delete"
      onConfirm={onConfirm}
      onClose={onClose}
      isPending={isPending}
    />
  );
}
