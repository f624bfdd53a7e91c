import { useDeferredValue, useState } from 'react';
import { Form, Link, type MetaArgs } from 'react-router';
import { IdSchema } from '#contract/common.ts';
import { readsCompanyOrders } from '#contract/companies.ts';
import { formatCount } from '#contract/format.ts';
import { ORDER_STATUSES, OrderStatusSchema } from '#contract/orders.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SelectField } from '#web/components/ui/field.tsx';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { matchesOf, SearchSelect } from '#web/components/ui/search-select.tsx';
import {
  useCompanyMembers,
  useCompanyOrders,
  useMyCompany,
} from '#web/features/companies/api/companies.ts';
import { CompanyOrdersTable } from '#web/features/companies/components/company-orders-table.tsx';
import { orderStatusLabels } from '#web/lib/format.ts';
import { pageMeta } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';
import { useUrlList } from '#web/lib/url-list.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Company orders', path: location.pathname, noIndex: true });

const PAGE_SIZE = 20;
/** Members the "Placed by" filter offers at once (owners first, then by name): a search finds the others. */
const BUYER_CHOICES = 50;

export function CompanyOrdersPage() {
  const company = useMyCompany();
  const { get, page, offset, submit, hrefFor, formKey, formRef, clearFilters } =
    useUrlList(PAGE_SIZE);
  const parsed = OrderStatusSchema.safeParse(get('status'));
  const status = parsed.success ? parsed.data : undefined;
  const seesAll = company.data ? readsCompanyOrders(company.data.role) : false;
  const [memberSearch, setMemberSearch] = useState('');
  const q = useDeferredValue(memberSearch.trim());
  const choices = useCompanyMembers(
    { q: q || undefined, limit: BUYER_CHOICES, offset: 0 },
    seesAll,
  );
  // A member's id from the URL (the server keeps the filter within the company).
  const chosen = IdSchema.safeParse(get('buyer'));
  const buyer = seesAll && chosen.success ? chosen.data : undefined;
  // The member the list is filtered by stays chosen, whatever the search shows.
  const [buyerName, setBuyerName] = useState<string | undefined>();
  const named = choices.data?.members.find((member) => member.userId === buyer)?.name;
  if (named && named !== buyerName) setBuyerName(named);
  const orders = useCompanyOrders(
    { buyer, status, limit: PAGE_SIZE, offset },
    Boolean(company.data),
  );
  if (company.data === null) {
    return (
      <>
        <PageHeading title="Company orders" />
        <p className="text-stone-700">
          You are not in a company.{' '}
          <Link to={paths.company()} className="font-semibold text-navy-700 underline">
            Create one or see your invitations
          </Link>
        </p>
      </>
    );
  }
  return (
    <>
      <PageHeading
        title="Company orders"
        description={
          seesAll
            ? 'Every order of your company, with who placed it and its invoice.'
            : 'The orders you placed for your company.'
        }
      />
      <Form
        method="get"
        role="search"
        aria-label="Filter the company's orders"
        key={formKey}
        ref={formRef}
        onSubmit={submit}
        className="mb-6 flex flex-wrap items-end gap-3"
      >
        {seesAll && (
          <SearchSelect
            label="Placed by"
            searchLabel="Find a member"
            search={memberSearch}
            onSearch={setMemberSearch}
            noneLabel="Anyone"
            noun={['member', 'members']}
            searchedIn="their name or email"
            kept={buyer ? { value: buyer, label: buyerName ?? 'The member chosen' } : undefined}
            matches={matchesOf(choices, ({ members, total }) => ({
              total,
              options: members.map((member) => ({ value: member.userId, label: member.name })),
            }))}
            select={{ name: 'buyer', defaultValue: buyer ?? '' }}
          />
        )}
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
        loadingLabel="Loading the company's orders…"
        errorTitle="We could not load the company's orders"
        isEmpty={(data) => data.orders.length === 0}
        emptyTitle={status || buyer ? 'No orders match' : 'No company orders yet'}
        emptyText={
          status || buyer ? (
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
              {formatCount(data.total)} {data.total === 1 ? 'order' : 'orders'}.
            </p>
            <CompanyOrdersTable orders={data.orders} />
            <Pagination
              page={page}
              pageCount={Math.ceil(data.total / PAGE_SIZE)}
              hrefFor={hrefFor}
              label="Pages of the company's orders"
            />
          </>
        )}
      </QueryView>
    </>
  );
}

export default CompanyOrdersPage;
