import type { ReactNode } from 'react';
import { orderAddressText } from '#contract/addresses.ts';
import { formatDay } from '#contract/dates.ts';
import { formatMoney } from '#contract/money.ts';
import { NO_COMPANY_DETAILS, type Order } from '#contract/orders.ts';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-semibold text-stone-600">{term}</dt>
      <dd className="mt-0.5 whitespace-pre-line text-stone-900 wrap-anywhere">{children}</dd>
    </div>
  );
}

/** The parcels a shipped order travels in, each tracking number linking to the carrier's page. */
function Parcels({ order }: { order: Order }) {
  const count = order.shipments.length;
  return (
    <Detail term={count > 1 ? `Parcels (${count})` : 'Parcel'}>
      {count === 0 ? (
        'Shipped without tracking'
      ) : (
        <ul className="space-y-1" aria-label="Parcels">
          {order.shipments.map((parcel) => (
            <li key={parcel.parcel}>
              {count > 1 && `${parcel.parcel}. `}
              {parcel.carrier ?? 'Carrier not given'}
              {parcel.trackingNumber === null ? (
                ', no tracking'
              ) : parcel.trackingUrl ? (
                <>
                  {': '}
                  <a
                    href={parcel.trackingUrl}
                    target="_blank"
                    rel="noreferrer"
                    className="font-semibold text-navy-800 underline underline-offset-2 break-all"
                  >
                    {parcel.trackingNumber}
                  </a>
                </>
              ) : (
                `: ${parcel.trackingNumber}`
              )}
            </li>
          ))}
        </ul>
      )}
    </Detail>
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
          {orderAddressText(order)}
        </Detail>
        <Detail term="Phone">{order.phone}</Detail>
        {order.delivery && (
          <Detail term="Delivery method">
            {order.delivery.name}: {formatMoney(order.delivery.price, order.currency)}
            {'\n'}Promised for {formatDay(order.delivery.promisedDate)}
          </Detail>
        )}
        {order.status === 'shipped' && <Parcels order={order} />}
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
