import { useState } from 'react';
import type { MetaArgs } from 'react-router';
import { Link } from 'react-router';
import type { Order } from '../../../../contract/orders.ts';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSignedInUser } from '../../../features/auth/api/session.ts';
import { useCancelOrder } from '../../../features/orders/api/order-mutations.ts';
import { useMyOrders } from '../../../features/orders/api/orders-queries.ts';
import { MyOrdersTable } from '../../../features/orders/components/my-orders-table.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatOrderContents } from '../../../lib/format.ts';
import { pageMeta } from '../../../lib/page-meta.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'My orders', path: location.pathname, noIndex: true });

export function MyOrdersPage() {
  const user = useSignedInUser();
  const orders = useMyOrders(user.email);
  const cancelOrder = useCancelOrder();
  const toast = useToast();
  const [toCancel, setToCancel] = useState<Order | null>(null);

  const confirmCancel = () => {
    if (!toCancel) return;
    cancelOrder.mutate(toCancel, {
      onSuccess: () => toast.success(`Your order for ${toCancel.productName} is cancelled.`),
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => setToCancel(null),
    });
  };

  return (
    <>
      <PageHeading
        title="My orders"
        description="Pay for unpaid orders, or cancel them before payment."
      />
      <QueryView
        query={orders}
        loadingLabel="Loading your orders…"
        errorTitle="We could not load your orders"
        isEmpty={(data) => data.length === 0}
        emptyTitle="No orders yet"
        emptyText={
          <Link to="/tools" className="font-semibold text-navy-700 underline">
            Browse the catalogue
          </Link>
        }
      >
        {(data) => <MyOrdersTable orders={data} onCancel={setToCancel} />}
      </QueryView>
      <ConfirmDialog
        open={toCancel !== null}
        title="Cancel this order?"
        message={
          toCancel && (
            <p>
              Do you want to cancel your order for{' '}
              <strong>
                {toCancel.number}: {formatOrderContents(toCancel)}
              </strong>
              ? The units go back into stock.
            </p>
          )
        }
        confirmLabel="Cancel order"
        onConfirm={confirmCancel}
        onClose={() => setToCancel(null)}
        isPending={cancelOrder.isPending}
      />
    </>
  );
}

export default MyOrdersPage;
