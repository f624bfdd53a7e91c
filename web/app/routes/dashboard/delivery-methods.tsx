import { useState } from 'react';
import type { MetaArgs } from 'react-router';
import type { DeliveryMethod } from '#contract/delivery-methods.ts';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import {
  useDeleteDeliveryMethod,
  useDeliveryMethods,
} from '#web/features/shipping/api/delivery-methods.ts';
import { DeliveryMethodForm } from '#web/features/shipping/components/delivery-method-form.tsx';
import { DeliveryMethodsTable } from '#web/features/shipping/components/delivery-methods-table.tsx';
import { pageMeta } from '#web/lib/page-meta.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Delivery methods', path: location.pathname, noIndex: true });

/** The admin's delivery methods: where each delivers, what it costs, how long it takes. */
export function DeliveryMethodsPage() {
  const methods = useDeliveryMethods();
  const remove = useDeleteDeliveryMethod();
  const toast = useToast();
  // null: the list; { method: null }: adding one; { method }: changing it.
  const [editing, setEditing] = useState<{ method: DeliveryMethod | null } | null>(null);

  if (editing)
    return (
      <>
        <PageHeading
          title={editing.method ? `Change ${editing.method.name}` : 'Add a delivery method'}
          description="Buyers whose address is in one of its countries are offered it, priced for their order."
        />
        <DeliveryMethodForm
          method={editing.method}
          onCancel={() => setEditing(null)}
          onSaved={(saved) => {
            toast.success(`${saved.name} is saved.`);
            setEditing(null);
          }}
        />
      </>
    );

  return (
    <>
      <PageHeading
        title="Delivery methods"
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
              onDelete={(method) =>
                remove.mutate(method._id, {
                  onSuccess: () => toast.success(`${method.name} is deleted.`),
                  onError: () => toast.error(`${method.name} could not be deleted. Try again.`),
                })
              }
            />
          )
        }
      </QueryView>
    </>
  );
}

export default DeliveryMethodsPage;
