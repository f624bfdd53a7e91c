import { useId, useState } from 'react';
import type { MetaArgs } from 'react-router';
import { Link, useParams } from 'react-router';
import { decidesApprovals } from '#contract/companies.ts';
import { formatMoney } from '#contract/money.ts';
import type { Order } from '#contract/orders.ts';
import { OrderStatusBadge } from '#web/components/order-status-badge.tsx';
import { Breadcrumbs } from '#web/components/ui/breadcrumbs.tsx';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/dialog.tsx';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { useSignedInUser } from '#web/features/auth/api/session.ts';
import { BuyAgainButton } from '#web/features/cart/components/buy-again-button.tsx';
import { useMyCompany } from '#web/features/companies/api/companies.ts';
import { useApproveOrder, useCancelOrder } from '#web/features/orders/api/order-mutations.ts';
import { useOrder } from '#web/features/orders/api/orders-queries.ts';
import { OrderApproval } from '#web/features/orders/components/order-approval.tsx';
import { OrderCreditNotes } from '#web/features/orders/components/order-credit-notes.tsx';
import { OrderDetails } from '#web/features/orders/components/order-details.tsx';
import { OrderLines } from '#web/features/orders/components/order-lines.tsx';
import { OrderPayment } from '#web/features/orders/components/order-payment.tsx';
import {
  OrderTimeline,
  type OrderViewer,
} from '#web/features/orders/components/order-timeline.tsx';
import { OrderView } from '#web/features/orders/components/order-view.tsx';
import { RefundOrderDialog } from '#web/features/orders/components/refund-order-dialog.tsx';
import { RejectOrderDialog } from '#web/features/orders/components/reject-order-dialog.tsx';
import { ShipOrderDialog } from '#web/features/orders/components/ship-order-dialog.tsx';
import { UnansweredRefunds } from '#web/features/orders/components/unanswered-refunds.tsx';
import { isPlacedBy } from '#web/features/orders/utils/order-reader.ts';
import { SaveToListButton } from '#web/features/saved-lists/components/save-to-list.tsx';
import { OrderAccountPanel } from '#web/features/terms/components/order-account-panel.tsx';
import { errorMessage } from '#web/lib/api-error.ts';
import { pageMeta } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';
import { useFocusTitleOnChange } from '#web/lib/use-focus-title.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Order', path: location.pathname, noIndex: true });

/** One order, for the customer who placed it and for admins (the store decides who may see it). */
export function OrderPage() {
  const { id = '' } = useParams();
  const user = useSignedInUser();
  const order = useOrder(id);
  usePageTitle(order.data ? `Order ${order.data.number}` : 'Order');
  const isPlacer = !order.data || isPlacedBy(order.data, user);
  const viewer: OrderViewer = !isPlacer && user.role === 'Admin' ? 'admin' : 'owner';
  // Someone else's order the store lets a customer read: their company's (an owner, approver or
  // viewer reads it; paying, cancelling and buying again stay with whoever placed it).
  const isCompanyReader = !isPlacer && viewer !== 'admin';
  // Only the company's owner and approvers decide on a waiting order; a viewer reads it.
  const company = useMyCompany();
  const role = isCompanyReader ? company.data?.role : undefined;
  const canDecide = role !== undefined && decidesApprovals(role);
  const back =
    viewer === 'admin'
      ? { label: 'Manage all orders', to: paths.manageOrders() }
      : isCompanyReader
        ? { label: 'Company orders', to: paths.companyOrders() }
        : { label: 'My orders', to: paths.myOrders() };

  return (
    <>
      <Breadcrumbs trail={[back, { label: order.data ? `Order ${order.data.number}` : 'Order' }]} />
      <OrderView query={order} isAdmin={user.role === 'Admin'}>
        {(data) => (
          <OrderBody
            order={data}
            viewer={viewer}
            isPlacer={isPlacer}
            isReadOnly={isCompanyReader}
            canDecide={canDecide}
          />
        )}
      </OrderView>
    </>
  );
}

function OrderBody({
  order,
  viewer,
  isPlacer,
  isReadOnly,
  canDecide,
}: {
  order: Order;
  viewer: OrderViewer;
  /** The reader placed this order (a company's approver reads a buyer's). */
  isPlacer: boolean;
  /** Someone else's order of the reader's company: paying, cancelling and buying again stay with its buyer. */
  isReadOnly: boolean;
  /** The reader is an owner or approver of the order's company (and did not place it). */
  canDecide: boolean;
}) {
  const cancelOrder = useCancelOrder();
  const approveOrder = useApproveOrder();
  const toast = useToast();
  const [isConfirming, setIsConfirming] = useState(false);
  const [dialog, setDialog] = useState<'ship' | 'refund' | 'reject' | null>(null);
  const isOwner = viewer === 'owner' && !isReadOnly;
  const isAdmin = viewer === 'admin';
  const canRefund =
    (order.status === 'paid' || order.status === 'shipped' || order.status === 'on_account') &&
    order.refundedAmount < order.totalAmount;

  // Approving, rejecting, cancelling or shipping takes away the button that did it.
  const titleId = useId();
  useFocusTitleOnChange(order.status, titleId, dialog !== null || isConfirming);

  const approve = () => {
    approveOrder.mutate(order, {
      onSuccess: (approved) =>
        toast.success(`Order ${approved.number} is approved; ${approved.name} is emailed to pay.`),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  // As in My orders: confirm, cancel, say so; the order is read again with every other order.
  const confirmCancel = () => {
    cancelOrder.mutate(order, {
      onSuccess: () => toast.success(`Order ${order.number} is cancelled.`),
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => setIsConfirming(false),
    });
  };

  return (
    <>
      <PageHeading
        title={`Order ${order.number}`}
        titleId={titleId}
        description={<OrderStatusBadge status={order.status} />}
        actions={
          isOwner ? (
            <div className="flex flex-wrap items-start gap-3">
              <SaveToListButton
                what="this order"
                source={() => ({ from: 'order', orderId: order._id })}
              />
              <BuyAgainButton
                lines={order.lines.map(({ toolId, quantity, productName }) => ({
                  toolId,
                  quantity,
                  productName,
                }))}
                state={{
                  deliverTo: {
                    deliveryAddress: order.deliveryAddress,
                    address: order.address,
                    phone: order.phone,
                    country: order.deliveryCountry,
                    postcode: order.deliveryPostcode,
                    methodId: order.delivery?.methodId ?? null,
                  },
                }}
              />
            </div>
          ) : (
            isAdmin && (
              <div className="flex flex-wrap gap-3">
                {(order.status === 'paid' || order.status === 'on_account') && (
                  <Button variant="secondary" onClick={() => setDialog('ship')}>
                    Ship order
                  </Button>
                )}
                {order.status === 'shipped' && (
                  <Button variant="outline" onClick={() => setDialog('ship')}>
                    Change parcels
                  </Button>
                )}
                {canRefund && (
                  <Button variant="outline" onClick={() => setDialog('refund')}>
                    Refund
                  </Button>
                )}
              </div>
            )
          )
        }
      />
      <div className="space-y-8">
        <OrderApproval
          order={order}
          reader={isPlacer ? 'buyer' : canDecide ? 'approver' : 'viewer'}
          actions={
            isPlacer ? (
              <Button variant="danger-outline" onClick={() => setIsConfirming(true)}>
                Cancel order
              </Button>
            ) : (
              canDecide && (
                <>
                  <Button onClick={approve} isPending={approveOrder.isPending}>
                    Approve order
                  </Button>
                  <Button variant="danger-outline" onClick={() => setDialog('reject')}>
                    Reject order
                  </Button>
                </>
              )
            )
          }
        />
        <OrderPayment
          order={order}
          actions={
            <>
              {isOwner && (
                <Link to={paths.payment(order._id)} className={buttonClasses()}>
                  Pay now
                </Link>
              )}
              {!isReadOnly && (
                <Button variant="danger-outline" onClick={() => setIsConfirming(true)}>
                  Cancel order
                </Button>
              )}
            </>
          }
        />
        <OrderAccountPanel
          order={order}
          isAdmin={isAdmin}
          actions={
            order.status === 'on_account' &&
            (isAdmin || (isPlacer && !isReadOnly)) && (
              <Button variant="danger-outline" onClick={() => setIsConfirming(true)}>
                Cancel order
              </Button>
            )
          }
        />
        <OrderCreditNotes order={order} />
        {isAdmin && <UnansweredRefunds order={order} />}
        <OrderLines order={order} />
        <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
          <OrderDetails order={order} />
          <OrderTimeline order={order} viewer={viewer} />
        </div>
      </div>
      <ConfirmDialog
        open={isConfirming}
        title="Cancel this order?"
        message={
          <p>
            Do you want to cancel order <strong>{order.number}</strong> ({order.productName})? The
            units go back into stock
            {order.status === 'on_account' &&
              ', and its invoice is cancelled: nothing is owed for it'}
            .
          </p>
        }
        confirmLabel="Cancel order"
        onConfirm={confirmCancel}
        onClose={() => setIsConfirming(false)}
        isPending={cancelOrder.isPending}
      />
      <ShipOrderDialog
        order={dialog === 'ship' ? order : null}
        onClose={() => setDialog(null)}
        onShipped={(shipped) => {
          setDialog(null);
          toast.success(
            order.status === 'shipped'
              ? `The parcels of order ${shipped.number} are saved; ${shipped.name} is emailed them.`
              : `Order ${shipped.number} is marked shipped; ${shipped.name} is emailed.`,
          );
        }}
      />
      <RejectOrderDialog
        order={dialog === 'reject' ? order : null}
        onClose={() => setDialog(null)}
        onRejected={(rejected) => {
          setDialog(null);
          toast.success(`Order ${rejected.number} is rejected; ${rejected.name} is emailed why.`);
        }}
      />
      <RefundOrderDialog
        order={dialog === 'refund' ? order : null}
        onClose={() => setDialog(null)}
        onNoted={(noted) => {
          setDialog(null);
          toast.success(refundOutcome(noted));
        }}
      />
    </>
  );
}

/** What the admin's refund came to, in a sentence: done, or on its way back. */
function refundOutcome(order: Order): string {
  const latest = order.refunds.at(-1);
  const amount = latest ? formatMoney(latest.amount, order.currency) : '';
  const inAll = `${formatMoney(order.refundedAmount, order.currency)} of ${formatMoney(order.totalAmount, order.currency)} refunded in all`;
  return latest?.status === 'pending'
    ? `The refund of ${amount} on order ${order.number} is on its way: the payment provider confirms it shortly (${inAll}).`
    : `${amount} is refunded on order ${order.number} (${inAll}).`;
}

export default OrderPage;
