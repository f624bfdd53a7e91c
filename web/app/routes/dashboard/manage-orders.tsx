import { useState } from 'react';
import type { MetaArgs } from 'react-router';
import type { Order } from '../../../../contract/orders.ts';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useShipOrder } from '../../../features/orders/api/order-mutations.ts';
import { useAllOrders } from '../../../features/orders/api/orders-queries.ts';
import { AllOrdersTable } from '../../../features/orders/components/all-orders-table.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { pageMeta } from '../../../lib/page-meta.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Manage all orders', path: location.pathname, noIndex: true });

export function ManageOrdersPage() {
  const orders = useAllOrders();
  const shipOrder = useShipOrder();
  const toast = useToast();
  const [shippingId, setShippingId] = useState<string | null>(null);

  const ship = (order: Order) => {
    setShippingId(order._id);
    shipOrder.mutate(order, {
      onSuccess: () => toast.success(`${order.productName} for ${order.name} is marked shipped.`),
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => setShippingId(null),
    });
  };

  return (
    <>
      <PageHeading
        title="Manage all orders"
        description="Every order, newest first. Ship paid orders once they leave the warehouse."
      />
      <QueryView
        query={orders}
        loadingLabel="Loading orders…"
        errorTitle="We could not load the orders"
        isEmpty={(data) => data.length === 0}
        emptyTitle="No orders yet"
      >
        {(data) => <AllOrdersTable orders={data} onShip={ship} shippingId={shippingId} />}
      </QueryView>
    </>
  );
}

export default ManageOrdersPage;
