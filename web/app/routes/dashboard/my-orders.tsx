import { useId, useState } from 'react';
import { Form, Link, type MetaArgs } from 'react-router';
import { formatCount } from '#contract/format.ts';
import { ORDER_STATUSES, type Order, OrderStatusSchema } from '#contract/orders.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/dialog.tsx';
import { SelectField } from '#web/components/ui/field.tsx';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { useSignedInUser } from '#web/features/auth/api/session.ts';
import { useCancelOrder } from '#web/features/orders/api/order-mutations.ts';
import { useMyOrders } from '#web/features/orders/api/orders-queries.ts';
import { MyOrdersTable } from '#web/features/orders/components/my-orders-table.tsx';
import { errorMessage } from '#web/lib/api-error.ts';
import { formatOrderContents, orderStatusLabels } from '#web/lib/format.ts';
import { pageMeta } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';
import { useUrlList } from '#web/lib/url-list.ts';
import { useFocusTitleOnChange } from '#web/lib/use-focus-title.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'My orders', path: location.pathname, noIndex: true });

const PAGE_SIZE = 20;

export function MyOrdersPage() {
  const user = useSignedInUser();
  const { get, page, offset, submit, hrefFor, formKey, formRef, clearFilters } =
    useUrlList(PAGE_SIZE);
  // A status that is not one (typed into the address bar) is left out.
  const parsed = OrderStatusSchema.safeParse(get('status'));
  const status = parsed.success ? parsed.data : undefined;
  const orders = useMyOrders(user.email, { status, limit: PAGE_SIZE, offset });
  const cancelOrder = useCancelOrder();
  const toast = useToast();
  const [toCancel, setToCancel] = useState<Order | null>(null);
  // Cancelling takes the order's Cancel button, which had the keyboard, with it.
  const [cancelledId, setCancelledId] = useState<string | null>(null);
  const titleId = useId();
  useFocusTitleOnChange(cancelledId, titleId, toCancel !== null);

  const confirmCancel = () => {
    if (!toCancel) return;
    cancelOrder.mutate(toCancel, {
      onSuccess: () => {
        toast.success(`Your order for ${toCancel.productName} is cancelled.`);
        setCancelledId(toCancel._id);
      },
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => setToCancel(null),
    });
  };

  return (
    <>
      <PageHeading
        title="My orders"
        titleId={titleId}
        description="Pay for unpaid orders, or cancel them before payment."
      />
      {/* A plain GET form: the status lives in the URL, and works before the page's script. */}
      <Form
        method="get"
        role="search"
        aria-label="Filter my orders"
        key={formKey}
        ref={formRef}
        onSubmit={submit}
        className="mb-6 flex flex-wrap items-end gap-3"
      >
        <SelectField label="Status" name="status" defaultValue={status ?? ''}>
          <option value="">Any status</option>
          {ORDER_STATUSES.map((value) => (
            <option key={value} value={value}>
              {orderStatusLabels[value]}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary" worksWithoutScript>
          Show
        </Button>
      </Form>
      <QueryView
        query={orders}
        loadingLabel="Loading your orders…"
        errorTitle="We could not load your orders"
        isEmpty={(data) => data.orders.length === 0}
        emptyTitle={
          status ? `No ${orderStatusLabels[status].toLowerCase()} orders` : 'No orders yet'
        }
        emptyText={
          status ? (
            <Link to="?" onClick={clearFilters} className="font-semibold text-navy-700 underline">
              Show every order
            </Link>
          ) : (
            <Link to={paths.tools()} className="font-semibold text-navy-700 underline">
              Browse the catalogue
            </Link>
          )
        }
      >
        {(data) => (
          <>
            <p className="mb-3 text-sm text-stone-700" aria-live="polite">
              {formatCount(data.total)} {data.total === 1 ? 'order' : 'orders'}
              {data.total > PAGE_SIZE &&
                `; showing ${formatCount(offset + 1)} to ${formatCount(offset + data.orders.length)}`}
              .
            </p>
            <MyOrdersTable orders={data.orders} onCancel={setToCancel} />
            <Pagination
              page={page}
              pageCount={Math.ceil(data.total / PAGE_SIZE)}
              hrefFor={hrefFor}
              label="Pages of my orders"
            />
          </>
        )}
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
