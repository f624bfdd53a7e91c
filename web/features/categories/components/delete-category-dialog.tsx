import type { Category } from '#contract/categories.ts';
import { formatCount } from '#contract/format.ts';
import { ConfirmDialog } from '#web/components/ui/dialog.tsx';
import { errorMessage } from '#web/lib/api-error.ts';
import { childrenOf } from '../api/categories-queries.ts';

/** What the category still holds, from the tree on screen: the server has the last word. */
function heldSentence(tree: readonly Category[], category: Category): string | null {
  const children = childrenOf(tree, category._id).length;
  const parts = [
    category.toolCount > 0
      ? `${formatCount(category.toolCount)} ${category.toolCount === 1 ? 'tool' : 'tools'}`
      : '',
    children > 0
      ? `${formatCount(children)} ${children === 1 ? 'sub-category' : 'sub-categories'}`
      : '',
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return `${category.name} holds ${parts.join(' and ')}: move them to another category first, then delete it.`;
}

/** "Delete this category?", saying first when it still holds tools or sub-categories. */
export function DeleteCategoryDialog({
  tree,
  category,
  error,
  isPending,
  onConfirm,
  onClose,
}: {
  tree: readonly Category[];
  category: Category | null;
  error: unknown;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const held = category && heldSentence(tree, category);
  return (
    <ConfirmDialog
      open={category !== null}
      title="Delete this category?"
      message={
        category && (
          <div aria-live="polite">
            <p>
              Do you want to delete <strong>{category.name}</strong>? Its page (/categories/
              {category.slug}) goes too.
            </p>
            {(held || error !== null) && (
              <p
                role="alert"
                className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
              >
                {error !== null ? errorMessage(error) : held}
              </p>
            )}
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
