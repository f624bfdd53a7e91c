import type { ReactNode } from 'react';
import type { Order } from '#contract/orders.ts';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-semibold text-stone-600">{term}</dt>
      <dd className="mt-0.5 whitespace-pre-line text-stone-900 wrap-anywhere">{children}</dd>
    </div>
  );
}

/** Where it goes and who buys: delivery, the buyer's references, their company when given. */
export function OrderDetails({ order }: { order: Order }) {
  const hasCompany = Boolean(order.companyName || order.vatNumber || order.billingAddress);
  return (
    <section aria-labelledby="order-details-title" className="space-y-6">
      <h2 id="order-details-title" className="text-lg font-bold text-navy-900">
        Delivery and buyer
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2">
        <Detail term="Customer">
          {order.name}
          {'\n'}
          {order.email}
        </Detail>
        <Detail term="Delivery address">{order.address}</Detail>
        <Detail term="Phone">{order.phone}</Detail>
        {order.poNumber && <Detail term="Purchase order number">{order.poNumber}</Detail>}
        {order.note && <Detail term="Note">{order.note}</Detail>}
      </dl>
      {hasCompany && (
        <div>
          <h3 className="mb-3 font-bold text-navy-900">Company</h3>
          <dl className="grid gap-4 sm:grid-cols-2">
            {order.companyName && <Detail term="Company name">{order.companyName}</Detail>}
            {order.vatNumber && <Detail term="VAT number">{order.vatNumber}</Detail>}
            {order.billingAddress && <Detail term="Billing address">{order.billingAddress}</Detail>}
          </dl>
        </div>
      )}
    </section>
  );
}
