import { Link, useParams } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { usePaymentOrder } from '../../../features/orders/api/orders-queries.ts';
import { PaymentSummary } from '../../../features/orders/components/payment-summary.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';

export function PaymentPage() {
  usePageTitle('Payment');
  const { id = '' } = useParams();
  const payment = usePaymentOrder(id);
  return (
    <>
      <PageHeading title="Payment" description="Check your order, then pay by card." />
      <QueryView
        query={payment}
        loadingLabel="Loading your order…"
        errorTitle="We could not load this order"
      >
        {(order) => (
          <div className="grid max-w-4xl gap-6 lg:grid-cols-2 lg:items-start">
            <PaymentSummary order={order} />
            <section
              aria-labelledby="card-payment-title"
              className="rounded-xl border-2 border-dashed border-navy-200 bg-navy-50 p-6"
            >
              <h2 id="card-payment-title" className="text-lg font-bold text-navy-900">
                Card payment
              </h2>
              {order.status === 'unpaid' ? (
                <>
                  <p className="mt-2 inline-flex rounded-full bg-orange-100 px-3 py-1 text-xs font-bold tracking-wide text-orange-900 uppercase">
                    Coming soon
                  </p>
                  <p className="mt-3 text-sm text-stone-700">
                    Paying by card online is coming in the next release of the store. Your order
                    stays reserved until then; our sales team can also send you an invoice.
                  </p>
                </>
              ) : (
                <p className="mt-3 text-sm text-stone-700">
                  {order.status === 'cancelled'
                    ? 'This order was cancelled, so there is nothing to pay.'
                    : 'This order is paid. Thank you!'}
                </p>
              )}
              <Link
                to="/dashboard/myorder"
                className="mt-4 inline-block text-sm font-semibold text-navy-700 underline"
              >
                Back to my orders
              </Link>
            </section>
          </div>
        )}
      </QueryView>
    </>
  );
}
