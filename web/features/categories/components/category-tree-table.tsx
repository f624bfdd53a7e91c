import type { Category } from '#contract/categories.ts';
import { formatCount } from '#contract/format.ts';
import { Button } from '#web/components/ui/button.tsx';
import { type Column, DataTable } from '#web/components/ui/table.tsx';
import { ancestry } from '../api/categories-queries.ts';

const INDENT = ['', 'pl-5', 'pl-10'] as const;

/** A category's name set in by its depth, with the categories above it said in words. */
function NameCell({ tree, category }: { tree: readonly Category[]; category: Category }) {
  const above = ancestry(tree, category.slug).slice(0, -1);
  return (
    <span className={`block ${INDENT[category.depth - 1] ?? ''}`}>
      <span className="font-semibold text-navy-900">
        {category.depth > 1 && (
          <span aria-hidden="true" className="mr-1 text-stone-500">
            └
          </span>
        )}
        {category.name}
      </span>
      <span className="block text-xs font-normal text-stone-600">
        {above.length === 0 ? 'Top level' : `In ${above.map((at) => at.name).join(' › ')}`}
      </span>
    </span>
  );
}

/** The whole tree, depth first, each category with its address, its tools and its actions. */
export function CategoryTreeTable({
  tree,
  onEdit,
  onSpecs,
  onDelete,
}: {
  tree: Category[];
  onEdit: (category: Category) => void;
  onSpecs: (category: Category) => void;
  onDelete: (category: Category) => void;
}) {
  const columns: Column<Category>[] = [
    {
      header: 'Category',
      isRowHeader: true,
      cell: (category) => <NameCell tree={tree} category={category} />,
    },
    {
      header: 'Address',
      cell: (category) => (
        <code className="font-mono text-xs text-stone-700">/categories/{category.slug}</code>
      ),
    },
    {
      header: 'Tools',
      isNumeric: true,
      cell: (category) => formatCount(category.toolCount),
    },
    {
      header: 'Specifications',
      isNumeric: true,
      cell: (category) => formatCount(category.attributes.length),
    },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (category) => (
        <span className="flex w-full flex-wrap justify-end gap-2 md:flex-nowrap">
          <Button
            size="sm"
            variant="outline"
            onClick={() => onEdit(category)}
            aria-label={`Edit ${category.name}`}
          >
            Edit
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => onSpecs(category)}
            aria-label={`Specifications of ${category.name}`}
          >
            Specifications
          </Button>
          <Button
            size="sm"
            variant="danger-outline"
            onClick={() => onDelete(category)}
            aria-label={`Delete ${category.name}`}
          >
            Delete
          </Button>
        </span>
      ),
    },
  ];
  return (
    <DataTable
      caption="Categories, each followed by those below it"
      columns={columns}
      rows={tree}
      rowKey={(category) => category._id}
    />
  );
}
