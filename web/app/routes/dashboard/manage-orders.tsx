import { useState } from 'react';
import { Form, Link, type MetaArgs, useSearchParams } from 'react-router';
import { type Order, OrderSearchQuerySchema } from '../../../../contract/orders.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useAllOrders } from '../../../features/orders/api/orders-queries.ts';
import { AllOrdersTable } from '../../../features/orders/components/all-orders-table.tsx';
import { ShipOrderDialog } from '../../../features/orders/components/ship-order-dialog.tsx';
import { pageMeta } from '../../../lib/page-meta.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Manage all orders', path: location.pathname, noIndex: true });

export function ManageOrdersPage() {
  const [params] = useSearchParams();
  const typed = params.get('q')?.trim() ?? '';
  const search = OrderSearchQuerySchema.safeParse({ q: typed });
  const q = search.success ? typed : '';
  const orders = useAllOrders(q);
  const toast = useToast();
  const [shipping, setShipping] = useState<Order | null>(null);

  return (
    <>
      <PageHeading
        title="Manage all orders"
        description="Every order, newest first. Ship paid orders once they leave the warehouse."
      />
      {/* A plain GET form: the search lives in the URL, and works before the page's script. */}
      <Form method="get" role="search" className="mb-6 flex flex-wrap items-end gap-3">
        <TextField
          label="Find an order"
          name="q"
          defaultValue={typed}
          key={typed}
          placeholder="TY-10042 or INV-000042"
          hint="An order number or an invoice number."
          error={
            search.success
              ? undefined
              : 'Enter an order number such as TY-10042 or an invoice number such as INV-000042.'
          }
          className="w-full max-w-xs"
          autoComplete="off"
          spellCheck={false}
        />
        <Button type="submit" variant="secondary" worksWithoutScript>
          Find
        </Button>
        {typed && (
          <Link to="?" className="py-2 text-sm font-semibold text-navy-700 underline">
            Show every order
          </Link>
        )}
      </Form>
      <QueryView
        query={orders}
        loadingLabel="Loading orders…"
        errorTitle="We could not load the orders"
        isEmpty={(data) => data.length === 0}
        emptyTitle={q ? `No order has the number ${q}` : 'No orders yet'}
      >
        {(data) => <AllOrdersTable orders={data} onShip={setShipping} />}
      </QueryView>
      <ShipOrderDialog
        order={shipping}
        onClose={() => setShipping(null)}
        onShipped={(order) => {
          setShipping(null);
          toast.success(`Order ${order.number} for ${order.name} is marked shipped.`);
        }}
      />
    </>
  );
}

export default ManageOrdersPage;
