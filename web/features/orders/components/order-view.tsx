import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Order } from '#contract/orders.ts';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/state.tsx';
import { isApiError } from '#web/lib/api-error.ts';
import * as paths from '#web/lib/paths.ts';

/** Where a person finds their orders: customers in My orders, admins in Manage all orders. */
const LISTS = {
  customer: { path: paths.myOrders(), name: 'My orders', link: 'Go to my orders' },
  admin: {
    path: paths.manageOrders(),
    name: 'Manage all orders',
    link: 'Go to all orders',
  },
} as const;

/** Why an order cannot be shown, when the store said so: someone else's, or no such order. */
function refusal(error: unknown, list: (typeof LISTS)[keyof typeof LISTS]) {
  if (!isApiError(error)) return null;
  if (error.code === 'forbidden') {
    return {
      title: 'This order belongs to another customer',
      text: `Only the customer who placed it and our team can see it. Your own orders are in ${list.name}.`,
    };
  }
  // A malformed id (400) is an order that cannot exist: said the same way as an unknown one.
  if (error.code === 'not_found' || error.code === 'validation_failed') {
    return {
      title: 'We could not find this order',
      text:
        list === LISTS.admin
          ? `The link may be mistyped, or the order may not exist. Every order is in ${list.name}.`
          : `The link may be mistyped, or the order may not exist. Your orders are in ${list.name}.`,
    };
  }
  return null;
}

/**
 * One order's page body in its states: loading, refused (another customer's, or not found),
 * failed (with a retry), and the order.
 */
export function OrderView({
  query,
  isAdmin = false,
  children,
}: {
  query: UseQueryResult<Order>;
  /** An admin is pointed to every order, a customer to their own. */
  isAdmin?: boolean;
  children: (order: Order) => ReactNode;
}) {
  if (query.isPending) return <LoadingState label="Loading the order…" />;
  if (query.data !== undefined) return <>{children(query.data)}</>;
  const list = isAdmin ? LISTS.admin : LISTS.customer;
  const refused = refusal(query.error, list);
  if (refused) {
    return (
      <>
        <PageHeading title={refused.title} />
        <p role="alert" className="max-w-2xl text-stone-700">
          {refused.text}
        </p>
        <Link to={list.path} className="mt-4 inline-block font-semibold text-navy-700 underline">
          {list.link}
        </Link>
      </>
    );
  }
  return (
    <>
      <PageHeading title="Order" />
      <ErrorState
        error={query.error}
        title="We could not load this order"
        onRetry={() => void query.refetch()}
      />
    </>
  );
}
