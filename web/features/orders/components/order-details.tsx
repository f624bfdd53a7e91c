import type { ReactNode } from 'react';
import { NO_COMPANY_DETAILS, type Order } from '#contract/orders.ts';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-semibold text-stone-600">{term}</dt>
      <dd className="mt-0.5 whitespace-pre-line text-stone-900 wrap-anywhere">{children}</dd>
    </div>
  );
}

/**
 * Where it goes and who buys: delivery, the buyer's references, and their company as given when
 * the order was placed (an order placed before the profile had them says so).
 */
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
        <Detail term="Delivery address">
          {order.deliveryAddress && `${order.deliveryAddress.label} (from the address book)\n`}
          {order.address}
        </Detail>
        <Detail term="Phone">{order.phone}</Detail>
        {order.poNumber && <Detail term="Purchase order number">{order.poNumber}</Detail>}
        {order.note && <Detail term="Note">{order.note}</Detail>}
      </dl>
      <div>
        <h3 className="font-bold text-navy-900">Company</h3>
        <p className="mt-1 mb-3 text-sm text-stone-600">
          As the buyer's profile had them when the order was placed.
        </p>
        <dl className="grid gap-4 sm:grid-cols-2">
          {hasCompany ? (
            <>
              {order.companyName && <Detail term="Company name">{order.companyName}</Detail>}
              {order.vatNumber && <Detail term="VAT number">{order.vatNumber}</Detail>}
              {order.billingAddress && (
                <Detail term="Billing address">{order.billingAddress}</Detail>
              )}
            </>
          ) : (
            <Detail term="Company details">{NO_COMPANY_DETAILS}</Detail>
          )}
        </dl>
      </div>
    </section>
  );
}
