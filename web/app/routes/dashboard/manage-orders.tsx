import { useId, useState } from 'react';
import { Form, Link, type MetaArgs } from 'react-router';
import { formatCount } from '#contract/format.ts';
import { ListOrdersQuerySchema, type OrderSort } from '#contract/order-lists.ts';
import { ORDER_STATUSES, type Order } from '#contract/orders.ts';
import { CompanyChoice } from '#web/components/company-choice.tsx';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { SelectField, TextField } from '#web/components/ui/field.tsx';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { type OrderListParams, useAllOrders } from '#web/features/orders/api/orders-queries.ts';
import { AllOrdersTable } from '#web/features/orders/components/all-orders-table.tsx';
import { ShipOrderDialog } from '#web/features/orders/components/ship-order-dialog.tsx';
import { apiHref } from '#web/lib/api-client.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';
import { orderStatusLabels } from '#web/lib/format.ts';
import { pageMeta } from '#web/lib/page-meta.ts';
import { filtersFromUrl, useUrlList } from '#web/lib/url-list.ts';
import { useFocusTitleOnChange } from '#web/lib/use-focus-title.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Manage all orders', path: location.pathname, noIndex: true });

const PAGE_SIZE = 50;
const FILTERS = ['q', 'status', 'company', 'from', 'to', 'sort'] as const;
const SORT_LABELS: Record<OrderSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  total_desc: 'Largest total first',
  total_asc: 'Smallest total first',
};

/** The filters and page the URL asks for, as the list query (bad values left out). */
function listFromUrl(params: URLSearchParams, offset: number) {
  const filters = filtersFromUrl(params, FILTERS, ListOrdersQuerySchema);
  const { valid } = filters;
  const list: OrderListParams = {
    q: valid('q'),
    status: valid('status') as OrderListParams['status'],
    company: valid('company'),
    from: valid('from'),
    to: valid('to'),
    sort: (valid('sort') as OrderSort | undefined) ?? 'newest',
    limit: PAGE_SIZE,
    offset,
  };
  return { ...filters, list };
}

/** The CSV of every order these filters find, in their order (the page is left out). */
function exportHref({ q, status, company, from, to, sort }: OrderListParams): string {
  return apiHref(apiRoutes.orders.exportAll, {
    query: { q, status, company, from, to, sort: sort === 'newest' ? undefined : sort },
  });
}

export function ManageOrdersPage() {
  const { params, page, offset, submit, hrefFor, formKey, formRef, clearFilters } = useUrlList(
    PAGE_SIZE,
    {
      sort: 'newest',
    },
  );
  const { typed, problems, list, isFiltered } = listFromUrl(params, offset);
  const orders = useAllOrders(list);
  const chosenCompany = typed.company;
  // Its name as its orders carry it, when the search does not show it.
  const chosenOrder = orders.data?.orders.find((order) => order.companyId === chosenCompany);
  const toast = useToast();
  const [shipping, setShipping] = useState<Order | null>(null);
  // Shipping takes the order's Ship button away (and its row, from a list of paid orders).
  const [shippedId, setShippedId] = useState<string | null>(null);
  const titleId = useId();
  useFocusTitleOnChange(shippedId, titleId, shipping !== null);

  return (
    <>
      <PageHeading
        title="Manage all orders"
        titleId={titleId}
        description="Find orders by number, customer, email or tool, by status and the days they were placed. Ship paid orders once they leave the warehouse."
      />
      {/* A plain GET form: the filters live in the URL, and work before the page's script. */}
      <Form
        method="get"
        role="search"
        aria-label="Find orders"
        key={formKey}
        ref={formRef}
        onSubmit={submit}
        // Two columns from a common phone's width (status beside sort, from beside until), so the
        // filters take half its height; one below that, where two would cut the dates short.
        className="mb-6 grid gap-x-3 gap-y-4 min-[360px]:grid-cols-2 sm:gap-x-4 lg:grid-cols-3 [&>*]:min-w-0"
      >
        <TextField
          className="min-[360px]:col-span-2 lg:col-span-1"
          label="Find an order"
          name="q"
          defaultValue={typed.q ?? ''}
          placeholder="TY-10042, a name, an email or a tool"
          hint="An order or invoice number, or part of a customer's name, their email or a tool on the order."
          error={
            problems.has('q')
              ? 'Enter an order number such as TY-10042, or at least 3 characters of a name, an email or a tool.'
              : undefined
          }
          autoComplete="off"
          spellCheck={false}
        />
        <SelectField label="Status" name="status" defaultValue={typed.status ?? ''}>
          <option value="">Any status</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {orderStatusLabels[status]}
            </option>
          ))}
        </SelectField>
        <CompanyChoice
          noneLabel="Any company"
          // The company the list is filtered by stays chosen, whatever the search shows.
          kept={
            chosenCompany
              ? {
                  value: chosenCompany,
                  label: chosenOrder?.companyName ?? 'The company chosen',
                }
              : undefined
          }
          select={{ name: 'company', defaultValue: chosenCompany ?? '' }}
        />
        <SelectField label="Sort" name="sort" defaultValue={typed.sort ?? 'newest'}>
          {Object.entries(SORT_LABELS).map(([sort, label]) => (
            <option key={sort} value={sort}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Placed from"
          name="from"
          type="date"
          defaultValue={typed.from ?? ''}
          error={problems.get('from')}
        />
        <TextField
          label="Placed until"
          name="to"
          type="date"
          defaultValue={typed.to ?? ''}
          error={problems.get('to')}
        />
        <div className="flex flex-wrap items-end gap-3 min-[360px]:col-span-2 lg:col-span-1">
          <Button type="submit" variant="secondary" worksWithoutScript>
            Find
          </Button>
          {isFiltered && (
            <Link
              to="?"
              onClick={clearFilters}
              className="py-2 text-sm font-semibold text-navy-700 underline"
            >
              Show every order
            </Link>
          )}
        </div>
      </Form>
      <QueryView
        query={orders}
        loadingLabel="Loading orders…"
        errorTitle="We could not load the orders"
        isEmpty={(data) => data.orders.length === 0}
        emptyTitle={isFiltered ? 'No order matches these filters' : 'No orders yet'}
      >
        {(data) => (
          <>
            <div className="mb-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
              <p className="text-sm text-stone-700" aria-live="polite">
                {formatCount(data.total)} {data.total === 1 ? 'order' : 'orders'}
                {data.total > PAGE_SIZE &&
                  `; showing ${formatCount(list.offset + 1)} to ${formatCount(list.offset + data.orders.length)}`}
                .
              </p>
              <a href={exportHref(list)} download className={buttonClasses({ variant: 'outline' })}>
                Export CSV
                <span className="sr-only">
                  {' '}
                  of {data.total === 1 ? 'this order' : `these ${formatCount(data.total)} orders`}
                </span>
              </a>
            </div>
            <AllOrdersTable
              orders={data.orders}
              caption={`Orders, ${SORT_LABELS[list.sort].toLowerCase()}`}
              onShip={setShipping}
            />
            <Pagination
              page={page}
              pageCount={Math.ceil(data.total / PAGE_SIZE)}
              hrefFor={hrefFor}
              label="Pages of orders"
            />
          </>
        )}
      </QueryView>
      <ShipOrderDialog
        order={shipping}
        onClose={() => setShipping(null)}
        onShipped={(order) => {
          setShipping(null);
          setShippedId(order._id);
          toast.success(`Order ${order.number} for ${order.name} is marked shipped.`);
        }}
      />
    </>
  );
}

export default ManageOrdersPage;
