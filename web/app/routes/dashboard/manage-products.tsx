import { useId, useState } from 'react';
import { Link, type MetaArgs } from 'react-router';
import { formatCount, formatUnits } from '#contract/format.ts';
import { ManageToolsQuerySchema } from '#contract/tool-lists.ts';
import type { Tool } from '#contract/tools.ts';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { useCategories } from '#web/features/categories/api/categories-queries.ts';
import { useDeleteTool } from '#web/features/tools/api/tool-mutations.ts';
import {
  type ManagedToolListParams,
  useManagedTools,
} from '#web/features/tools/api/tools-queries.ts';
import { DeleteToolDialog } from '#web/features/tools/components/delete-tool-dialog.tsx';
import { EditToolDialog } from '#web/features/tools/components/edit-tool-dialog.tsx';
import {
  PRODUCT_SORT_LABELS,
  ProductFilters,
} from '#web/features/tools/components/product-filters.tsx';
import { ProductsTable } from '#web/features/tools/components/products-table.tsx';
import { errorMessage } from '#web/lib/api-error.ts';
import { pageMeta } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';
import { filtersFromUrl, useUrlList } from '#web/lib/url-list.ts';
import { useFocusTitleOnChange } from '#web/lib/use-focus-title.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Manage tools', path: location.pathname, noIndex: true });

const PAGE_SIZE = 50;
const FILTERS = ['q', 'lowStock', 'below', 'sort'] as const;

/** The filters and page the URL asks for, as the list query (bad values left out). */
function listFromUrl(params: URLSearchParams, offset: number) {
  const filters = filtersFromUrl(params, FILTERS, ManageToolsQuerySchema);
  const { valid } = filters;
  const below = valid('below');
  const list: ManagedToolListParams = {
    q: valid('q'),
    lowStock: valid('lowStock') === 'true' ? 'true' : undefined,
    below: below === undefined ? undefined : Number(below),
    sort: (valid('sort') as ManagedToolListParams['sort'] | undefined) ?? 'newest',
    limit: PAGE_SIZE,
    offset,
  };
  return { ...filters, list };
}

/** What the stock filter keeps, for the count's sentence. */
function stockFilterText(list: ManagedToolListParams, total: number): string {
  if (list.below !== undefined) return ` with fewer than ${formatUnits(list.below)}`;
  if (list.lowStock) return ` below ${total === 1 ? 'its' : 'their'} minimum order`;
  return '';
}

export function ManageProductsPage() {
  const { params, page, offset, submit, hrefFor, formKey } = useUrlList(PAGE_SIZE, {
    sort: 'newest',
  });
  const { typed, problems, list, isFiltered } = listFromUrl(params, offset);
  const tools = useManagedTools(list);
  const deleteTool = useDeleteTool();
  const toast = useToast();
  const categories = useCategories();
  const [toEdit, setToEdit] = useState<Tool | null>(null);
  const [toDelete, setToDelete] = useState<Tool | null>(null);
  // Deleting takes the tool's row, and the button that had the keyboard, with it.
  const [deletedId, setDeletedId] = useState<string | null>(null);
  const titleId = useId();
  useFocusTitleOnChange(deletedId, titleId, toDelete !== null);
  const confirmDelete = () => {
    if (!toDelete) return;
    deleteTool.mutate(
      { id: toDelete._id, name: toDelete.name },
      {
        onSuccess: () => {
          setDeletedId(toDelete._id);
          toast.success(`${toDelete.name} is deleted.`);
        },
        onError: (error) => toast.error(errorMessage(error)),
        onSettled: () => setToDelete(null),
      },
    );
  };

  return (
    <>
      <PageHeading
        title="Manage tools"
        titleId={titleId}
        description={
          <>
            Find tools by name, description or id, and the ones running low. Edit any field, set the
            stock or restock, or{' '}
            <Link to={paths.addProduct()} className="font-semibold text-navy-700 underline">
              add a tool
            </Link>
            .
          </>
        }
      />
      <ProductFilters
        key={formKey}
        typed={typed}
        problems={problems}
        isFiltered={isFiltered}
        onSubmit={submit}
      />
      <QueryView
        query={tools}
        loadingLabel="Loading tools…"
        errorTitle="We could not load the tools"
        isEmpty={(data) => data.tools.length === 0}
        emptyTitle={isFiltered ? 'No tool matches these filters' : 'No tools yet'}
      >
        {(data) => (
          <>
            <p className="mb-3 text-sm text-stone-700" aria-live="polite">
              {formatCount(data.total)} {data.total === 1 ? 'tool' : 'tools'}
              {stockFilterText(list, data.total)}
              {data.total > PAGE_SIZE &&
                `; showing ${formatCount(list.offset + 1)} to ${formatCount(list.offset + data.tools.length)}`}
              .
            </p>
            <ProductsTable
              tools={data.tools}
              caption={`Tools, ${PRODUCT_SORT_LABELS[list.sort].toLowerCase()}`}
              lowBelow={list.below}
              onEdit={setToEdit}
              onDelete={setToDelete}
            />
            <Pagination
              page={page}
              pageCount={Math.ceil(data.total / PAGE_SIZE)}
              hrefFor={hrefFor}
              label="Pages of tools"
            />
          </>
        )}
      </QueryView>
      <EditToolDialog
        categories={categories.data ?? []}
        tool={toEdit}
        onClose={() => setToEdit(null)}
        onSaved={(tool) => {
          setToEdit(null);
          toast.success(`${tool.name} is saved.`);
        }}
      />
      <DeleteToolDialog
        tool={toDelete}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
        isPending={deleteTool.isPending}
      />
    </>
  );
}

export default ManageProductsPage;
