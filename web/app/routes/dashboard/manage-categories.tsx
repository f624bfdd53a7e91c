import { useId, useState } from 'react';
import type { MetaArgs } from 'react-router';
import type { Category } from '#contract/categories.ts';
import { formatCount } from '#contract/format.ts';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { useCategories } from '#web/features/categories/api/categories-queries.ts';
import { useDeleteCategory } from '#web/features/categories/api/category-mutations.ts';
import {
  type CategoryEdit,
  CategoryFormDialog,
} from '#web/features/categories/components/category-form-dialog.tsx';
import { CategorySpecsDialog } from '#web/features/categories/components/category-specs-dialog.tsx';
import { CategoryTreeTable } from '#web/features/categories/components/category-tree-table.tsx';
import { DeleteCategoryDialog } from '#web/features/categories/components/delete-category-dialog.tsx';
import { pageMeta } from '#web/lib/page-meta.ts';
import { useFocusTitleOnChange } from '#web/lib/use-focus-title.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Manage categories', path: location.pathname, noIndex: true });

export function ManageCategoriesPage() {
  const categories = useCategories();
  const remove = useDeleteCategory();
  const toast = useToast();
  const [edit, setEdit] = useState<CategoryEdit | null>(null);
  const [toDelete, setToDelete] = useState<Category | null>(null);
  // Deleting takes the category's row, and the button that had the keyboard, with it.
  const [deletedId, setDeletedId] = useState<string | null>(null);
  const titleId = useId();
  useFocusTitleOnChange(deletedId, titleId, toDelete !== null);
  const [specsOf, setSpecsOf] = useState<string | null>(null);
  const tree = categories.data ?? [];

  const closeDelete = () => {
    setToDelete(null);
    remove.reset();
  };
  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(
      { id: toDelete._id },
      {
        onSuccess: () => {
          toast.success(`${toDelete.name} is deleted.`);
          setDeletedId(toDelete._id);
          setToDelete(null);
        },
      },
    );
  };

  return (
    <>
      <PageHeading
        title="Manage categories"
        titleId={titleId}
        description="The catalogue’s tree, up to three levels deep. Add a category, rename it, move it under another one (everything below it moves too), give it specifications its tools fill in, or delete an empty one."
      />
      <div className="mb-6">
        <Button variant="secondary" onClick={() => setEdit({ category: null })}>
          Add a category
        </Button>
      </div>
      <QueryView
        query={categories}
        loadingLabel="Loading categories…"
        errorTitle="We could not load the categories"
        isEmpty={(data) => data.length === 0}
        emptyTitle="No categories yet"
        emptyText="Add the first one: tools can then be put in it from their form."
      >
        {(data) => (
          <>
            <p className="mb-3 text-sm text-stone-700" aria-live="polite">
              {formatCount(data.length)} {data.length === 1 ? 'category' : 'categories'}.
            </p>
            <CategoryTreeTable
              tree={data}
              onEdit={(category) => setEdit({ category })}
              onSpecs={(category) => setSpecsOf(category._id)}
              onDelete={setToDelete}
            />
          </>
        )}
      </QueryView>
      <CategoryFormDialog
        tree={tree}
        edit={edit}
        onClose={() => setEdit(null)}
        onSaved={(category, isNew) => {
          setEdit(null);
          toast.success(isNew ? `${category.name} is added.` : `${category.name} is saved.`);
        }}
      />
      <CategorySpecsDialog tree={tree} categoryId={specsOf} onClose={() => setSpecsOf(null)} />
      <DeleteCategoryDialog
        tree={tree}
        category={toDelete}
        error={remove.error}
        isPending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={closeDelete}
      />
    </>
  );
}

export default ManageCategoriesPage;
