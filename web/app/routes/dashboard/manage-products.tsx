import { useState } from 'react';
import type { MetaArgs } from 'react-router';
import type { Tool } from '../../../../contract/tools.ts';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useDeleteTool } from '../../../features/tools/api/tool-mutations.ts';
import { useToolList } from '../../../features/tools/api/tools-queries.ts';
import { EditToolDialog } from '../../../features/tools/components/edit-tool-dialog.tsx';
import { ProductsTable } from '../../../features/tools/components/products-table.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { pageMeta } from '../../../lib/page-meta.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Manage products', path: location.pathname, noIndex: true });

export function ManageProductsPage() {
  const tools = useToolList({ sort: 'newest' });
  const deleteTool = useDeleteTool();
  const toast = useToast();
  const [toEdit, setToEdit] = useState<Tool | null>(null);
  const [toDelete, setToDelete] = useState<Tool | null>(null);

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteTool.mutate(
      { id: toDelete._id, name: toDelete.name },
      {
        onSuccess: () => toast.success(`${toDelete.name} is deleted.`),
        onError: (error) => toast.error(errorMessage(error)),
        onSettled: () => setToDelete(null),
      },
    );
  };

  return (
    <>
      <PageHeading
        title="Manage products"
        description="Every product in the catalogue, newest first."
      />
      <QueryView
        query={tools}
        loadingLabel="Loading products…"
        errorTitle="We could not load the products"
        isEmpty={(data) => data.tools.length === 0}
        emptyTitle="No products yet"
      >
        {(data) => <ProductsTable tools={data.tools} onEdit={setToEdit} onDelete={setToDelete} />}
      </QueryView>
      <EditToolDialog
        tool={toEdit}
        onClose={() => setToEdit(null)}
        onSaved={(tool) => {
          setToEdit(null);
          toast.success(`${tool.name} is saved.`);
        }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this product?"
        message={
          toDelete && (
            <p>
              Do you want to delete <strong>{toDelete.name}</strong>? It leaves the catalogue; past
              orders keep its name and price.
            </p>
          )
        }
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
        isPending={deleteTool.isPending}
      />
    </>
  );
}

export default ManageProductsPage;
