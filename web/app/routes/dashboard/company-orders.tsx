import { Form, Link, type MetaArgs } from 'react-router';
import { IdSchema } from '#contract/common.ts';
import { formatCount } from '#contract/format.ts';
import { ORDER_STATUSES, OrderStatusSchema } from '#contract/orders.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SelectField } from '#web/components/ui/field.tsx';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import {
  useCompanyMembers,
  useCompanyOrders,
  useMyCompany,
} from '#web/features/companies/api/companies.ts';
import { CompanyOrdersTable } from '#web/features/companies/components/company-orders-table.tsx';
import { orderStatusLabels } from '#web/lib/format.ts';
import { pageMeta } from '#web/lib/page-meta.ts';
import { paths } from '#web/lib/paths.ts';
import { useUrlList } from '#web/lib/url-list.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Company orders', path: location.pathname, noIndex: true });

const PAGE_SIZE = 20;
/** Members the "Placed by" filter offers: owners first, then by name. */
const BUYER_CHOICES = 100;

export function CompanyOrdersPage() {
  const company = useMyCompany();
  const { params, get, page, offset, submit, hrefFor } = useUrlList(PAGE_SIZE);
  const parsed = OrderStatusSchema.safeParse(get('status'));
  const status = parsed.success ? parsed.data : undefined;
  const seesAll = company.data ? company.data.role !== 'buyer' : false;
  const choices = useCompanyMembers({ limit: BUYER_CHOICES, offset: 0 }, seesAll);
  const members = choices.data?.members ?? [];
  const moreMembers = (choices.data?.total ?? 0) - members.length;
  // A member's id from the URL (the server keeps the filter within the company).
  const chosen = IdSchema.safeParse(get('buyer'));
  const buyer = seesAll && chosen.success ? chosen.data : undefined;
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
        key={params.toString()}
        onSubmit={submit}
        className="mb-6 flex flex-wrap items-end gap-3"
      >
        {seesAll && (
          <SelectField
            label="Placed by"
            name="buyer"
            defaultValue={buyer ?? ''}
            hint={
              moreMembers > 0
                ? `The first ${members.length} members are listed; ${moreMembers} more are not.`
                : undefined
            }
            error={choices.isError ? 'The members could not be loaded.' : undefined}
          >
            <option value="">Anyone</option>
            {members.map((member) => (
              <option key={member.userId} value={member.userId}>
                {member.name}
              </option>
            ))}
          </SelectField>
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
            <Link to="?" className="font-semibold text-navy-700 underline">
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
