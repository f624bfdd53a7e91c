import { useState } from 'react';
import type { MetaArgs } from 'react-router';
import type { DeliveryMethod } from '#contract/delivery-methods.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/dialog.tsx';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import {
  useDeleteDeliveryMethod,
  useDeliveryMethods,
} from '#web/features/shipping/api/delivery-methods.ts';
import { DeliveryMethodForm } from '#web/features/shipping/components/delivery-method-form.tsx';
import { DeliveryMethodsTable } from '#web/features/shipping/components/delivery-methods-table.tsx';
import { errorMessage } from '#web/lib/api-error.ts';
import { pageMeta } from '#web/lib/page-meta.ts';
import { useFocusTitleOnChange } from '#web/lib/use-focus-title.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Delivery methods', path: location.pathname, noIndex: true });

const TITLE_ID = 'delivery-methods-title';

/** The admin's delivery methods: where each delivers, what it costs, how long it takes. */
export function DeliveryMethodsPage() {
  const methods = useDeliveryMethods();
  const remove = useDeleteDeliveryMethod();
  const toast = useToast();
  // null: the list; { method: null }: adding one; { method }: changing it.
  const [editing, setEditing] = useState<{ method: DeliveryMethod | null } | null>(null);
  const [deleting, setDeleting] = useState<DeliveryMethod | null>(null);
  // Back on the list from the form, or with the deleted method's row gone, the button that had
  // the keyboard is gone too: the list's title takes it instead of the page's start.
  const [backs, setBacks] = useState(0);
  useFocusTitleOnChange(backs, TITLE_ID, editing !== null || deleting !== null);
  const backToList = () => {
    setEditing(null);
    setBacks((count) => count + 1);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () =>
        toast.success(`${deleting.name} is deleted: buyers are no longer offered it.`),
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => {
        setDeleting(null);
        setBacks((count) => count + 1);
      },
    });
  };

  if (editing)
    return (
      <>
        <PageHeading
          title={editing.method ? `Change ${editing.method.name}` : 'Add a delivery method'}
          description="Buyers whose address is in one of its countries are offered it, priced for their order."
        />
        <DeliveryMethodForm
          method={editing.method}
          onCancel={backToList}
          onSaved={(saved) => {
            toast.success(`${saved.name} is saved.`);
            backToList();
          }}
        />
      </>
    );

  return (
    <>
      <PageHeading
        title="Delivery methods"
        titleId={TITLE_ID}
        description="How orders travel: the countries each method serves, its price by weight or value, when it is free, and the working days it takes after its daily cut-off."
      />
      <div className="mb-6">
        <Button variant="secondary" onClick={() => setEditing({ method: null })}>
          Add a delivery method
        </Button>
      </div>
      <QueryView
        query={methods}
        loadingLabel="Loading the delivery methods…"
        errorTitle="We could not load the delivery methods"
      >
        {(data) =>
          data.length === 0 ? (
            <p className="text-stone-700">No delivery methods yet: buyers are offered none.</p>
          ) : (
            <DeliveryMethodsTable
              methods={data}
              onEdit={(method) => setEditing({ method })}
              onDelete={setDeleting}
            />
          )
        }
      </QueryView>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this delivery method?"
        message={
          <p>
            Buyers are no longer offered {deleting?.name}; orders placed with it keep their
            delivery. To stop offering it for a while, edit it and untick “Offered to buyers”
            instead.
          </p>
        }
        confirmLabel="Delete method"
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        isPending={remove.isPending}
      />
    </>
  );
}

export default DeliveryMethodsPage;
