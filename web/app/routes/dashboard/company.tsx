import { useId, useState } from 'react';
import { Link, type MetaArgs, useNavigate } from 'react-router';
import type { MyCompany } from '#contract/company-details.ts';
import { formatMoney } from '#contract/money.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/dialog.tsx';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { useSignedInUser } from '#web/features/auth/api/session.ts';
import { useLeaveCompany, useMyCompany } from '#web/features/companies/api/companies.ts';
import {
  CompanyDetailsForm,
  CreateCompanyForm,
} from '#web/features/companies/components/company-forms.tsx';
import { InvitationsList, InviteForm } from '#web/features/companies/components/invitations.tsx';
import { MembersTable } from '#web/features/companies/components/members-table.tsx';
import {
  ROLE_HINTS,
  ROLE_LABELS,
  roleWithArticle,
} from '#web/features/companies/components/role-labels.ts';
import { errorMessage } from '#web/lib/api-error.ts';
import { pageMeta } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';
import { useCurrency } from '#web/lib/store-config.ts';
import { useFocusTitleOnChange } from '#web/lib/use-focus-title.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Company', path: location.pathname, noIndex: true });

const panel = 'rounded-xl border border-stone-200 bg-white p-6 shadow-sm';

export function CompanyPage() {
  const company = useMyCompany();
  const toast = useToast();
  const titleId = useId();
  // Creating the company takes away its form, and the button that had focus with it.
  const [isCreated, setCreated] = useState(false);
  useFocusTitleOnChange(isCreated && company.data ? company.data._id : null, titleId);
  return (
    <>
      <PageHeading
        title="Company"
        titleId={titleId}
        description="Buy together: share orders and a budget, with roles and limits for each member."
      />
      <QueryView
        query={company}
        loadingLabel="Loading your company…"
        errorTitle="We could not load your company"
      >
        {(data) =>
          data ? (
            <CompanyScreen company={data} titleId={titleId} />
          ) : (
            <section aria-labelledby="create-company-title" className={`${panel} max-w-3xl`}>
              <h2 id="create-company-title" className="mb-2 text-lg font-bold text-navy-900">
                Create a company
              </h2>
              <p className="mb-5 text-sm text-stone-700">
                You become its owner and can invite buyers, approvers and viewers. Invited? Open the
                link in the invitation email instead.
              </p>
              <CreateCompanyForm
                onCreated={() => {
                  setCreated(true);
                  toast.success('Your company is created.');
                }}
              />
            </section>
          )
        }
      </QueryView>
    </>
  );
}

/** `titleId` names the page's title, where focus goes when a row goes with the button it had. */
function CompanyScreen({ company, titleId }: { company: MyCompany; titleId: string }) {
  const user = useSignedInUser();
  const currency = useCurrency();
  const toast = useToast();
  const isOwner = company.role === 'owner';
  return (
    <div className="grid gap-8">
      <section aria-labelledby="company-title" className={panel}>
        <div className="mb-4 flex flex-wrap items-center gap-3">
          <h2 id="company-title" className="text-xl font-bold text-navy-900">
            {company.name}
          </h2>
          <Badge tone="brand">{ROLE_LABELS[company.role]}</Badge>
        </div>
        <p className="mb-4 text-sm text-stone-700">
          You are {roleWithArticle(company.role)}: {ROLE_HINTS[company.role].toLowerCase()}{' '}
          <Link to={paths.companyOrders()} className="font-semibold text-navy-700 underline">
            See the company's orders
          </Link>
        </p>
        {isOwner ? (
          <CompanyDetailsForm
            company={company}
            onSaved={() => toast.success('The company details are saved.')}
          />
        ) : (
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <Fact label="VAT or tax number" value={company.vatNumber ?? 'None given'} />
            <Fact
              label="Monthly budget"
              value={
                company.monthlyLimit === null
                  ? 'No budget'
                  : formatMoney(company.monthlyLimit, currency)
              }
            />
            <Fact label="Billing address" value={company.billingAddress ?? 'None given'} />
          </dl>
        )}
      </section>
      <section aria-labelledby="members-title">
        <h2 id="members-title" className="mb-3 text-lg font-bold text-navy-900">
          Members
        </h2>
        <MembersTable company={company} myId={user.id} titleId={titleId} />
      </section>
      {isOwner && (
        <section aria-labelledby="invite-title" className={panel}>
          <h2 id="invite-title" className="mb-2 text-lg font-bold text-navy-900">
            Invite someone
          </h2>
          <p className="mb-4 text-sm text-stone-700">
            They get an email with a link that works for 14 days, and join once they accept.
          </p>
          <InviteForm />
          <h3 className="mt-6 mb-3 font-bold text-navy-900">Open invitations</h3>
          <InvitationsList titleId={titleId} />
        </section>
      )}
      <LeaveCompany company={company} />
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="font-semibold text-stone-800">{label}</dt>
      <dd className="whitespace-pre-line text-stone-700">{value}</dd>
    </div>
  );
}

function LeaveCompany({ company }: { company: MyCompany }) {
  const leave = useLeaveCompany();
  const toast = useToast();
  const navigate = useNavigate();
  const [isAsking, setIsAsking] = useState(false);
  return (
    <section aria-labelledby="leave-title">
      <h2 id="leave-title" className="mb-2 text-lg font-bold text-navy-900">
        Leave the company
      </h2>
      <p className="mb-3 text-sm text-stone-700">
        You then buy on your own again. The orders you placed stay the company's.
        {company.role === 'owner' && ' The last owner must make someone else owner first.'}
      </p>
      {/* Not the company's name: a button's label does not wrap, and a name can be long. */}
      <Button variant="danger-outline" onClick={() => setIsAsking(true)}>
        Leave this company
      </Button>
      <ConfirmDialog
        open={isAsking}
        title="Leave the company?"
        message={<p>You leave {company.name} at once. Only an invitation brings you back.</p>}
        confirmLabel="Leave company"
        isPending={leave.isPending}
        onClose={() => setIsAsking(false)}
        onConfirm={() =>
          leave.mutate(undefined, {
            onSuccess: () => {
              toast.success(`You left ${company.name}.`);
              void navigate(paths.company());
            },
            onError: (error) => toast.error(errorMessage(error)),
            onSettled: () => setIsAsking(false),
          })
        }
      />
    </section>
  );
}

export default CompanyPage;
